// Buying again a product one owns: a signed-in buyer whose cart holds a product
// they already own (a paid, not refunded purchase of any tier) ticks this box to check out: more
// seats, or a gift. The server refuses the checkout without it (server/orders/place-order.ts).

export const BUY_AGAIN_LABEL = "I know I own this: I am buying more seats or a gift";

/** The checkout's refusal when the box was not ticked. */
export function ownedNeedsChoice(titles: readonly string[]): string {
  const named = titles.map((title) => `“${title}”`).join(", ");
  return `You already own ${named}. To buy it again (more seats, or a gift), tick “${BUY_AGAIN_LABEL}”; otherwise remove it from your cart. Your downloads are in My Orders.`;
}
