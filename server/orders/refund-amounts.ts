// What a refunded item gives back: what was paid for it, tax included: its net amount and the tax
// charged on it, as the order kept them (server/orders/place-order.ts). Refunding every item of an
// order returns its total, never a cent more: the lines' nets and taxes add up to it.

export interface RefundableLine {
  id: number;
  netCents: number;
  taxCents: number;
}

/** An item's refund in cents. */
export function refundAmountOf(item: Pick<RefundableLine, "netCents" | "taxCents">): number {
  return item.netCents + item.taxCents;
}

/** Each item's refund in cents, by item id. */
export function refundAmounts(items: readonly RefundableLine[]): Map<number, number> {
  return new Map(items.map((item) => [item.id, refundAmountOf(item)]));
}
