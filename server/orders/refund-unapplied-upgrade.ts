import { and, eq, sql } from "drizzle-orm";
import { orderItems, orders, refundRequests } from "../db/schema.ts";
import { QUEUES } from "../jobs/queue.ts";
import { wasApplied } from "../licenses/upgrades.ts";
import { letterFor, type RefundServices } from "./decide-refund.ts";
import { refundAmountOf } from "./refund-amounts.ts";
import { unappliedUpgradeRefundEmail } from "./refund-emails.ts";
import { recordItemRefund, refundThroughProvider } from "./refund-item.ts";

// A paid upgrade that fulfilment did not apply (its licence had changed since it was priced, or
// was refunded: applyUpgrades) is refunded by the shop, never fulfilled. This runs as a job queued
// in the fulfilment's transaction, since the provider is asked outside any transaction: first the
// provider's refund, with a key of its own per item, then the records. A run that stops between
// the two (a crash, the provider answering after refunding) is run again by the queue: the
// provider answers the same refund for the same key, and the records are made once.

/** The provider's idempotency key for the refund of an upgrade that was not applied: one per item. */
export const unappliedUpgradeRefundKey = (orderItemId: number) => `upgrade-not-applied-${orderItemId}`;

/**
 * Refunds the upgrade item `orderItemId` that fulfilment could not apply: its line and its tax
 * share back through the provider, then the item refunded, the seller's share taken back (their
 * ledger nets to zero for it), any refund request of it approved with this refund, and the buyer
 * told why by email. Does nothing for an item already refunded, or one that was applied.
 */
export async function refundUnappliedUpgrade(
  services: RefundServices,
  orderItemId: number,
): Promise<"refunded" | "nothing to do"> {
  const [found] = await services.db
    .select({ item: orderItems, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.id, orderItemId));
  if (!found || found.item.upgradesLicenseId === null || found.item.status === "refunded") return "nothing to do";
  if (await wasApplied(services.db, orderItemId)) return "nothing to do";
  const { item, order } = found;
  const amountCents = refundAmountOf(item);
  const providerRefundRef =
    amountCents > 0
      ? await refundThroughProvider(services.payments, {
          order,
          amountCents,
          idempotencyKey: unappliedUpgradeRefundKey(item.id),
        })
      : null;

  return services.db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for("update");
    const [locked] = await tx.select({ status: orderItems.status }).from(orderItems).where(eq(orderItems.id, item.id));
    if (locked?.status !== "active") return "nothing to do";
    await recordItemRefund(tx, { jobs: services.jobs, item, amountCents, supplier: services.invoiceSupplier });
    // A buyer who asked for this refund meanwhile has it: the request is closed with it.
    await tx
      .update(refundRequests)
      .set({ status: "approved", decidedAt: sql`now()`, providerRefundRef })
      .where(and(eq(refundRequests.orderItemId, item.id), eq(refundRequests.status, "requested")));
    await services.jobs.send(
      QUEUES.sendEmail,
      unappliedUpgradeRefundEmail({
        ...(await letterFor(tx, { services, order, itemTitle: item.title })),
        amountCents,
      }),
      tx,
    );
    return "refunded";
  });
}
