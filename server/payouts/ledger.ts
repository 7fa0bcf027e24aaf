import { and, desc, eq, sql } from "drizzle-orm";
import type { Database, Queryable } from "../db/client.ts";
import { ledgerEntries, orderItems, orders } from "../db/schema.ts";

// A seller's ledger: one entry per sold item (their 70%), per refunded item (the same, taken back)
// and per payout. Entries are only ever added; the balance is their sum.

/** Enters the sales of a just-paid order (in the fulfilment transaction); each item once. */
export async function recordSales(tx: Queryable, orderId: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${ledgerEntries} (creator_id, kind, amount_cents, order_item_id)
    SELECT ${orderItems.creatorId}, 'sale', ${orderItems.sellerCents}, ${orderItems.id}
    FROM ${orderItems} WHERE ${orderItems.orderId} = ${orderId}
    ON CONFLICT DO NOTHING`);
}

/** Takes a refunded item's share back from its seller, once, even after it was paid out. */
export async function recordRefund(tx: Queryable, orderItemId: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${ledgerEntries} (creator_id, kind, amount_cents, order_item_id)
    SELECT ${orderItems.creatorId}, 'refund', -${orderItems.sellerCents}, ${orderItems.id}
    FROM ${orderItems} WHERE ${orderItems.id} = ${orderItemId}
    ON CONFLICT DO NOTHING`);
}

export async function sellerBalance(db: Queryable, creatorId: number): Promise<number> {
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.creatorId, creatorId));
  return row?.balance ?? 0;
}

/**
 * The seller's latest entries with what each was for: the product, the order number, its list
 * price, what the buyer paid for it after a discount, the platform's 30% and the seller's 70% of
 * that (the last two add up to what was paid). Nothing about the buyer. A payout has none of these.
 */
export async function sellerLedger(db: Database, creatorId: number, limit = 100) {
  const rows = await db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      createdAt: ledgerEntries.createdAt,
      title: orderItems.title,
      orderNumber: orders.number,
      listPriceCents: orderItems.lineTotalCents,
      discountCents: orderItems.discountCents,
      sellerCents: orderItems.sellerCents,
      platformCents: orderItems.platformCents,
      payoutId: ledgerEntries.payoutId,
    })
    .from(ledgerEntries)
    .leftJoin(orderItems, eq(orderItems.id, ledgerEntries.orderItemId))
    .leftJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(ledgerEntries.creatorId, creatorId)))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    paidCents: row.listPriceCents === null ? null : row.listPriceCents - (row.discountCents ?? 0),
  }));
}
