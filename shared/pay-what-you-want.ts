import { formatPrice } from "./format.ts";

// Pay what you want: the buyer names the price of one copy, from the seller's
// minimum (0: free) up to the most the shop takes. The product page's and the cart's hint and the
// server's refusal say the same range.

/** The most a buyer may choose to pay for one seat, and the most a seller may suggest or ask as the minimum. */
export const MAX_CHOSEN_PRICE_CENTS = 1_000_000;

/** The hint under a "Name your price" field: "$3.00 to $10,000.00". */
export function chosenPriceRange(minimumCents: number): string {
  return `${formatPrice(minimumCents)} to ${formatPrice(MAX_CHOSEN_PRICE_CENTS)}`;
}

/** The refusal of a chosen price outside the range. */
export function chosenPriceRefusal(minimumCents: number): string {
  return `Please pay between ${formatPrice(minimumCents)} and ${formatPrice(MAX_CHOSEN_PRICE_CENTS)} for this product.`;
}
