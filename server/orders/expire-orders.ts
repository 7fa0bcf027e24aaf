import { and, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { UNPAID } from "./order-status.ts";

/**
 * How long an order without a payment session (the provider could not be reached, or the shop
 * stopped before it stored the session) waits: as long as a session would have lasted.
 */
export const UNPAID_ORDER_HOURS = 24;

/**
 * The expire-unpaid-orders job: an order still unpaid when its payment session closed was
 * abandoned, and is expired. The shop does this itself rather than wait for the provider's
 * expiry event, which may never come (a Stripe endpoint not subscribed to it, a lost delivery,
 * no session at all). A payment that still arrives later fulfils the order (see
 * receivePaymentEvent). Answers how many orders were expired.
 */
export async function expireUnpaidOrders(db: Database, now = new Date()): Promise<number> {
  const noSessionBefore = new Date(now.getTime() - UNPAID_ORDER_HOURS * 3600_000);
  const expired = await db
    .update(orders)
    .set({ status: "expired", updatedAt: sql`now()` })
    .where(
      and(
        inArray(orders.status, UNPAID),
        or(
          lte(orders.paymentExpiresAt, now),
          and(isNull(orders.paymentExpiresAt), lte(orders.createdAt, noSessionBefore)),
        ),
      ),
    )
    .returning({ id: orders.id });
  return expired.length;
}
