// What a refunded item gives back: its line total plus its share of the order's tax. The tax was
// rounded once for the whole order, so the shares are apportioned by largest remainder: each
// item's share is within a cent of its exact part, and the shares of every item add up to the
// order's tax exactly. Refunding every item of an order returns its total, never a cent more.
// The shares depend only on the whole order, so they come out the same whenever each item is refunded.

export interface RefundableLine {
  id: number;
  lineTotalCents: number;
}

/** Each item's refund in cents, by item id. */
export function refundAmounts(items: readonly RefundableLine[], taxCents: number): Map<number, number> {
  const subtotal = items.reduce((sum, item) => sum + item.lineTotalCents, 0);
  const shares = items.map((item, position) => {
    // Integer arithmetic: the exact share is (line * tax) / subtotal.
    const scaled = subtotal === 0 ? 0 : item.lineTotalCents * taxCents;
    return {
      item,
      position,
      cents: subtotal === 0 ? 0 : Math.floor(scaled / subtotal),
      remainder: subtotal === 0 ? 0 : scaled % subtotal,
    };
  });
  let left = taxCents - shares.reduce((sum, share) => sum + share.cents, 0);
  // The cents the floors left over go to the largest remainders (the first item on a tie).
  const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder || a.position - b.position);
  for (let index = 0; left > 0 && byRemainder.length > 0; index = (index + 1) % byRemainder.length, left--) {
    byRemainder[index]!.cents += 1;
  }
  return new Map(shares.map((share) => [share.item.id, share.item.lineTotalCents + share.cents]));
}
