import { and, count, eq, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { type InvoiceParty, type OrderStatus, orderItems, orders } from "../db/schema.ts";
import { issueCreditNote } from "../invoices/invoices.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import { revokeLicense } from "../licenses/licenses.ts";
import { undoUpgrade, wasApplied } from "../licenses/upgrades.ts";
import { type PaymentProvider, RefundRefused } from "../payments/provider.ts";
import { recordRefund } from "../payouts/ledger.ts";
import { recordRefundEvent } from "../webhooks/events.ts";
import type { Order } from "./place-order.ts";

// What every refund of an item does, whoever decided it (an admin approving a buyer's request, or
// the shop itself for a paid upgrade it could not apply): the money back through the provider,
// once per idempotency key, then the records in one transaction.

/**
 * Gives `amountCents` of the order's payment back through the provider it was paid with; the
 * provider's refund id. The same `idempotencyKey` never refunds twice, so a retry is safe.
 */
export async function refundThroughProvider(
  payments: PaymentProvider,
  { order, amountCents, idempotencyKey }: { order: Order; amountCents: number; idempotencyKey: string },
): Promise<string> {
  if (!order.paymentRef || order.paymentProvider !== payments.name) {
    throw new Refusal(
      order.paymentProvider
        ? `This order was paid through ${order.paymentProvider}, not the shop's payment provider now: refund it there.`
        : "This order has no payment to refund.",
      "conflict",
    );
  }
  try {
    const refund = await payments.refund({
      reference: order.number,
      sessionRef: order.paymentRef,
      captureRef: order.paymentCaptureRef,
      amountCents,
      idempotencyKey,
    });
    return refund.ref;
  } catch (error) {
    if (error instanceof RefundRefused) {
      throw new Refusal(`The payment provider refused the refund: ${error.message}`, "conflict", { cause: error });
    }
    throw new Refusal(
      "The payment provider could not be reached. Please try again: a retry never refunds twice.",
      "upstream-failed",
      { cause: error },
    );
  }
}

/**
 * The records of an item's refund, in the caller's transaction with the order's row locked: the
 * item refunded (its files close; its licence is revoked, or an applied upgrade undone), the order
 * partially_refunded or refunded, the seller's share taken back in their ledger (a balance may go
 * negative; it is carried forward), the seller's `refund` webhook, and the credit note of what was
 * given back, issued by `supplier` (docs/decisions/061). Answers the order's status.
 */
export async function recordItemRefund(
  tx: Queryable,
  {
    jobs,
    item,
    amountCents,
    supplier,
  }: {
    jobs: JobQueue;
    item: { id: number; orderId: number; upgradesLicenseId: number | null };
    amountCents: number;
    supplier: InvoiceParty;
  },
): Promise<OrderStatus> {
  await tx.update(orderItems).set({ status: "refunded", refundedAt: sql`now()` }).where(eq(orderItems.id, item.id));
  if (item.upgradesLicenseId === null) await revokeLicense(tx, item.id);
  // An upgrade paid after its licence had changed was never applied: the licence has nothing to undo.
  else if (await wasApplied(tx, item.id)) await undoUpgrade(tx, item.id, item.upgradesLicenseId);
  const [active] = await tx
    .select({ count: count() })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, item.orderId), eq(orderItems.status, "active")));
  const orderStatus: OrderStatus = active?.count ? "partially_refunded" : "refunded";
  await tx.update(orders).set({ status: orderStatus, updatedAt: sql`now()` }).where(eq(orders.id, item.orderId));
  await recordRefund(tx, item.id);
  await recordRefundEvent(tx, { jobs, orderItemId: item.id, refundedCents: amountCents });
  await issueCreditNote(tx, { orderItemId: item.id, supplier });
  return orderStatus;
}
