import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { codeTextOf } from "../discounts/discount-codes.ts";
import type { Mailer } from "../email/mailer.ts";
import { receiptEmail } from "../email/receipt-email.ts";
import { ORDER_LINK_DAYS, ORDER_LOOKUP_PATH, orderPagePath } from "./order-access.ts";
import { itemsOf } from "./place-order.ts";

export interface ReceiptServices {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  shopName: string;
  secret: string;
}

/**
 * The send-receipt job: emails a paid order's receipt, once. A failing mail server makes the job
 * throw, and the queue retries it later; the checkout itself never waits for mail.
 */
export async function sendReceipt(services: ReceiptServices, orderId: number): Promise<"sent" | "skipped"> {
  const { db } = services;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.receiptSentAt || order.paidAt === null) return "skipped";
  const items = await itemsOf(db, order.id);
  const discountCode = (await codeTextOf(db, order.discountCodeId)) ?? null;
  await services.mailer.send(
    receiptEmail({
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
      totalCents: order.totalCents,
      // A guest's link carries the order's access secret; an account's leads to its order page.
      orderUrl: `${services.publicUrl}${orderPagePath(services.secret, order)}`,
      guestLink: order.userId
        ? undefined
        : { days: ORDER_LINK_DAYS, newLinkUrl: `${services.publicUrl}${ORDER_LOOKUP_PATH}` },
      licenseUrl: `${services.publicUrl}/license`,
    }),
  );
  await db
    .update(orders)
    .set({ receiptSentAt: sql`now()` })
    .where(and(eq(orders.id, order.id), isNull(orders.receiptSentAt)));
  return "sent";
}
