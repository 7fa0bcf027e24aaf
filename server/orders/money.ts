import { SELLER_SHARE_PERCENT } from "../../shared/shop-facts.ts";

// The money rules, in integer cents. Tax is taxOn (server/cart/cart.ts); the
// rates are the shop's published facts (app/lib/shop-facts.ts), the same the Commission page shows.

/**
 * A line's split between seller and platform: the seller's 70% rounded to the nearest cent
 * (half a cent up), the platform the remainder, so the two always add up to the line.
 */
export function splitSale(lineTotalCents: number): { sellerCents: number; platformCents: number } {
  const sellerCents = Math.round((lineTotalCents * SELLER_SHARE_PERCENT) / 100);
  return { sellerCents, platformCents: lineTotalCents - sellerCents };
}

/**
 * `totalCents` shared out in proportion to `weights` (not negative), in whole cents, by largest
 * remainder: each part is its rounded-down share, then the cents left over go to the largest
 * remainders, the earlier weight first on a tie; the parts add up to the total exactly. All
 * weights 0: every part is 0. In BigInt, so that no product of a total and a weight loses a cent.
 */
export function apportion(totalCents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => ({ whole: (BigInt(totalCents) * BigInt(weight)) / BigInt(sum), weight }));
  const shares = exact.map((each) => Number(each.whole));
  const remainders = exact.map((each, index) => ({
    index,
    remainder: BigInt(totalCents) * BigInt(each.weight) - each.whole * BigInt(sum),
  }));
  let left = totalCents - shares.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}
