import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orderItems, orders } from "../db/schema.ts";

/** An account's orders, newest first, with what each holds in a few words. */
export async function listOrders(db: Database, userId: string) {
  const rows = await db
    .select({
      number: orders.number,
      status: orders.status,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      titles: sql<string[]>`array_agg(${orderItems.title} ORDER BY ${orderItems.id})`,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(eq(orders.userId, userId))
    .groupBy(orders.id)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
