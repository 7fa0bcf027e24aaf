import { count, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { ORDER_STATUSES, orders, paymentEvents } from "../db/schema.ts";

/** Orders per state, every state present (0 when none). */
export async function ordersByStatus(db: Database): Promise<Record<string, number>> {
  const rows = await db.select({ status: orders.status, count: count() }).from(orders).groupBy(orders.status);
  const counts: Record<string, number> = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0]));
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

/**
 * Payment events that paid an order, per provider. payment_events keeps each provider event once
 * (a redelivery is not recorded again), so this counts payments, not deliveries.
 */
export async function paymentsApplied(db: Database): Promise<Record<string, number>> {
  const rows = await db
    .select({ provider: paymentEvents.provider, count: count() })
    .from(paymentEvents)
    .where(eq(paymentEvents.outcome, "paid"))
    .groupBy(paymentEvents.provider);
  return Object.fromEntries(rows.map((row) => [row.provider, row.count]));
}
