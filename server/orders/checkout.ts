import { and, eq, isNull } from "drizzle-orm";
import { type LicenseTier, licensedTitle, seatsLabel } from "../../shared/license-tiers.ts";
import type { Database } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import type { TaxSettings } from "../tax/buyer-tax.ts";
import { cancelPaymentPath } from "./cancel-payment.ts";
import { fulfilOrder } from "./fulfil-order.ts";
import { orderPagePath } from "./order-access.ts";
import { isUnpaid } from "./order-status.ts";
import { itemsOf, type Order, type PlaceOrderInput, placeOrder } from "./place-order.ts";

/**
 * An item as the payment page lists it: named with its licence ("License upgrade" for an upgrade);
 * a discounted item (or one a business pays without the VAT in its price) as one line of what is
 * paid for it, since a provider's lines are never negative and must add up to the amount charged.
 */
function paymentLine(
  order: Pick<Order, "taxIncluded" | "waivedTaxCents">,
  item: {
    title: string;
    licenseType: LicenseTier;
    upgradesLicenseId: number | null;
    bundleTitle: string | null;
    unitPriceCents: number;
    quantity: number;
    lineTotalCents: number;
    discountCents: number;
    netCents: number;
    taxCents: number;
  },
) {
  const licensed = licensedTitle(item.title, item.licenseType);
  const title =
    item.upgradesLicenseId !== null
      ? `License upgrade: ${licensed}`
      : item.bundleTitle
        ? `${licensed}, from the bundle “${item.bundleTitle}”`
        : licensed;
  // What the buyer pays for the line: its tax too where the prices include it (added tax is a line of its own).
  const paidCents = item.netCents + (order.taxIncluded ? item.taxCents : 0);
  if (paidCents === item.lineTotalCents)
    return { title, unitAmountCents: item.unitPriceCents, quantity: item.quantity };
  const seats = item.quantity > 1 ? `, ${seatsLabel(item.quantity)}` : "";
  const less = [item.discountCents > 0 ? "discounted" : null, order.waivedTaxCents > 0 ? "without VAT" : null];
  return { title: `${title}${seats}, ${less.filter(Boolean).join(", ")}`, unitAmountCents: paidCents, quantity: 1 };
}

export interface CheckoutServices {
  db: Database;
  jobs: JobQueue;
  payments: PaymentProvider;
  publicUrl: string;
  secret: string;
  /** How the shop charges tax (config.tax). */
  tax: TaxSettings;
  /** The address of the buyer's request: evidence of where they live when tax is by place. */
  clientAddress: string;
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
  input: Omit<PlaceOrderInput, "tax">,
): Promise<CheckoutResult> {
  if (!input.shopperId && !input.lines && !input.upgrade) throw new Refusal("Your cart is empty.", "invalid");
  const order = await placeOrder(services.db, { ...input, tax: services.tax });
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
    throw new Refusal("This checkout has ended. Please check out again.", "conflict");
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
        ...items.map((item) => paymentLine(order, item)),
        // Tax the prices include is in the lines already; tax added to them is a line of its own.
        ...(order.taxCents > 0 && !order.taxIncluded
          ? [{ title: order.taxLabel, unitAmountCents: order.taxCents, quantity: 1 }]
          : []),
      ],
      customerEmail: order.email,
      returnUrl: `${orderUrl}${orderUrl.includes("?") ? "&" : "?"}placed=1`,
      cancelUrl: `${services.publicUrl}${cancelPaymentPath(services.secret, order)}`,
    });
  } catch (error) {
    throw new Refusal(
      "The payment provider could not be reached. Nothing was charged; please try again.",
      "upstream-failed",
      {
        cause: error,
      },
    );
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
