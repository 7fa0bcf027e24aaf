import { and, eq, isNull } from "drizzle-orm";
import { type LicenseTier, licensedTitle } from "../../shared/license-tiers.ts";
import { TAX_LABEL } from "../../shared/shop-facts.ts";
import type { Database } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import type { UpgradeTarget } from "../licenses/upgrades.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { cancelPaymentPath } from "./cancel-payment.ts";
import { fulfilOrder } from "./fulfil-order.ts";
import { orderPagePath } from "./order-access.ts";
import { isUnpaid } from "./order-status.ts";
import { type Buyer, itemsOf, type Order, type OrderLine, placeOrder } from "./place-order.ts";

/** How the payment page names an item: with its licence, and "License upgrade" for an upgrade. */
function paymentLineTitle(item: { title: string; licenseType: LicenseTier; upgradesLicenseId: number | null }) {
  const title = licensedTitle(item.title, item.licenseType);
  return item.upgradesLicenseId === null ? title : `License upgrade: ${title}`;
}

export interface CheckoutServices {
  db: Database;
  jobs: JobQueue;
  payments: PaymentProvider;
  publicUrl: string;
  secret: string;
}

export interface CheckoutResult {
  orderNumber: string;
  /** The order's page for this buyer (a guest's carries the access secret). */
  orderPath: string;
  /** Where to pay; null when nothing is left to pay (a free order, or one already paid). */
  paymentUrl: string | null;
  status: Order["status"];
}

/**
 * Checkout: the order from the shopper's cart, or of `lines` (see placeOrder), then its payment
 * page. A free order is fulfilled at once. Retrying with the same idempotency key reuses the
 * order and its payment session, so nothing is ever charged twice.
 */
export async function checkout(
  services: CheckoutServices,
  input: {
    shopperId: string | null;
    buyer: Buyer;
    idempotencyKey: string;
    lines?: OrderLine[];
    upgrade?: UpgradeTarget;
  },
): Promise<CheckoutResult> {
  if (!input.shopperId && !input.lines && !input.upgrade) throw new Refusal("Your cart is empty.", 400);
  const order = await placeOrder(services.db, input);
  // One link for the buyer and the provider's return address (a guest's link carries the second it was issued).
  const orderPath = orderPagePath(services.secret, order);
  const result = (status: Order["status"], paymentUrl: string | null): CheckoutResult => ({
    orderNumber: order.number,
    orderPath,
    paymentUrl,
    status,
  });
  if (order.status === "paid") return result("paid", null);
  if (!isUnpaid(order.status)) {
    throw new Refusal("This checkout has ended. Please check out again.", 409);
  }
  if (order.totalCents === 0) {
    await services.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
      if (locked?.status === "pending_payment") await fulfilOrder(tx, services.jobs, locked);
    });
    return result("paid", null);
  }
  if (order.paymentUrl) return result(order.status, order.paymentUrl);

  const items = await itemsOf(services.db, order.id);
  const orderUrl = `${services.publicUrl}${orderPath}`;
  let session: Awaited<ReturnType<PaymentProvider["createCheckout"]>>;
  try {
    session = await services.payments.createCheckout({
      reference: order.number,
      amountCents: order.totalCents,
      currency: "usd",
      lines: [
        ...items.map((item) => ({
          title: paymentLineTitle(item),
          unitAmountCents: item.unitPriceCents,
          quantity: item.quantity,
        })),
        ...(order.taxCents > 0 ? [{ title: TAX_LABEL, unitAmountCents: order.taxCents, quantity: 1 }] : []),
      ],
      customerEmail: order.email,
      returnUrl: `${orderUrl}${orderUrl.includes("?") ? "&" : "?"}placed=1`,
      cancelUrl: `${services.publicUrl}${cancelPaymentPath(services.secret, order)}`,
    });
  } catch (error) {
    throw new Refusal("The payment provider could not be reached. Nothing was charged; please try again.", 502, {
      cause: error,
    });
  }
  // Concurrent twins of this request got the same session from the provider; the first stores it.
  await services.db
    .update(orders)
    .set({
      paymentProvider: services.payments.name,
      paymentRef: session.ref,
      paymentUrl: session.url,
      paymentExpiresAt: session.expiresAt,
    })
    .where(and(eq(orders.id, order.id), isNull(orders.paymentUrl)));
  return result(order.status, session.url);
}
