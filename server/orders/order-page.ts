import crypto from "node:crypto";
import type { Database } from "../db/client.ts";
import { filesForOrder } from "../delivery/order-downloads.ts";
import { licensesOfItems } from "../licenses/licenses.ts";
import { findOrderFor, type OrderViewer } from "./find-order.ts";
import { hasEndedUnpaid, isUnpaid } from "./order-status.ts";
import { itemsOf } from "./place-order.ts";
import { refundAmounts } from "./refund-amounts.ts";
import { refundDeadline, refundStates } from "./refunds.ts";

/** Everything an order's page shows its buyer: totals, items with licenses, files, refund states. */
export async function loadOrderPage(
  db: Database,
  secret: string,
  number: string,
  viewer: OrderViewer,
  now = new Date(),
) {
  const order = await findOrderFor(db, secret, number, viewer);
  const [items, downloads] = await Promise.all([
    itemsOf(db, order.id),
    filesForOrder(db, secret, order.id, now.getTime()),
  ]);
  const itemIds = items.map((item) => item.id);
  const [refunds, licenses] = await Promise.all([refundStates(db, itemIds), licensesOfItems(db, itemIds)]);
  // What an approved refund gave back: the item and its share of the tax.
  const amounts = refundAmounts(items, order.taxCents);
  const deadline = refundDeadline(order);
  const refundable =
    deadline !== null && now <= deadline && (order.status === "paid" || order.status === "partially_refunded");
  return {
    order: {
      number: order.number,
      status: order.status,
      email: order.email,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      /** Null until the receipt email has gone out: the page claims it only then. */
      receiptSentAt: order.receiptSentAt?.toISOString() ?? null,
      subtotalCents: order.subtotalCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      failureReason: order.failureReason,
      paymentUrl: isUnpaid(order.status) ? order.paymentUrl : null,
      /** For "Pay again" on an order that ended unpaid: one key per page view, so a double click makes one order. */
      payAgainKey: hasEndedUnpaid(order.status) ? crypto.randomUUID().replaceAll("-", "") : null,
      refundDeadline: deadline?.toISOString() ?? null,
    },
    items: items.map((item) => {
      const delivery = downloads.find((entry) => entry.orderItemId === item.id);
      const refund = refunds.get(item.id);
      const license = licenses.get(item.id);
      return {
        id: item.id,
        productId: item.productId,
        title: item.title,
        quantity: item.quantity,
        lineTotalCents: item.lineTotalCents,
        status: item.status,
        licenseType: item.licenseType,
        licenseKey: item.licenseKey,
        /** The licence as it stands now (an upgrade may have raised it); null until paid. */
        license: license
          ? { tier: license.tier, seats: license.seats, key: license.key, termsVersion: license.termsVersion }
          : null,
        /** A certificate while the licence holds: paid, not refunded. */
        hasCertificate: license?.status === "active" && item.status === "active",
        files: delivery?.files ?? [],
        refund: refund
          ? { ...refund, requestedAt: refund.requestedAt.toISOString(), amountCents: amounts.get(item.id) ?? 0 }
          : null,
        canRequestRefund: refundable && item.status === "active" && !refund,
      };
    }),
  };
}

export type OrderPageData = Awaited<ReturnType<typeof loadOrderPage>>;
