import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { bundles, orderItems, orders } from "../db/schema.ts";
import { DELIVERABLE_ORDER_STATUSES } from "../delivery/open-download.ts";

/**
 * The seller's sales: their items of paid orders, newest first. Only what concerns the seller (the
 * order number, the date, their product, the license sold and its seats, or the upgrade of one, and
 * amounts); never the buyer, their other purchases or how they paid.
 */
export async function sellerSales(db: Database, creatorId: number, limit = 200) {
  const rows = await db
    .select({
      orderItemId: orderItems.id,
      orderNumber: orders.number,
      paidAt: orders.paidAt,
      productId: orderItems.productId,
      title: orderItems.title,
      licenseTier: orderItems.licenseType,
      quantity: orderItems.quantity,
      upgradeToSeats: orderItems.upgradeToSeats,
      lineTotalCents: orderItems.lineTotalCents,
      discountCents: orderItems.discountCents,
      sellerCents: orderItems.sellerCents,
      status: orderItems.status,
      /** The bundle it was sold in, at its share of the bundle's price. */
      bundleTitle: bundles.title,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(bundles, eq(bundles.id, orderItems.bundleId))
    .where(
      and(eq(orderItems.creatorId, creatorId), inArray(orders.status, [...DELIVERABLE_ORDER_STATUSES, "refunded"])),
    )
    .orderBy(desc(orders.paidAt), desc(orderItems.id))
    .limit(limit);
  return rows.map(({ upgradeToSeats, ...row }) => ({
    ...row,
    paidAt: row.paidAt?.toISOString() ?? null,
    // An upgrade is one line whatever the seats: the license's seats are those it moved to.
    upgrade: upgradeToSeats !== null,
    seats: upgradeToSeats ?? row.quantity,
  }));
}
