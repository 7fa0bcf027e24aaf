import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRICE_ENDING_MARGINS } from "./currencies.ts";
import { convertAmount, convertPrice, crossRate, parseRate, rateText, settlementValue } from "./exchange-rate.ts";

// Rates as exact decimals, prices converted with deliberate endings, and payments converted back
// (docs/decisions/059). The ECB's rates of 28 June 2024 per euro: USD 1.0705, GBP 0.84638, JPY
// 171.94, CAD 1.4670, AUD 1.6079, CHF 0.9634, SEK 11.3595.

const toEur = { from: "USD", to: "EUR", rate: "0.9341429239" };

describe("rates as text", () => {
  it("reads plain positive decimals exactly, and writes them without trailing zeros", () => {
    expect(parseRate("0.84638")).toEqual({ units: 84638n, scale: 5 });
    expect(parseRate("395.10")).toEqual({ units: 3951n, scale: 1 });
    expect(parseRate("17487.21")).toEqual({ units: 1748721n, scale: 2 });
    expect(parseRate(" 1 ")).toEqual({ units: 1n, scale: 0 });
    expect(rateText("4.3090")).toBe("4.309");
    expect(rateText("1.000")).toBe("1");
    expect(rateText("0.0500")).toBe("0.05");
  });

  it.each(["0", "0.000", "-1.2", "1e3", "1,07", ".5", "5.", "abc", "", "1.2.3", "Infinity", "0x10", "1234567890123"])(
    "refuses %j",
    (text) => {
      expect(parseRate(text)).toBeUndefined();
    },
  );
});

describe("cross rates through the euro", () => {
  it.each([
    ["EUR", "1", "0.9341429239"],
    ["GBP", "0.84638", "0.7906398879"],
    ["JPY", "171.94", "160.6165343"],
    ["CAD", "1.4670", "1.370387669"],
    ["SEK", "11.3595", "10.61139654"],
  ])("USD to %s is the euro's %s over its 1.0705 dollars, to 10 significant digits", (_code, perEuro, rate) => {
    expect(crossRate(perEuro, "1.0705")).toBe(rate);
  });

  it("rounds the tenth digit half up and drops trailing zeros", () => {
    // 2 / 3 = 0.66666666666...: the tenth significant digit rounds up.
    expect(crossRate("2", "3")).toBe("0.6666666667");
    // 1 / 8 = 0.125 exactly: nothing to round, no zeros after it.
    expect(crossRate("1", "8")).toBe("0.125");
    expect(crossRate("1.0705", "1.0705")).toBe("1");
    // Large and small: 17487.21 / 0.84638 and its inverse.
    expect(crossRate("17487.21", "0.84638")).toBe("20661.18056");
    expect(crossRate("0.84638", "17487.21")).toBe("0.00004839994487");
  });
});

