import { eq, or } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { licenses, orderItems, orders, payouts } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { anyEndpointWants, recordSellerEvents, type SellerEvent } from "./deliveries.ts";

// What the sale and refund events say (docs/webhooks.md): the item, its product, its licence and
// the money, never the buyer's email or name. Gathered only when a seller of the order has an
// endpoint that wants the event, so a shop without webhooks pays one small query per order.

/** The items of an order (or one item) with their licence: the purchase's, or the one an upgrade moves. */
function itemsWithLicences(tx: Queryable, where: ReturnType<typeof eq>) {
  return tx
    .select({ item: orderItems, orderNumber: orders.number, licenseKey: licenses.key, licenseStatus: licenses.status })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(licenses, or(eq(licenses.orderItemId, orderItems.id), eq(licenses.id, orderItems.upgradesLicenseId)))
    .where(where);
}

type ItemRow = Awaited<ReturnType<typeof itemsWithLicences>>[number];

function itemData({ item, orderNumber, licenseKey }: ItemRow) {
  return {
    orderNumber: orderNumber,
    orderItemId: item.id,
    product: { id: item.productId, title: item.title },
    license: {
      key: licenseKey,
      tier: item.licenseType,
      seats: item.upgradeToSeats ?? item.quantity,
      upgrade: item.upgradesLicenseId !== null,
    },
    currency: "usd",
    paidCents: item.lineTotalCents - item.discountCents,
    sellerCents: item.sellerCents,
  };
}

/** A `sale` event for each item of a paid order, in the transaction that marks it paid. */
export async function recordSaleEvents(
  tx: Queryable,
  { jobs, orderId, creatorIds }: { jobs: JobQueue; orderId: number; creatorIds: number[] },
) {
  if (!(await anyEndpointWants(tx, creatorIds, "sale"))) return 0;
  const rows = await itemsWithLicences(tx, eq(orderItems.orderId, orderId));
  const events: SellerEvent[] = rows.map((row) => ({
    creatorId: row.item.creatorId,
    type: "sale",
    data: itemData(row),
  }));
  return recordSellerEvents(tx, jobs, events);
}

/** A `refund` event for a refunded item, in the refund's transaction. */
export async function recordRefundEvent(
  tx: Queryable,
  { jobs, orderItemId, refundedCents }: { jobs: JobQueue; orderItemId: number; refundedCents: number },
) {
  const [row] = await itemsWithLicences(tx, eq(orderItems.id, orderItemId));
  if (!row || !(await anyEndpointWants(tx, [row.item.creatorId], "refund"))) return 0;
  return recordSellerEvents(tx, jobs, [
    {
      creatorId: row.item.creatorId,
      type: "refund",
      data: { ...itemData(row), refundedCents: refundedCents, licenseStatus: row.licenseStatus },
    },
  ]);
}

/** A `payout.paid` or `payout.failed` event about one of the seller's payouts, in the transaction that changed it. */
export async function recordPayoutEvent(
  tx: Queryable,
  { jobs, payoutId, type }: { jobs: JobQueue; payoutId: number; type: "payout.paid" | "payout.failed" },
) {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!payout || !(await anyEndpointWants(tx, [payout.creatorId], type))) return 0;
  return recordSellerEvents(tx, jobs, [
    {
      creatorId: payout.creatorId,
      type,
      data: {
        payout: {
          id: payout.id,
          rail: payout.rail,
          weekOf: payout.weekOf,
          fundsAvailableOn: payout.fundsAvailableOn,
          status: payout.status,
          failureReason: payout.failureReason,
          returnedCents: payout.returnedCents,
        },
        currency: "usd",
        amountCents: payout.amountCents,
      },
    },
  ]);
}
