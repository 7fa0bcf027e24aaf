import { describe, expect, it } from "vitest";
import { CURRENCIES } from "./currencies.ts";
import { formatPrice } from "./format.ts";
import { formatMoney } from "./money-format.ts";

// Prices in the shopper's currency: the shop's own exactly as formatPrice writes it (the spec's
// texts), every other as Intl writes it in en-US with the currency's own digits.

const samples = [0, 1, 5, 99, 100, 2799, 2999, 123_456, 99_999_999, -1, -2999];

describe("formatMoney", () => {
  it.each(samples)("writes %i US cents byte for byte as formatPrice", (cents) => {
    expect(formatMoney(cents, "USD")).toBe(formatPrice(cents));
  });

  it("writes each currency with its symbol and digits", () => {
    expect(formatMoney(2799, "EUR")).toBe("€27.99");
    expect(formatMoney(2399, "GBP")).toBe("£23.99");
    expect(formatMoney(4099, "CAD")).toBe("CA$40.99");
    expect(formatMoney(4499, "AUD")).toBe("A$44.99");
    expect(formatMoney(4800, "JPY")).toBe("¥4,800");
    expect(formatMoney(123_456, "EUR")).toBe("€1,234.56");
  });

  it.each(CURRENCIES.flatMap((currency) => samples.map((amount) => [currency.code, amount] as const)))(
    "writes %s %i as Intl does in en-US",
    (code, amount) => {
      const digits = CURRENCIES.find((currency) => currency.code === code)!.minorDigits;
      expect(formatMoney(amount, code)).toBe(
        new Intl.NumberFormat("en-US", { style: "currency", currency: code }).format(amount / 10 ** digits),
      );
    },
  );

  it("refuses a currency the shop does not know", () => {
    expect(() => formatMoney(100, "XYZ")).toThrow(RangeError);
  });
});
