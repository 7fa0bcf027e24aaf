import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convertPrice } from "../../shared/exchange-rate.ts";
import { settlementOfPayment } from "./settlement.ts";

// A payment in the buyer's currency as the ledger keeps it: its worth in dollars at the order's
// rate, shared out over the lines by largest remainder.

describe("a payment in the buyer's currency, in the settlement currency", () => {
  it("is the total divided by the rate once, shared over the lines so that they add up to it", () => {
    const rate = "0.9341429239"; // EUR per USD
    // Three lines of 29.99, 15.99 and 19.99 USD, as a buyer in euros paid them.
    const linesEur = [2999, 1599, 1999].map((cents) => convertPrice(cents, { from: "USD", to: "EUR", rate }));
    expect(linesEur).toEqual([2799, 1499, 1899]);
    const paid = linesEur.reduce((sum, line) => sum + line, 0); // 61.97 EUR
    const { totalMinor, linesMinor } = settlementOfPayment({
      paidMinor: paid,
      currency: "EUR",
      rate,
      linesMinor: linesEur,
    });
    // 6197 / 0.9341429239 = 6633.89...
    expect(totalMinor).toBe(6634);
    expect(linesMinor).toEqual([2996, 1605, 2033]);
    expect(linesMinor.reduce((sum, line) => sum + line, 0)).toBe(totalMinor);
  });

  it("in yen, which have no minor unit, comes to whole cents", () => {
    const { totalMinor, linesMinor } = settlementOfPayment({
      paidMinor: 4800,
      currency: "JPY",
      rate: "160.6165343",
      linesMinor: [4800],
    });
    expect(totalMinor).toBe(2988);
    expect(linesMinor).toEqual([2988]);
  });

  it("in dollars is the payment itself", () => {
    expect(settlementOfPayment({ paidMinor: 6597, currency: "USD", rate: "1", linesMinor: [2999, 3598] })).toEqual({
      totalMinor: 6597,
      linesMinor: [2999, 3598],
    });
  });

  it("always adds up, each line within a cent of its exact share", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 99_999_999 }),
        (lines, units) => {
          const rate = `${Math.floor(units / 1e6)}.${String(units % 1e6).padStart(6, "0")}`;
          const paid = lines.reduce((sum, line) => sum + line, 0);
          const { totalMinor, linesMinor } = settlementOfPayment({
            paidMinor: paid,
            currency: "EUR",
            rate,
            linesMinor: lines,
          });
          expect(linesMinor.reduce((sum, line) => sum + line, 0)).toBe(totalMinor);
          for (const [index, line] of lines.entries()) {
            const exact = paid === 0 ? 0 : (line * totalMinor) / paid;
            expect(Math.abs(linesMinor[index]! - exact)).toBeLessThan(1);
          }
        },
      ),
    );
  });
});
