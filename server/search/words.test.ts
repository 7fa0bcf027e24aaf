import { describe, expect, it } from "vitest";
import { fieldWords, queryWords, typoBudget } from "./words.ts";

// How text becomes the search index's words (the index's matching: search-index.test.ts).

describe("words", () => {
  it("fold case and accents, join apostrophes, and give a compound's parts and its joined form", () => {
    expect(queryWords("  Résumé  KID'S e-Book ")).toEqual(["resume", "kids", "ebook"]);
    expect(fieldWords("Kid's E-Book").map(({ word, position }) => `${word}@${position}`)).toEqual([
      "kids@0",
      "e@1",
      "book@2",
      "ebook@1",
    ]);
  });

  it("allow no typo below 5 letters, one from 5, two from 9, none in numbers", () => {
    expect([typoBudget("boho"), typoBudget("plann"), typoBudget("minimalist"), typoBudget("20266")]).toEqual([
      0, 1, 2, 0,
    ]);
  });
});
