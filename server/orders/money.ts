import { SELLER_SHARE_PERCENT } from "../../shared/shop-facts.ts";

// The money rules of SPEC section 9, in integer cents. Tax is taxOn (server/cart/cart.ts); the
// rates are the shop's published facts (app/lib/shop-facts.ts), the same the Commission page shows.

/**
 * A line's split between seller and platform: the seller's 70% rounded to the nearest cent
 * (half a cent up), the platform the remainder, so the two always add up to the line.
 */
export function splitSale(lineTotalCents: number): { sellerCents: number; platformCents: number } {
  const sellerCents = Math.round((lineTotalCents * SELLER_SHARE_PERCENT) / 100);
  return { sellerCents, platformCents: lineTotalCents - sellerCents };
}
