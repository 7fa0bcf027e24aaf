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
 * `totalCents` shared out in proportion to `weights`, in whole cents, by largest remainder: each
 * part is within a cent of its exact share and the parts add up to the total exactly; on a tie the
 * earlier weight gets the cent. All weights 0: every part is 0.
 */
export function apportion(totalCents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((total, weight) => total + weight, 0);
  if (sum === 0) return weights.map(() => 0);
  // Integer arithmetic: the exact share is (weight * total) / sum.
  const parts = weights.map((weight, position) => ({
    position,
    cents: Math.floor((weight * totalCents) / sum),
    remainder: (weight * totalCents) % sum,
  }));
  let left = totalCents - parts.reduce((total, part) => total + part.cents, 0);
  const byRemainder = [...parts].sort((a, b) => b.remainder - a.remainder || a.position - b.position);
  for (let index = 0; left > 0; index = (index + 1) % byRemainder.length, left--) byRemainder[index]!.cents += 1;
  return parts.map((part) => part.cents);
}
