import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apportion } from "../orders/money.ts";
import { roundHalfUp, taxInGross, taxOnNet } from "./rounding.ts";

describe("tax arithmetic", () => {
  it("rounds once, half a cent up, below it down", () => {
    expect(roundHalfUp(5n, 2n)).toBe(3); // 2.5
    expect(roundHalfUp(7n, 2n)).toBe(4); // 3.5
    expect(roundHalfUp(249n, 100n)).toBe(2);
    expect(roundHalfUp(251n, 100n)).toBe(3);
    expect(roundHalfUp(0n, 7n)).toBe(0);
  });

  it("adds tax on a net amount: 13% of $0.50 is 6.5 cents, charged as 7", () => {
    expect(taxOnNet(50, 13_000)).toBe(7);
    expect(taxOnNet(49, 13_000)).toBe(6); // 6.37
    expect(taxOnNet(1000, 9_975)).toBe(100); // QST 99.75
    expect(taxOnNet(1000, 0)).toBe(0);
  });

  it("takes tax out of a gross amount: 3 pence at 20% include half a penny, counted as 1", () => {
    expect(taxInGross(3, 20_000)).toBe(1); // 3 / 6 = 0.5
    expect(taxInGross(9, 20_000)).toBe(2); // 1.5
    expect(taxInGross(1000, 19_000)).toBe(160); // 159.66
    expect(taxInGross(1000, 20_000)).toBe(167); // 166.67
    expect(taxInGross(1000, 0)).toBe(0);
  });

  it("takes out what adding would have put on, give or take the rounding cent", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 100_000 }), (net, rate) => {
        const gross = net + taxOnNet(net, rate);
        expect(Math.abs(taxInGross(gross, rate) - taxOnNet(net, rate))).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("shares a total out by largest remainder, the earlier first on a tie, always to the cent", () => {
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(100, [500, 997])).toEqual([33, 67]);
    expect(apportion(0, [0, 0])).toEqual([0, 0]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 20 }),
        (total, weights) => {
          fc.pre(weights.some((weight) => weight > 0));
          const shares = apportion(total, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          const sum = weights.reduce((a, b) => a + b, 0);
          shares.forEach((share, index) => {
            expect(Math.abs(share - (total * weights[index]!) / sum)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});
