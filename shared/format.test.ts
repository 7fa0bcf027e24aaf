import { describe, expect, it } from "vitest";
import {
  countOf,
  discountPercent,
  formatCount,
  formatDateTimeUtc,
  formatDayUtc,
  formatDecimal,
  formatDuration,
  formatFileSize,
  formatPrice,
  formatWhole,
  nounFor,
} from "./format.ts";

describe("formatPrice", () => {
  it("shows cents as dollars with two decimals", () => {
    expect(formatPrice(2999)).toBe("$29.99");
    expect(formatPrice(1750)).toBe("$17.50");
    expect(formatPrice(0)).toBe("$0.00");
    expect(formatPrice(123456)).toBe("$1,234.56");
  });
});

describe("formatDecimal", () => {
  it("shows cents as a plain decimal a spreadsheet reads as a number, exact to the cent", () => {
    expect(formatDecimal(2999)).toBe("29.99");
    expect(formatDecimal(-1400)).toBe("-14.00");
    expect(formatDecimal(-5)).toBe("-0.05");
    expect(formatDecimal(0)).toBe("0.00");
    expect(formatDecimal(123456789)).toBe("1234567.89");
    expect(formatDecimal(-0)).toBe("0.00");
  });
});

describe("discountPercent", () => {
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

describe("countOf (counts read right in English)", () => {
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

// The formatters are written out, not Intl's (a browser's first Intl formatter is slow to make):
// they must say exactly what Intl says for en-US.
describe("the formatters write what Intl writes", () => {
  const samples = [
    0, 1, 2, 9, 10, 99, 100, 949, 950, 999, 1000, 1049, 1050, 1149, 1150, 1250, 1999, 9999, 12_345, 99_949, 99_950,
    123_456, 999_499, 999_500, 999_949, 999_950, 999_999, 1_000_000, 1_234_567, 15_249_999, 999_950_000, 1_234_567_890,
    2_500_000_000_000, -1, -1234, -999_950,
  ];
  it.each(samples)("%s", (value) => {
    expect(formatWhole(value)).toBe(value.toLocaleString("en-US"));
    expect(formatPrice(value)).toBe(
      new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(value / 100),
    );
    expect(formatCount(value)).toBe(
      new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }).format(value),
    );
    expect(nounFor(value, "one", "other")).toBe(new Intl.PluralRules("en-US").select(value));
  });

  it.each([
    "2026-01-01T00:00:00Z",
    "2026-11-22T13:05:00Z",
    "2026-12-31T23:59:59Z",
    "2024-02-29T12:00:00Z",
    "2027-07-04T00:30:00Z",
    "2026-06-15",
  ])("%s", (iso) => {
    expect(formatDayUtc(iso)).toBe(
      new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso)),
    );
    expect(formatDateTimeUtc(iso)).toBe(
      `${new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso))} UTC`,
    );
  });
});
