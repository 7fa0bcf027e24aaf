import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { recordIdField } from "../../shared/record-id.ts";
import { MONEY_BACK_GUARANTEE_DAYS } from "../../shared/shop-facts.ts";
import type { Database } from "../db/client.ts";
import { orderItems, refundRequests } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import type { Order } from "./place-order.ts";

/** The shop's guarantee (shared/shop-facts.ts): a 30-day money-back guarantee, reviewed within 24 hours, paid back in 3-5 business days. */
export const REFUND_WINDOW_DAYS = MONEY_BACK_GUARANTEE_DAYS;

export const refundRequestSchema = z.object({
  orderItemId: recordIdField("Choose the item to refund."),
  reason: z
    .string()
    .trim()
    .min(10, "Please tell us in a few words why you want a refund (at least 10 characters).")
    .max(1000, "Please keep the reason under 1000 characters."),
});

/** The last moment a refund can be asked for, or null when the order was never paid. */
export function refundDeadline(order: Pick<Order, "paidAt">): Date | null {
  return order.paidAt ? new Date(order.paidAt.getTime() + REFUND_WINDOW_DAYS * 24 * 3600_000) : null;
}

/**
 * Records the buyer's request for their money back on one item of `order` (which the caller has
 * already checked is theirs), for the platform to review. One request per item.
 */
export async function requestRefund(
  db: Database,
  { order, request, now = new Date() }: { order: Order; request: z.infer<typeof refundRequestSchema>; now?: Date },
): Promise<void> {
  const [item] = await db
    .select({ id: orderItems.id, status: orderItems.status })
    .from(orderItems)
    .where(and(eq(orderItems.id, request.orderItemId), eq(orderItems.orderId, order.id)));
  if (!item) throw new Refusal("This item is not part of this order.", "not-found");
  if (order.status !== "paid" && order.status !== "partially_refunded") {
    throw new Refusal("Only a paid order can be refunded.", "conflict");
  }
  if (item.status === "refunded") throw new Refusal("This item has already been refunded.", "conflict");
  const deadline = refundDeadline(order);
  if (!deadline || now > deadline) {
    throw new Refusal(`Refunds can be requested within ${REFUND_WINDOW_DAYS} days of purchase.`, "conflict");
  }
  const [created] = await db
    .insert(refundRequests)
    .values({ orderItemId: item.id, reason: request.reason })
    .onConflictDoNothing()
    .returning({ id: refundRequests.id });
  if (!created) throw new Refusal("A refund has already been requested for this item.", "conflict");
}

export type RefundState = {
  status: (typeof refundRequests.$inferSelect)["status"];
  requestedAt: Date;
  decisionNote: string | null;
};

/** The refund requests of these items, by item id. */
export async function refundStates(db: Database, orderItemIds: number[]): Promise<Map<number, RefundState>> {
  if (orderItemIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderItemId: refundRequests.orderItemId,
      status: refundRequests.status,
      requestedAt: refundRequests.requestedAt,
      decisionNote: refundRequests.decisionNote,
    })
    .from(refundRequests)
    .where(inArray(refundRequests.orderItemId, orderItemIds));
  return new Map(rows.map(({ orderItemId, ...state }) => [orderItemId, state]));
}
