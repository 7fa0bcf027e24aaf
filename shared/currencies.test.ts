import { describe, expect, it } from "vitest";
import data from "./currencies.json" with { type: "json" };
import {
  CURRENCIES,
  chosenCurrency,
  currencyOf,
  DEFAULT_SHOP_CURRENCIES,
  isKnownCurrency,
  SETTLEMENT_CURRENCY,
} from "./currencies.ts";

// The currencies as data (shared/currencies.json): each with the minor unit ISO 4217 gives it.

describe("the currencies the shop knows", () => {
  it("are the six the shop sells in by default and a few more, each once, the settlement currency among them", () => {
    const codes = CURRENCIES.map((currency) => currency.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expect.arrayContaining([...DEFAULT_SHOP_CURRENCIES]));
    expect(DEFAULT_SHOP_CURRENCIES).toEqual(["USD", "EUR", "GBP", "CAD", "AUD", "JPY"]);
    expect(SETTLEMENT_CURRENCY).toBe("USD");
    expect(isKnownCurrency("USD")).toBe(true);
  });

  it.each(CURRENCIES.map((currency) => [currency.code, currency.minorDigits] as const))(
    "%s has %i digits after the point, as in the ICU data Node ships",
    (code, digits) => {
      expect(new Intl.NumberFormat("en-US", { style: "currency", currency: code }).resolvedOptions()).toMatchObject({
        maximumFractionDigits: digits,
      });
    },
  );

  it("has zero-decimal yen and two-decimal cents", () => {
    expect(currencyOf("JPY").minorDigits).toBe(0);
    expect(currencyOf("EUR").minorDigits).toBe(2);
  });

  it("has ladders of endings from coarse to fine, each below its step", () => {
    for (const currency of CURRENCIES) {
      expect(currency.endings.length).toBeGreaterThan(0);
      const steps = currency.endings.map((ending) => ending.every);
      expect(steps).toEqual([...steps].sort((a, b) => b - a));
      for (const { every, less } of currency.endings) {
        expect(Number.isInteger(every) && every > 0).toBe(true);
        expect(Number.isInteger(less) && less >= 0 && less < every).toBe(true);
      }
    }
    expect(data.priceEndings.belowAtMostBasisPoints).toBe(100);
    expect(data.priceEndings.aboveAtMostBasisPoints).toBe(300);
  });

  it("refuses a code it does not know", () => {
    expect(isKnownCurrency("XYZ")).toBe(false);
    expect(isKnownCurrency("eur")).toBe(false);
    expect(() => currencyOf("XYZ")).toThrow('Unknown currency "XYZ"');
  });
});

describe("a shopper's remembered currency", () => {
  const sold = ["USD", "EUR", "JPY"];
  it("is the one chosen when the shop sells in it, in any case", () => {
    expect(chosenCurrency("EUR", sold)).toBe("EUR");
    expect(chosenCurrency(" jpy ", sold)).toBe("JPY");
  });

  it("is the settlement currency for none, one the shop does not sell in, or nonsense", () => {
    expect(chosenCurrency(undefined, sold)).toBe("USD");
    expect(chosenCurrency("", sold)).toBe("USD");
    expect(chosenCurrency("GBP", sold)).toBe("USD");
    expect(chosenCurrency("<script>", sold)).toBe("USD");
  });
});
