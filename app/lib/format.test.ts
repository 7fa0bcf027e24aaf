import { describe, expect, it } from "vitest";
import { countOf, discountPercent, formatCount, formatDuration, formatFileSize, formatPrice } from "./format";

describe("formatPrice", () => {
  it("shows cents as dollars with two decimals", () => {
    expect(formatPrice(2999)).toBe("$29.99");
    expect(formatPrice(1750)).toBe("$17.50");
    expect(formatPrice(0)).toBe("$0.00");
    expect(formatPrice(123456)).toBe("$1,234.56");
  });
});

describe("discountPercent (SPEC section 5)", () => {
  it("is the rounded percent of (original - price) / original", () => {
    expect(discountPercent(2999, 3999)).toBe(25);
    expect(discountPercent(1599, 2499)).toBe(36);
    expect(discountPercent(999, 1999)).toBe(50);
  });
  it("is 0 without a higher original price", () => {
    expect(discountPercent(2999, null)).toBe(0);
    expect(discountPercent(2999, 2999)).toBe(0);
    expect(discountPercent(2999, 1000)).toBe(0);
  });
});

describe("formatFileSize", () => {
  it("uses the largest sensible unit", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(2_500_000)).toBe("2.5 MB");
    expect(formatFileSize(45_000_000)).toBe("45 MB");
    expect(formatFileSize(1_200_000_000)).toBe("1.2 GB");
  });
});

describe("formatCount and formatDuration", () => {
  it("abbreviates large counts", () => {
    expect(formatCount(950)).toBe("950");
    expect(formatCount(12_500)).toBe("12.5K");
  });
  it("shows minutes as hours and minutes", () => {
    expect(formatDuration(45)).toBe("45m");
    expect(formatDuration(120)).toBe("2h");
    expect(formatDuration(150)).toBe("2h 30m");
  });
});

describe("countOf (SPEC: counts read right in English)", () => {
  it.each([
    [0, "0 reviews"],
    [1, "1 review"],
    [2, "2 reviews"],
    [1234, "1,234 reviews"],
  ])("%s -> %s", (value, text) => {
    expect(countOf(value, "review", "reviews")).toBe(text);
  });

  it("agrees with a compact number too", () => {
    expect(countOf(1, "follower", "followers", formatCount)).toBe("1 follower");
    expect(countOf(12_500, "follower", "followers", formatCount)).toBe("12.5K followers");
  });
});