describe("converting a price with a deliberate ending", () => {
  it.each([
    // 29.99 USD at the sample rates: exact amount -> the price.
    ["EUR", "0.9341429239", 2799], // 28.01 -> 27.99 (0.1% below)
    ["GBP", "0.7906398879", 2399], // 23.71 -> 23.99
    ["CAD", "1.370387669", 4099], // 41.10 -> 40.99, nearer than 41.99
    ["AUD", "1.502008407", 4499], // 45.05 -> 44.99
    ["CHF", "0.8999532929", 2690], // 26.99 -> 26.90 (Swiss prices end in .90)
    ["SEK", "10.61139654", 31900], // 318.24 kr -> 319 kr
    ["JPY", "160.6165343", 4800], // ¥4,816.89 -> ¥4,800 (yen have no minor unit)
  ])("29.99 USD in %s at %s is %i", (to, rate, price) => {
    expect(convertPrice(2999, { from: "USD", to, rate })).toBe(price);
  });

  it("falls back to finer endings where a coarse one would be too far from the exact amount", () => {
    const atPar = { from: "USD", to: "EUR", rate: "1" };
    expect(convertPrice(2760, atPar)).toBe(2799); // 27.60: 27.99 is 1.4% above
    expect(convertPrice(920, atPar)).toBe(919); // 9.20: 9.99 is 8.6% above, 9.49 3.2%: 9.19
    expect(convertPrice(537, atPar)).toBe(549); // 5.37: 5.49, on the half-unit step
    expect(convertPrice(101, atPar)).toBe(101); // 1.01: no ending within 1% below, 3% above
    expect(convertPrice(37, atPar)).toBe(37);
  });

  it("takes the higher of two endings equally near the exact amount", () => {
    // 5.24 EUR exactly: 5.19 and 5.29 are both within the margins, each 0.05 away.
    expect(convertPrice(524, { from: "USD", to: "EUR", rate: "1" })).toBe(529);
    // ¥555 exactly: ¥550 and ¥560.
    expect(convertPrice(555, { from: "USD", to: "JPY", rate: "100" })).toBe(560);
  });

  it("rounds to the minor unit half up where no ending fits, and never makes a paid price free", () => {
    expect(convertPrice(25, { from: "USD", to: "EUR", rate: "0.5" })).toBe(13); // 12.5 cents
    expect(convertPrice(23, { from: "USD", to: "EUR", rate: "0.5" })).toBe(12); // 11.5 cents
    expect(convertPrice(1, { from: "USD", to: "EUR", rate: "0.3" })).toBe(1); // 0.3 cents
    expect(convertPrice(1, { from: "USD", to: "JPY", rate: "160.6165343" })).toBe(2); // ¥1.61
    expect(convertPrice(1, { from: "USD", to: "JPY", rate: "1" })).toBe(1); // ¥0.01
  });

  it("leaves 0 and the same currency as they are, and refuses a negative price or a bad rate", () => {
    expect(convertPrice(0, toEur)).toBe(0);
    expect(convertPrice(2999, { from: "USD", to: "USD", rate: "1" })).toBe(2999);
    expect(() => convertPrice(-1, toEur)).toThrow(RangeError);
    expect(() => convertPrice(10.5, toEur)).toThrow(RangeError);
    expect(() => convertPrice(100, { ...toEur, rate: "0" })).toThrow(RangeError);
    expect(() => convertPrice(100, { ...toEur, to: "XYZ" })).toThrow(RangeError);
  });

  it("is never more than 1% below or 3% above the exact amount, but for amounts too small for an ending", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom("EUR", "GBP", "CAD", "AUD", "JPY", "CHF", "SEK", "NOK", "DKK", "PLN", "NZD"),
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 0, max: 8 }),
        (price, to, units, scale) => {
          const digits = String(units).padStart(scale + 1, "0");
          const rate = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
          const converted = convertPrice(price, { from: "USD", to, rate });
          const minorDigits = to === "JPY" ? 0 : 2;
          // The exact amount, as a fraction numerator / denominator of minor units.
          const numerator = BigInt(price) * BigInt(units) * 10n ** BigInt(minorDigits);
          const denominator = 10n ** BigInt(scale + 2);
          const scaled = BigInt(converted) * denominator * 10_000n;
          const withinMargins =
            scaled >= numerator * BigInt(10_000 - PRICE_ENDING_MARGINS.below) &&
            scaled <= numerator * BigInt(10_000 + PRICE_ENDING_MARGINS.above);
          // Otherwise: the exact amount to the minor unit (within half of one), or 1 for less.
          const gap = BigInt(converted) * denominator - numerator;
          const rounded = 2n * (gap < 0n ? -gap : gap) <= denominator || (converted === 1 && numerator < denominator);
          expect(withinMargins || rounded).toBe(true);
          expect(convertPrice(price, { from: "USD", to, rate })).toBe(converted);
        },
      ),
    );
  });
});

describe("amounts converted without an ending, and payments worth in the settlement currency", () => {
  it("converts to the minor unit, half away from zero", () => {
    expect(convertAmount(25, { from: "USD", to: "EUR", rate: "0.5" })).toBe(13);
    expect(convertAmount(-25, { from: "USD", to: "EUR", rate: "0.5" })).toBe(-13);
    expect(convertAmount(2999, toEur)).toBe(2801);
    expect(convertAmount(2999, { from: "USD", to: "JPY", rate: "160.6165343" })).toBe(4817);
    expect(convertAmount(-5, { from: "USD", to: "USD", rate: "1" })).toBe(-5);
  });

  it("divides a payment by the rate its order used, half up", () => {
    // 27.99 EUR at 0.9341429239 EUR per USD: 29.9633... USD.
    expect(settlementValue(2799, toEur)).toBe(2996);
    // ¥4,800 at 160.6165343 yen per USD: 29.8848... USD.
    expect(settlementValue(4800, { from: "USD", to: "JPY", rate: "160.6165343" })).toBe(2988);
    // 1 cent at 2 per dollar is half a cent: up.
    expect(settlementValue(1, { from: "USD", to: "EUR", rate: "2" })).toBe(1);
    expect(settlementValue(3, { from: "USD", to: "EUR", rate: "2" })).toBe(2);
    expect(settlementValue(4200, { from: "USD", to: "USD", rate: "1" })).toBe(4200);
  });

  it("gives back the price it came from, to within a cent, at any rate the feed could give", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 99_999_999 }), (cents, units) => {
        const conversion = {
          from: "USD",
          to: "EUR",
          rate: rateText(
            String(units)
              .padStart(7, "0")
              .replace(/(\d{6})$/, ".$1"),
          ),
        };
        const paid = convertAmount(cents, conversion);
        // Rounding the converted amount loses at most half a cent of EUR: back in USD, a little
        // more at rates below 1 (a cent of EUR is then more than a cent of USD).
        const slack = Math.ceil(0.5 / (units / 1e6)) + 1;
        expect(Math.abs(settlementValue(paid, conversion) - cents)).toBeLessThanOrEqual(slack);
      }),
    );
  });
});
