import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { addToCart, clearCart } from "../../server/cart/cart.ts";
import { ensureShopper } from "../../server/cart/shopper.ts";
import type { Database, DatabaseHandle } from "../../server/db/client.ts";
import { orders, products } from "../../server/db/schema.ts";
import { seedSampleCatalogueIfEmpty } from "../../server/demo/catalogue/seed-sample-catalogue.ts";
import type { OutgoingEmail } from "../../server/email/mailer.ts";
import { type JobQueue, QUEUES, type QueuedJob } from "../../server/jobs/queue.ts";
import { type CheckoutServices, checkout } from "../../server/orders/checkout.ts";
import type { Buyer, Order } from "../../server/orders/place-order.ts";
import { createHostedProvider } from "../../server/payments/hosted/hosted-provider.ts";
import { receivePaymentEvent } from "../../server/payments/receive-payment-event.ts";
import type { TaxSettings } from "../../server/tax/buyer-tax.ts";
import { loadTaxRates } from "../../server/tax/rate-table.ts";

// Orders as a buyer makes them: a cart, the checkout (an order and its hosted payment session)
// and, for a paid order, the provider's payment_succeeded event applied as the webhook would.
// An order written straight to the database in a given state is createOrder in ./factories.ts.

export const TEST_SECRET = "a-test-secret-of-at-least-32-characters!";
export const TEST_SHOP_URL = "http://shop.test";

export const guestBuyer: Buyer = { userId: null, name: "Ada Guest", email: "ada@example.com" };

/** A job queue that keeps what is sent instead of running it. */
export function recordingJobs(): JobQueue & {
  sent: QueuedJob[];
  /** The emails queued (send-email jobs) for this address, oldest first. */
  emailsTo(to: string): OutgoingEmail[];
} {
  const sent: QueuedJob[] = [];
  return {
    sent,
    async send(name, data) {
      // send's signature has tied the payload to its queue; TypeScript cannot follow that into the union.
      sent.push({ name, data } as QueuedJob);
    },
    emailsTo(to) {
      return sent.flatMap((job) => (job.name === QUEUES.sendEmail && job.data.to === to ? [job.data] : []));
    },
  };
}

/** The sample catalogue in the test database; the first `count` products by id. */
export async function seedProducts(database: DatabaseHandle, count = 4) {
  await seedSampleCatalogueIfEmpty(database.db, database.pool);
  return database.db
    .select({ id: products.id, title: products.title, priceCents: products.priceCents })
    .from(products)
    .orderBy(asc(products.id))
    .limit(count);
}

export function checkoutServices(db: Database, jobs: JobQueue, secret = TEST_SECRET): CheckoutServices {
  return {
    db,
    jobs,
    payments: createHostedProvider({ db, publicUrl: TEST_SHOP_URL, secret }),
    publicUrl: TEST_SHOP_URL,
    secret,
    tax: FLAT_TAX,
    clientAddress: "127.0.0.1",
  };
}

/** The spec's tax, 8% of the subtotal for everyone (TAX_MODE=flat, the default). */
export const FLAT_TAX: TaxSettings = { mode: "flat", rates: loadTaxRates() };

/** What a cart of the tests is priced with: the flat tax, asked from this machine. */
export const FLAT_CART = { tax: { settings: FLAT_TAX, ipAddress: "127.0.0.1" } };

/** What a cart change needs to know of the tax: the flat table, and no VAT number check (none is given). */
export const CART_CHANGE_TAX = {
  rates: FLAT_TAX.rates,
  checkVatNumber: (): never => {
    throw new Error("This test gives no VAT number.");
  },
};

/** The spec's tax on a subtotal: 8%, rounded once to the cent. */
export function flatTax(subtotalCents: number): number {
  return Math.round((subtotalCents * 8) / 100);
}

/** The shop as the supplier on the tests' invoices and credit notes. */
export const TEST_INVOICE_SUPPLIER = {
  name: "Test Shop",
  address: ["1 Test Street", "Testville"],
  email: "support@shop.test",
};

/** Where the tests' VIES is by default: nothing answers there (a test that asks VIES serves its stand-in). */
const NO_VIES = { vies: { baseUrl: "http://127.0.0.1:9" } };

/**
 * What refunding needs (server/orders/decide-refund.ts): the checkout's services, the shop's name
 * and its supplier details; and, for the order page's forms, a VIES (none that answers).
 */
export function refundServicesFor(db: Database, jobs: JobQueue, secret = TEST_SECRET) {
  return {
    ...checkoutServices(db, jobs, secret),
    shopName: "Test Shop",
    invoiceSupplier: TEST_INVOICE_SUPPLIER,
    vatNumbers: NO_VIES,
  };
}

export async function reloadOrder(db: Database, id: number): Promise<Order> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw new Error(`No order ${id}`);
  return order;
}

/**
 * A cart of exactly these products, one of each: a guest's new cart (no `userId`), or the
 * account's cart emptied first. Returns the shopper's id.
 */
export async function shopperWithCart(db: Database, productIds: number[], userId: string | null = null) {
  const { id: shopperId } = await ensureShopper(db, { userId, guestId: null });
  await clearCart(db, shopperId);
  for (const productId of productIds) await addToCart(db, { shopperId, productId });
  return shopperId;
}

/**
 * Checks out a cart of exactly these products (shopperWithCart): the order, pending payment, and
 * the checkout's result.
 */
export async function startOrder(services: CheckoutServices, productIds: number[], buyer: Buyer = guestBuyer) {
  const shopperId = await shopperWithCart(services.db, productIds, buyer.userId);
  const started = await checkout(services, { shopperId, buyer, idempotencyKey: crypto.randomUUID() });
  const [order] = await services.db.select().from(orders).where(eq(orders.number, started.orderNumber));
  return { order: order!, started };
}

/** Applies the provider's payment_succeeded event for the whole order; the order as it is then. */
export async function payOrder(db: Database, jobs: JobQueue, order: Order): Promise<Order> {
  const received = await receivePaymentEvent(db, {
    jobs,
    provider: "hosted",
    event: {
      id: `evt_${crypto.randomUUID()}`,
      type: "payment_succeeded",
      reference: order.number,
      sessionRef: order.paymentRef ?? "",
      amountCents: order.totalCents,
      currency: "usd",
    },
  });
  if (received.outcome !== "paid") throw new Error(`The payment was not applied: ${received.outcome}`);
  return reloadOrder(db, order.id);
}

/** A new order of these products, paid. */
export async function paidOrder(services: CheckoutServices, productIds: number[], buyer: Buyer = guestBuyer) {
  const { order, started } = await startOrder(services, productIds, buyer);
  return { order: await payOrder(services.db, services.jobs, order), started };
}
