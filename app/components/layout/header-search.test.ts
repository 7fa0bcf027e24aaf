import { describe, expect, it } from "vitest";
import { cycle } from "./header-search";

describe("moving through the header search's options", () => {
  it("goes down and up through the options and back to the text box past either end", () => {
    expect(cycle(-1, 1, 3)).toBe(0);
    expect(cycle(2, 1, 3)).toBe(-1);
    expect(cycle(-1, -1, 3)).toBe(2);
    expect(cycle(0, -1, 3)).toBe(-1);
    expect(cycle(-1, 1, 0)).toBe(-1);
  });
});
