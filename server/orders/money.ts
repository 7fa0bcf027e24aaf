// The money rules of SPEC section 9, in integer cents. Tax is taxOn (server/cart/cart.ts).

/** The seller keeps 70% of each sale; the platform's fee is the rest. */
export const SELLER_PERCENT = 70;

/**
 * A line's split between seller and platform: the seller's 70% rounded to the nearest cent
 * (half a cent up), the platform the remainder, so the two always add up to the line.
 */
export function splitSale(lineTotalCents: number): { sellerCents: number; platformCents: number } {
  const sellerCents = Math.round((lineTotalCents * SELLER_PERCENT) / 100);
  return { sellerCents, platformCents: lineTotalCents - sellerCents };
}
