import { and, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { cartBundles, cartItems, orderItems, orders } from "../db/schema.ts";
import { type JobQueue, QUEUES } from "../jobs/queue.ts";
import { issueLicenses } from "../licenses/licenses.ts";
import { applyUpgrades } from "../licenses/upgrades.ts";
import { recordSales } from "../payouts/ledger.ts";
import { recordSaleEvents } from "../webhooks/events.ts";

/**
 * What happens once an order is paid, all inside the caller's transaction: the order is paid,
 * each item gets its licence (server/licenses) (its files can be downloaded from now on) or its
 * upgrade applied (one that no longer applies is refunded by a job), each seller's ledger
 * gets their 70%, the bought products leave the cart they came from, and the receipt is queued. Called only for an order that was
 * not yet paid, with its row locked.
 */
export async function fulfilOrder(tx: Queryable, jobs: JobQueue, order: { id: number; shopperId: string | null }) {
  await tx
    .update(orders)
    .set({ status: "paid", paidAt: sql`now()`, failureReason: null, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  const items = await tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      bundleId: orderItems.bundleId,
      creatorId: orderItems.creatorId,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  await issueLicenses(tx, order.id);
  // An upgrade paid after its licence changed is not applied: the money goes back (a job, since
  // the provider is asked outside this transaction).
  for (const orderItemId of await applyUpgrades(tx, order.id)) {
    await jobs.send(QUEUES.refundUnappliedUpgrade, { orderItemId }, tx);
  }
  if (order.shopperId) {
    await tx.delete(cartItems).where(
      and(
        eq(cartItems.shopperId, order.shopperId),
        inArray(
          cartItems.productId,
          items.map((item) => item.productId),
        ),
      ),
    );
    const bought = items.flatMap((item) => (item.bundleId === null ? [] : [item.bundleId]));
    if (bought.length > 0) {
      await tx
        .delete(cartBundles)
        .where(and(eq(cartBundles.shopperId, order.shopperId), inArray(cartBundles.bundleId, bought)));
    }
  }
  await recordSales(tx, order.id);
  // Sellers' `sale` webhooks (server/webhooks): one event per item, with its licence.
  await recordSaleEvents(tx, { jobs, orderId: order.id, creatorIds: items.map((item) => item.creatorId) });
  await jobs.send(QUEUES.sendReceipt, { orderId: order.id }, tx);
}
