import crypto from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { deriveKey, sameMac } from "../lib/signing.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { orderPagePath } from "./order-access.ts";
import { isUnpaid, UNPAID } from "./order-status.ts";
import type { Order } from "./place-order.ts";

// "Cancel and return to the shop" on the payment page: the provider sends the buyer to the
// order's cancel address (a GET, as Stripe's cancel_url is). The address carries a MAC of the
// order number, so only the provider and the buyer know it: no other site can cancel an order by
// sending someone's browser there.

const CANCEL_PARAM = "cancel";

function cancelToken(secret: string, orderNumber: string): string {
  return crypto
    .createHmac("sha256", deriveKey(secret, "cancel-payment"))
    .update(orderNumber)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

/** The order page's address that cancels its payment: where the provider sends a buyer who gives up. */
export function cancelPaymentPath(secret: string, order: { number: string; userId: string | null }): string {
  const page = orderPagePath(secret, order);
  return `${page}${page.includes("?") ? "&" : "?"}${CANCEL_PARAM}=${cancelToken(secret, order.number)}`;
}

/**
 * Whether this order page address asks to cancel the payment: null when it does not, else whether
 * its token is good, and the same address without it (where the buyer is sent on).
 */
export function cancelRequestIn(
  secret: string,
  orderNumber: string,
  url: URL,
): { genuine: boolean; pageUrl: string } | null {
  const token = url.searchParams.get(CANCEL_PARAM);
  if (token === null) return null;
  const genuine = sameMac(cancelToken(secret, orderNumber), token);
  const page = new URL(url);
  page.searchParams.delete(CANCEL_PARAM);
  return { genuine, pageUrl: `${page.pathname}${page.search}` };
}

/**
 * Cancels an unpaid order's payment: first the provider closes the session, so that it can no
 * longer be paid, then the order is cancelled. A session the buyer had already paid is left to
 * its payment event (the order becomes paid). An order that is paid, expired or cancelled
 * already is left as it is. Answers the order's status afterwards.
 */
export async function cancelPayment(
  services: { db: Database; payments: PaymentProvider },
  order: Order,
): Promise<Order["status"]> {
  if (!isUnpaid(order.status)) return order.status;
  // A session made by another provider (the shop has changed provider since) cannot be closed from
  // here; it expires on its own, and a payment made on it still fulfils the order.
  if (order.paymentRef && order.paymentProvider === services.payments.name) {
    if ((await services.payments.closeCheckout(order.paymentRef)) === "completed") return order.status;
  }
  const [cancelled] = await services.db
    .update(orders)
    .set({ status: "cancelled", updatedAt: sql`now()` })
    .where(and(eq(orders.id, order.id), inArray(orders.status, UNPAID)))
    .returning({ status: orders.status });
  if (cancelled) return cancelled.status;
  // Its payment (or expiry) arrived in the meantime.
  const [now] = await services.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
  return now?.status ?? order.status;
}

/**
 * The buyer gave up on the payment page (the provider sent them to the cancel address). When the
 * provider cannot be asked to close the session, the order stays payable and its page says it waits
 * for the payment; the expiry job ends it when the session's time is up.
 */
export async function cancelFromPaymentPage(
  services: { db: Database; payments: PaymentProvider; logger: Pick<Logger, "warn"> },
  order: Order,
): Promise<void> {
  try {
    await cancelPayment(services, order);
  } catch (error) {
    services.logger.warn({ err: error, order: order.number }, "Could not cancel the payment of an order");
  }
}
