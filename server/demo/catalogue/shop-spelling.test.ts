import { describe, expect, it } from "vitest";
import { PROFILES } from "./generated-products/kinds.ts";
import { sampleProducts } from "./sample-catalogue.ts";

// The shop spells license as its License page does, in the products' own texts too.

describe("the catalogue's texts", () => {
  it("spell license, never licence", () => {
    const texts = JSON.stringify([sampleProducts, PROFILES]);
    expect(texts).toMatch(/use license/);
    expect(texts.match(/licence/gi) ?? []).toEqual([]);
  });
});
