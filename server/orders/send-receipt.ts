import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { type InvoiceParty, orders } from "../db/schema.ts";
import { codeTextOf } from "../discounts/discount-codes.ts";
import type { Mailer } from "../email/mailer.ts";
import { receiptEmail } from "../email/receipt-email.ts";
import { invoicePdf } from "../invoices/invoice-pdf.ts";
import { issueInvoice } from "../invoices/invoices.ts";
import { ORDER_LINK_DAYS, ORDER_LOOKUP_PATH, orderPagePath } from "./order-access.ts";
import { itemsOf, type Order } from "./place-order.ts";
import { withdrawalDeadline } from "./withdrawal.ts";

export interface ReceiptServices {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  shopName: string;
  secret: string;
  /** The shop as the invoice's supplier (server/invoices/supplier.ts). */
  supplier: InvoiceParty;
}

/**
 * The send-receipt job: issues a paid order's invoice (docs/decisions/061) and emails the receipt
 * with it attached, once. The invoice is issued first, in a transaction of its own: a failing mail
 * server makes the job throw, and the queue's retry sends the same invoice; the checkout itself
 * never waits for mail.
 */
export async function sendReceipt(services: ReceiptServices, orderId: number): Promise<"sent" | "skipped"> {
  const { db } = services;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.receiptSentAt || order.paidAt === null) return "skipped";
  const invoice = await db.transaction((tx) => issueInvoice(tx, { orderId: order.id, supplier: services.supplier }));
  const invoiceFile = await invoicePdf(invoice, {
    creditsCode: null,
    orderNumber: order.number,
    suppliedAt: order.paidAt,
  });
  const items = await itemsOf(db, order.id);
  const discountCode = (await codeTextOf(db, order.discountCodeId)) ?? null;
  await services.mailer.send({
    ...receiptEmail({
      to: order.email,
      // A guest's address is not confirmed: no text they typed goes to it (the shop is no spam relay).
      name: order.userId ? order.customerName : undefined,
      shopName: services.shopName,
      orderNumber: order.number,
      items,
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      discountCode,
      taxCents: order.taxCents,
      taxLabel: order.taxLabel,
      taxIncluded: order.taxIncluded,
      waivedTaxCents: order.waivedTaxCents,
      withdrawal: receiptWithdrawal(order, services.publicUrl),
      totalCents: order.totalCents,
      // A guest's link carries the order's access secret; an account's leads to its order page.
      orderUrl: `${services.publicUrl}${orderPagePath(services.secret, order)}`,
      guestLink: order.userId
        ? undefined
        : { days: ORDER_LINK_DAYS, newLinkUrl: `${services.publicUrl}${ORDER_LOOKUP_PATH}` },
      licenseUrl: `${services.publicUrl}/license`,
    }),
    attachments: [{ filename: `${invoice.code}.pdf`, content: invoiceFile, contentType: "application/pdf" }],
  });
  await db
    .update(orders)
    .set({ receiptSentAt: sql`now()` })
    .where(and(eq(orders.id, order.id), isNull(orders.receiptSentAt)));
  return "sent";
}

/** An EU consumer's consent to confirm, or the right they keep and where to use it; null where they have none. */
function receiptWithdrawal(order: Order, publicUrl: string) {
  const deadline = withdrawalDeadline(order);
  if (!deadline) return null;
  if (order.withdrawalConsentText && order.withdrawalConsentAt) {
    return { consentText: order.withdrawalConsentText, consentAt: order.withdrawalConsentAt };
  }
  return { deadline, withdrawUrl: `${publicUrl}/withdraw` };
}
