import { and, asc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Database, Queryable } from "../db/client.ts";
import { type InvoiceParty, invoices, type OrderStatus, orderItems, orders } from "../db/schema.ts";
import { issueCreditNote, issueInvoice } from "./invoices.ts";

// Orders paid before invoices existed (docs/decisions/061, "Orders paid before invoices"): each gets
// the invoice it would have had, and a credit note for each item refunded back then, so that every
// paid order has an invoice and the invoices less the credit notes are what the shop kept. Nobody
// is emailed: the buyers had their receipts long ago; the documents appear on their order pages.

/** Orders that may be owed documents: paid once, whatever was refunded since. */
const PAID: OrderStatus[] = ["paid", "partially_refunded", "refunded"];

/**
 * An order paid within the last day is its receipt job's to invoice (server/orders/send-receipt.ts
 * issues it first thing, and the job is retried for a day): left to it, the two never issue the
 * same order's invoice at once, where one of them would fail on the unique index.
 */
const RECEIPT_WINDOW_MS = 24 * 3600_000;

const DEFAULT_BATCH_SIZE = 100;

export interface BackfillCounts {
  invoices: number;
  creditNotes: number;
}

/**
 * Paid orders that lack their invoice, or a credit note of an item refunded (a refund now issues
 * its credit note in its own transaction, so a refunded item without one was refunded before
 * invoices existed; a later refund of another item of its order gave the order its invoice).
 */
const owedDocuments = sql`(
  NOT EXISTS (SELECT 1 FROM ${invoices} WHERE ${invoices.orderId} = ${orders.id} AND ${invoices.kind} = 'invoice')
  OR EXISTS (
    SELECT 1 FROM ${orderItems}
    WHERE ${orderItems.orderId} = ${orders.id} AND ${orderItems.status} = 'refunded'
      AND NOT EXISTS (
        SELECT 1 FROM ${invoices} WHERE ${invoices.orderItemId} = ${orderItems.id} AND ${invoices.kind} = 'credit_note'
      )
  )
)`;

/**
 * Issues the invoices (and the credit notes of items refunded back then) of orders paid before
 * invoices existed, oldest payment first, each order in a transaction of its own with its row locked
 * (as a refund locks it), so its invoice numbers follow the order of payment. Idempotent: an order
 * done is no longer selected, and a run stopped halfway rolls back only the order it was in, its
 * numbers given back. Answers how many documents it issued.
 */
export async function backfillInvoices(
  db: Database,
  {
    supplier,
    batchSize = DEFAULT_BATCH_SIZE,
    now = new Date(),
  }: { supplier: InvoiceParty; batchSize?: number; now?: Date },
): Promise<BackfillCounts> {
  const paidBefore = new Date(now.getTime() - RECEIPT_WINDOW_MS);
  const counts: BackfillCounts = { invoices: 0, creditNotes: 0 };
  let after: number | null = null;
  for (;;) {
    const batch = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          inArray(orders.status, PAID),
          isNotNull(orders.paidAt),
          lt(orders.paidAt, paidBefore),
          owedDocuments,
          // After the last order of the batch before, compared in the database: a timestamp read into
          // JavaScript loses its microseconds, and the order would be read again.
          after === null
            ? undefined
            : sql`(${orders.paidAt}, ${orders.id}) > (SELECT paid_at, id FROM ${orders} WHERE id = ${after})`,
        ),
      )
      .orderBy(asc(orders.paidAt), asc(orders.id))
      .limit(batchSize);
    for (const { id } of batch) {
      const issued = await db.transaction((tx) => issueOwedDocuments(tx, { orderId: id, supplier }));
      counts.invoices += issued.invoices;
      counts.creditNotes += issued.creditNotes;
    }
    if (batch.length < batchSize) return counts;
    after = batch.at(-1)!.id;
  }
}

/** One order's invoice if it has none, then a credit note for each refunded item without one, in the order they were refunded. */
async function issueOwedDocuments(
  tx: Queryable,
  { orderId, supplier }: { orderId: number; supplier: InvoiceParty },
): Promise<BackfillCounts> {
  // A refund of the same order waits for this transaction, or this for it: what it issued is seen below.
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update");
  const issuedBefore = await tx
    .select({ kind: invoices.kind, orderItemId: invoices.orderItemId })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  const counts: BackfillCounts = { invoices: 0, creditNotes: 0 };
  if (!issuedBefore.some((document) => document.kind === "invoice")) {
    await issueInvoice(tx, { orderId, supplier });
    counts.invoices++;
  }
  const credited = new Set(issuedBefore.map((document) => document.orderItemId));
  const refunded = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, "refunded")))
    .orderBy(asc(orderItems.refundedAt), asc(orderItems.id));
  for (const item of refunded) {
    if (credited.has(item.id)) continue;
    await issueCreditNote(tx, { orderItemId: item.id, supplier });
    counts.creditNotes++;
  }
  return counts;
}
