import { apportion } from "./money.ts";

// What a refunded item gives back: what was paid for it (its line total less its part of a
// discount) plus its share of the order's tax. The tax was rounded once for the whole order, so
// the shares are apportioned by largest remainder (apportion): each item's share is within a cent
// of its exact part, and the shares of every item add up to the order's tax exactly. Refunding
// every item of an order returns its total, never a cent more. The shares depend only on the whole
// order, so they come out the same whenever each item is refunded.

export interface RefundableLine {
  id: number;
  lineTotalCents: number;
  discountCents?: number;
}

/** Each item's refund in cents, by item id. */
export function refundAmounts(items: readonly RefundableLine[], taxCents: number): Map<number, number> {
  const paid = items.map((item) => item.lineTotalCents - (item.discountCents ?? 0));
  const taxShares = apportion(taxCents, paid);
  return new Map(items.map((item, index) => [item.id, paid[index]! + taxShares[index]!]));
}
