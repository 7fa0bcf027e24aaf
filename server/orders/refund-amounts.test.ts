import { describe, expect, it } from "vitest";
import { flatTax } from "../../tests/support/orders.ts";
import { loadTaxRates } from "../tax/rate-table.ts";
import { taxForLines } from "../tax/tax-for-lines.ts";
import { apportion } from "./money.ts";
import { refundAmounts } from "./refund-amounts.ts";

// The tax of the orders placed before each line kept its own was shared out over the lines by
// apportion; migration 0039 wrote those shares into the lines with the same rule, and refunds give
// back each line's net and tax.
const amounts = (totals: number[], taxCents: number) =>
  apportion(taxCents, totals).map((share, index) => totals[index]! + share);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const rates = loadTaxRates();

describe("refund amounts", () => {
  it("gives each item back its net and its tax, and all of an order's items its total, by either tax rule", () => {
    const lines = [{ priceCents: 1999, quantity: 3, discountCents: 500 }, { priceCents: 999 }, { priceCents: 0 }];
    const place = { status: "settled" as const, country: "DE", region: null, evidence: [] };
    for (const taxed of [
      taxForLines({ mode: "flat", rates, lines }),
      taxForLines({ mode: "by-location", rates, lines, place }),
      taxForLines({ mode: "by-location", rates, lines, place: { ...place, country: "JP" } }),
    ]) {
      const items = taxed.lines.map((line, index) => ({ id: 10 + index, ...line }));
      const refunds = refundAmounts(items);
      expect([...refunds.keys()]).toEqual([10, 11, 12]);
      expect(refunds.get(12)).toBe(0);
      expect(sum([...refunds.values()])).toBe(taxed.grossCents);
    }
  });

  it("gives a single item back the whole order total", () => {
    expect(amounts([2999], 240)).toEqual([3239]);
  });

  it("splits the tax in proportion to the lines when it divides evenly", () => {
    expect(amounts([1000, 3000], 320)).toEqual([1080, 3240]);
  });

  it("gives the cent the rounding leaves to the largest remainder, so the refunds add up to the total", () => {
    // 400 cents of tax on 4998: exact shares 159.98 and 240.02.
    expect(amounts([1999, 2999], 400)).toEqual([1999 + 160, 2999 + 240]);
    // Three equal lines, 100 cents of tax: 33.33 each, the first on a tie gets the extra cent.
    expect(amounts([500, 500, 500], 100)).toEqual([534, 533, 533]);
    // 8% of 3 x 99 = 23.76, rounded to 24 once for the order: 8 cents each.
    expect(amounts([99, 99, 99], 24)).toEqual([107, 107, 107]);
  });

  it("keys the amounts by item id and gives free items and free orders nothing back", () => {
    const map = refundAmounts([
      { id: 41, netCents: 0, taxCents: 0 },
      { id: 7, netCents: 1250, taxCents: 100 },
    ]);
    expect(map).toEqual(
      new Map([
        [41, 0],
        [7, 1350],
      ]),
    );
    expect(amounts([0, 0], 0)).toEqual([0, 0]);
    expect(amounts([], 0)).toEqual([]);
  });

  // A property test without a library: a fixed-seed generator makes the same 2,000 orders on every run.
  it("for any order, every item gets its line and within a cent of its exact tax share, and all add up to the total", () => {
    let seed = 20_261_101;
    // mulberry32: small, fast and good enough to spread the cases.
    const random = (below: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % below;
    };
    for (let run = 0; run < 2000; run++) {
      const totals = Array.from({ length: 1 + random(12) }, () =>
        random(5) === 0 ? 0 : random(4) === 0 ? 1 + random(99) : random(100) * 99 * (1 + random(99)),
      );
      const subtotal = sum(totals);
      // Mostly the shop's 8%, sometimes any tax at all (a free order has none).
      const tax = subtotal > 0 && random(10) === 0 ? random(5000) : flatTax(subtotal);
      const refunds = amounts(totals, tax);
      const context = JSON.stringify({ totals, tax, refunds });

      expect(sum(refunds), context).toBe(subtotal + tax);
      refunds.forEach((refund, index) => {
        const line = totals[index]!;
        const exactShare = subtotal === 0 ? 0 : (line * tax) / subtotal;
        expect(refund - line, context).toBeGreaterThanOrEqual(subtotal === 0 ? 0 : Math.floor(exactShare));
        expect(refund - line, context).toBeLessThanOrEqual(Math.ceil(exactShare));
      });
    }
  });
});
