import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { licenses, orderItems, orders } from "../db/schema.ts";
import { DELIVERABLE_ORDER_STATUSES } from "../delivery/open-download.ts";
import { filesForOrder } from "../delivery/order-downloads.ts";
import { codeTextOf } from "../discounts/discount-codes.ts";
import { invoicesOfOrder } from "../invoices/invoices.ts";
import { historyOf, licensesOfItems } from "../licenses/licenses.ts";
import { quoteUpgrades } from "../licenses/upgrades.ts";
import { findOrderFor, type OrderViewer } from "./find-order.ts";
import { orderPagePath } from "./order-access.ts";
import { hasEndedUnpaid, isUnpaid } from "./order-status.ts";
import { itemsOf } from "./place-order.ts";
import { refundAmounts } from "./refund-amounts.ts";
import { refundDeadline, refundStates } from "./refunds.ts";
import { vatNumberOnPage } from "./vat-recheck-page.ts";
import { withdrawalDeadline, withdrawalStanding } from "./withdrawal.ts";

/** Everything an order's page shows its buyer: totals, items with licenses, files, refund states. */
export async function loadOrderPage(
  db: Database,
  {
    secret,
    orderNumber,
    viewer,
    now = new Date(),
  }: { secret: string; orderNumber: string; viewer: OrderViewer; now?: Date },
) {
  const order = await findOrderFor(db, { secret, orderNumber, viewer });
  const [items, downloads] = await Promise.all([
    itemsOf(db, order.id),
    filesForOrder(db, { secret, orderId: order.id, now: now.getTime() }),
  ]);
  const itemIds = items.map((item) => item.id);
  const [refunds, licensesByItem, discountCode, upgraded, documents, withdrawal] = await Promise.all([
    refundStates(db, itemIds),
    licensesOfItems(db, itemIds),
    codeTextOf(db, order.discountCodeId),
    upgradedLicenses(db, secret, items),
    invoicesOfOrder(db, order.id),
    withdrawalStanding(db, order, now),
  ]);
  const withdrawalDeadlineAt = withdrawalDeadline(order);
  // Upgrades are offered from a paid order only, for an item whose licence holds.
  const deliverable = (DELIVERABLE_ORDER_STATUSES as readonly string[]).includes(order.status);
  const extras = await Promise.all(
    items.map(async (item) => {
      const license = licensesByItem.get(item.id);
      if (!license) return { history: [], offer: null };
      const [history, offer] = await Promise.all([
        historyOf(db, license.id),
        deliverable && item.status === "active" ? quoteUpgrades(db, license.id) : null,
      ]);
      return { history, offer };
    }),
  );
  // What an approved refund gave back: the item and its tax.
  const amounts = refundAmounts(items);
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
      /** What the discount code took off the subtotal, and the code as the buyer entered it. */
      discountCents: order.discountCents,
      discountCode: discountCode ?? null,
      taxCents: order.taxCents,
      /** "Tax (8%)", "VAT 19% (Germany)"; included: the prices held the tax (the total is not raised by it). */
      taxLabel: order.taxLabel,
      taxIncluded: order.taxIncluded,
      waivedTaxCents: order.waivedTaxCents,
      totalCents: order.totalCents,
      failureReason: order.failureReason,
      paymentUrl: isUnpaid(order.status) ? order.paymentUrl : null,
      /** For "Pay again" on an order that ended unpaid: one key per page view, so a double click makes one order. */
      payAgainKey: hasEndedUnpaid(order.status) ? crypto.randomUUID().replaceAll("-", "") : null,
      refundDeadline: deadline?.toISOString() ?? null,
      /** A business buyer's VAT number and where its check stands (docs/decisions/058); null: none given. */
      vatNumber: await vatNumberOnPage(db, order),
    },
    /**
     * An EU consumer's right to withdraw (docs/decisions/063): whether it stands and until when,
     * or why not; the consent they gave at checkout, word for word; when they withdrew. Null where
     * the buyer never had it (not an EU consumer, or not paid).
     */
    withdrawal:
      withdrawalDeadlineAt === null
        ? null
        : {
            stands: withdrawal.stands,
            deadline: withdrawalDeadlineAt.toISOString(),
            reason: withdrawal.stands ? null : withdrawal.reason,
            consentText: order.withdrawalConsentText,
            consentAt: order.withdrawalConsentAt?.toISOString() ?? null,
            withdrawnAt: order.withdrawnAt?.toISOString() ?? null,
          },
    /** The order's invoice and credit notes, oldest first (issued once it is paid, and at each refund). */
    documents: documents.map((document) => ({
      kind: document.kind,
      code: document.code,
      issuedAt: document.issuedAt.toISOString(),
    })),
    items: items.map((item, index) => {
      const delivery = downloads.find((entry) => entry.orderItemId === item.id);
      const refund = refunds.get(item.id);
      const license = licensesByItem.get(item.id);
      const { history, offer } = extras[index]!;
      const upgrade = item.upgradesLicenseId === null ? undefined : upgraded.get(item.upgradesLicenseId);
      return {
        id: item.id,
        productId: item.productId,
        title: item.title,
        /** The bundle it was bought in (at its share of the bundle's price), or null. */
        bundleTitle: item.bundleTitle,
        quantity: item.quantity,
        lineTotalCents: item.lineTotalCents,
        /** The line's part of the order's discount; what was paid for it is the rest. */
        discountCents: item.discountCents,
        paidCents: item.lineTotalCents - item.discountCents,
        status: item.status,
        licenseType: item.licenseType,
        licenseKey: item.licenseKey,
        /** The licence as it stands now (an upgrade may have raised it); null until paid. */
        license: license
          ? {
              tier: license.tier,
              seats: license.seats,
              key: license.key,
              termsVersion: license.termsVersion,
              /** Issued, upgraded, an upgrade refunded: the licence after each change, oldest first. */
              history: history.map((change) => ({
                kind: change.kind,
                tier: change.tier,
                seats: change.seats,
                at: change.createdAt.toISOString(),
              })),
            }
          : null,
        /**
         * For an upgrade's line: the tier and seats it buys and where the licence it raises is (the
         * order it was bought with, at its item).
         */
        upgrade:
          item.upgradesLicenseId === null
            ? null
            : { tier: item.licenseType, seats: item.upgradeToSeats ?? 1, licenseAt: upgrade ?? null },
        /**
         * The upgrade form: the tiers above this licence that the product sells now, each priced
         * by the server, with what was paid so far and the form's idempotency key for this view.
         */
        upgradeOffer:
          offer && license
            ? {
                ...offer,
                /** An upgrade placed and waiting for payment, with its order's page for this buyer. */
                waiting: offer.waiting
                  ? {
                      number: offer.waiting.order.number,
                      path: orderPagePath(secret, offer.waiting.order),
                      tier: offer.waiting.tier,
                      seats: offer.waiting.seats,
                    }
                  : null,
                currentTier: license.tier,
                /** The upgrade is taxed where this order was: its tax named the same. */
                tax: { label: order.taxLabel, included: order.taxIncluded },
                currentSeats: license.seats,
                key: crypto.randomUUID().replaceAll("-", ""),
              }
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

/**
 * The licences this order's upgrade lines raise, by licence id: the order they were bought with
 * (its page for this buyer) and their item there.
 */
async function upgradedLicenses(
  db: Database,
  secret: string,
  items: { upgradesLicenseId: number | null }[],
): Promise<Map<number, { orderNumber: string; path: string; itemId: number }>> {
  const ids = items.flatMap((item) => (item.upgradesLicenseId === null ? [] : [item.upgradesLicenseId]));
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ licenseId: licenses.id, itemId: orderItems.id, number: orders.number, userId: orders.userId })
    .from(licenses)
    .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(inArray(licenses.id, ids));
  return new Map(
    rows.map((row) => [
      row.licenseId,
      { orderNumber: row.number, path: `${orderPagePath(secret, row)}#item-${row.itemId}`, itemId: row.itemId },
    ]),
  );
}

export type OrderPageData = Awaited<ReturnType<typeof loadOrderPage>>;
