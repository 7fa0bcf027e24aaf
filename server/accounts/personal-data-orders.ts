import { asc, eq, inArray } from "drizzle-orm";
import { allQueries, type Queryable } from "../db/client.ts";
import {
  creators,
  downloads,
  licenseActivations,
  licenses,
  orderItems,
  orders,
  productFiles,
  refundRequests,
} from "../db/schema.ts";

// The orders part of a person's data (personal-data.ts): each order of their account with its
// items, and for each item its refund request, licence (with its activations) and downloads.
// Columns are named one by one: payment links, provider references and idempotency keys are the
// shop's and the provider's handles, not data about the person, and a payment link is a secret.

export async function ordersOf(db: Queryable, userId: string) {
  const placed = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      customerName: orders.customerName,
      email: orders.email,
      sellerContactConsent: orders.sellerContactConsent,
      subtotalCents: orders.subtotalCents,
      discountCents: orders.discountCents,
      taxCents: orders.taxCents,
      totalCents: orders.totalCents,
      currency: orders.currency,
      paymentProvider: orders.paymentProvider,
      failureReason: orders.failureReason,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      receiptSentAt: orders.receiptSentAt,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  if (placed.length === 0) return [];
  const orderIds = placed.map((order) => order.id);
  const items = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      title: orderItems.title,
      shop: creators.name,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      lineTotalCents: orderItems.lineTotalCents,
      discountCents: orderItems.discountCents,
      licenseType: orderItems.licenseType,
      upgradesLicenseId: orderItems.upgradesLicenseId,
      upgradeToSeats: orderItems.upgradeToSeats,
      bundleId: orderItems.bundleId,
      status: orderItems.status,
      refundedAt: orderItems.refundedAt,
    })
    .from(orderItems)
    .innerJoin(creators, eq(creators.id, orderItems.creatorId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  const itemIds = items.length > 0 ? items.map((item) => item.id) : [-1];
  const [refunds, itemLicenses, fileDownloads] = await allQueries(db, [
    () =>
      db
        .select({
          orderItemId: refundRequests.orderItemId,
          reason: refundRequests.reason,
          status: refundRequests.status,
          decisionNote: refundRequests.decisionNote,
          requestedAt: refundRequests.requestedAt,
          decidedAt: refundRequests.decidedAt,
        })
        .from(refundRequests)
        .where(inArray(refundRequests.orderItemId, itemIds)),
    () =>
      db
        .select({
          id: licenses.id,
          orderItemId: licenses.orderItemId,
          key: licenses.key,
          tier: licenses.tier,
          seats: licenses.seats,
          termsVersion: licenses.termsVersion,
          status: licenses.status,
          createdAt: licenses.createdAt,
        })
        .from(licenses)
        .where(inArray(licenses.orderItemId, itemIds)),
    () =>
      db
        .select({
          orderItemId: downloads.orderItemId,
          file: productFiles.fileName,
          downloadedAt: downloads.downloadedAt,
        })
        .from(downloads)
        .innerJoin(productFiles, eq(productFiles.id, downloads.fileId))
        .where(inArray(downloads.orderItemId, itemIds))
        .orderBy(asc(downloads.downloadedAt)),
  ]);
  const activations =
    itemLicenses.length === 0
      ? []
      : await db
          .select({
            licenseId: licenseActivations.licenseId,
            instance: licenseActivations.instance,
            createdAt: licenseActivations.createdAt,
            deactivatedAt: licenseActivations.deactivatedAt,
          })
          .from(licenseActivations)
          .where(
            inArray(
              licenseActivations.licenseId,
              itemLicenses.map((license) => license.id),
            ),
          )
          .orderBy(asc(licenseActivations.createdAt));

  return placed.map(({ id, ...order }) => ({
    ...order,
    items: items
      .filter((item) => item.orderId === id)
      .map(({ orderId: _order, ...item }) => {
        const license = itemLicenses.find((row) => row.orderItemId === item.id);
        const refund = refunds.find((row) => row.orderItemId === item.id);
        return {
          ...item,
          refundRequest: refund ? omit(refund, "orderItemId") : null,
          license: license
            ? {
                ...omit(license, "orderItemId"),
                activations: activations
                  .filter((row) => row.licenseId === license.id)
                  .map((row) => omit(row, "licenseId")),
              }
            : null,
          downloads: fileDownloads.filter((row) => row.orderItemId === item.id).map((row) => omit(row, "orderItemId")),
        };
      }),
  }));
}

function omit<Row extends object, Key extends keyof Row>(row: Row, key: Key): Omit<Row, Key> {
  const { [key]: _left, ...rest } = row;
  return rest;
}
