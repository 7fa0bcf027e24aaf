import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { refundRejectionReason } from "../../shared/moderation-note-schema.ts";
import { recordIdField } from "../../shared/record-id.ts";
import type { Database, Queryable } from "../db/client.ts";
import { type InvoiceParty, type OrderStatus, orderItems, orders, refundRequests } from "../db/schema.ts";
import { type JobQueue, QUEUES } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { buyerAddress } from "./buyer-address.ts";
import { orderPagePath } from "./order-access.ts";
import type { Order } from "./place-order.ts";
import { refundAmountOf } from "./refund-amounts.ts";
import { refundApprovedEmail, refundRejectedEmail } from "./refund-emails.ts";
import { recordItemRefund, refundThroughProvider } from "./refund-item.ts";

// The platform's review of the buyers' refund requests (reviewed within 24 hours,
// paid back in 3-5 business days). An approval gives the money back through the payment provider,
// then refunds the item, takes the seller's share back and tells the buyer; a rejection tells the
// buyer why. A request is decided once.

export interface RefundServices {
  db: Database;
  jobs: JobQueue;
  payments: PaymentProvider;
  shopName: string;
  publicUrl: string;
  secret: string;
  /** The shop as the supplier on the refund's credit note. */
  invoiceSupplier: InvoiceParty;
}

const refundRejectionSchema = z.object({
  requestId: recordIdField("Choose the refund request to decide."),
  reason: refundRejectionReason,
});

/** The admin Refunds page's forms: approve, or reject with a reason. */
export const refundDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), requestId: refundRejectionSchema.shape.requestId }),
  refundRejectionSchema.extend({ intent: z.literal("reject") }),
]);

const NO_SUCH_REQUEST = "There is no such refund request.";
const ALREADY_DECIDED = "This refund request has already been decided.";

/** Refund requests waiting for a decision, oldest first, with what approving each would give back. */
export async function openRefundRequests(db: Database) {
  const rows = await db
    .select({
      requestId: refundRequests.id,
      orderNumber: orders.number,
      netCents: orderItems.netCents,
      taxCents: orderItems.taxCents,
      itemTitle: orderItems.title,
      reason: refundRequests.reason,
      buyerEmail: orders.email,
      requestedAt: refundRequests.requestedAt,
      paidAt: orders.paidAt,
    })
    .from(refundRequests)
    .innerJoin(orderItems, eq(orderItems.id, refundRequests.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(refundRequests.status, "requested"))
    .orderBy(refundRequests.requestedAt, refundRequests.id);
  return rows.map(({ netCents, taxCents, ...row }) => ({
    ...row,
    amountCents: refundAmountOf({ netCents, taxCents }),
  }));
}

/** The request with its item and order, or null. */
async function findRequest(db: Queryable, requestId: number) {
  if (!Number.isSafeInteger(requestId) || requestId < 1) return null;
  const [row] = await db
    .select({ request: refundRequests, item: orderItems, order: orders })
    .from(refundRequests)
    .innerJoin(orderItems, eq(orderItems.id, refundRequests.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(refundRequests.id, requestId));
  return row ?? null;
}

/** What the buyer's emails say about the order, and where they lead (the account's address today). */
export async function letterFor(
  db: Queryable,
  { services, order, itemTitle }: { services: RefundServices; order: Order; itemTitle: string },
) {
  return {
    to: await buyerAddress(db, order),
    name: order.customerName,
    shopName: services.shopName,
    orderNumber: order.number,
    itemTitle,
    orderUrl: `${services.publicUrl}${orderPagePath(services.secret, order)}`,
    contactUrl: `${services.publicUrl}/contact`,
  };
}

/**
 * Approves a refund request: the provider gives the buyer the item's line total and its share of
 * the tax back, then, in one transaction, the request is approved, the item refunded (its files
 * close, its licence is revoked, or an upgrade undone), the order partially_refunded or refunded, the seller's share
 * taken back in their ledger (a balance may go negative; it is carried forward) and the buyer
 * emailed.
 */
export async function approveRefund(
  services: RefundServices,
  adminId: string,
  requestId: number,
): Promise<{ amountCents: number; orderStatus: OrderStatus }> {
  const found = await findRequest(services.db, requestId);
  if (!found) throw new Refusal(NO_SUCH_REQUEST, "not-found");
  if (found.request.status !== "requested") throw new Refusal(ALREADY_DECIDED, "conflict");
  const { item, order } = found;
  if (item.status === "refunded") throw new Refusal("This item has already been refunded.", "conflict");
  const amountCents = refundAmountOf(item);
  // An item of a free order (or a free item) gives nothing back, so there is nothing to ask the provider.
  // One refund per request: a retry, or a second admin approving at the same moment, gets this one back.
  const providerRefundRef =
    amountCents > 0
      ? await refundThroughProvider(services.payments, { order, amountCents, idempotencyKey: `refund-${requestId}` })
      : null;

  return services.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: refundRequests.status })
      .from(refundRequests)
      .where(eq(refundRequests.id, requestId))
      .for("update");
    // A second approval at the same moment got the same refund from the provider: it is recorded once.
    if (!locked || locked.status === "approved") throw new Refusal(ALREADY_DECIDED, "conflict");
    // Should a rejection have landed while the provider was refunding, the money is back with the
    // buyer all the same: the records follow the money, so the request ends approved.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for("update"); // items of one order one after another
    await tx
      .update(refundRequests)
      .set({ status: "approved", decisionNote: null, decidedAt: sql`now()`, decidedBy: adminId, providerRefundRef })
      .where(eq(refundRequests.id, requestId));
    const orderStatus = await recordItemRefund(tx, {
      jobs: services.jobs,
      item,
      amountCents,
      supplier: services.invoiceSupplier,
    });
    await services.jobs.send(
      QUEUES.sendEmail,
      refundApprovedEmail({ ...(await letterFor(tx, { services, order, itemTitle: item.title })), amountCents }),
      tx,
    );
    return { amountCents, orderStatus };
  });
}

/** Rejects a refund request with a reason the buyer reads (on the order page and by email). */
export async function rejectRefund(
  services: RefundServices,
  { adminId, requestId, note }: { adminId: string; requestId: number; note: string },
): Promise<void> {
  const reason = refundRejectionSchema.shape.reason.safeParse(note);
  if (!reason.success) throw new Refusal(reason.error.issues[0]?.message ?? "Tell the buyer why.", "invalid");
  await services.db.transaction(async (tx) => {
    const found = await findRequest(tx, requestId);
    if (!found) throw new Refusal(NO_SUCH_REQUEST, "not-found");
    const [locked] = await tx
      .select({ status: refundRequests.status })
      .from(refundRequests)
      .where(eq(refundRequests.id, requestId))
      .for("update");
    if (locked?.status !== "requested") throw new Refusal(ALREADY_DECIDED, "conflict");
    await tx
      .update(refundRequests)
      .set({ status: "rejected", decisionNote: reason.data, decidedAt: sql`now()`, decidedBy: adminId })
      .where(eq(refundRequests.id, requestId));
    await services.jobs.send(
      QUEUES.sendEmail,
      refundRejectedEmail({
        ...(await letterFor(tx, { services, order: found.order, itemTitle: found.item.title })),
        reason: reason.data,
      }),
      tx,
    );
  });
}
