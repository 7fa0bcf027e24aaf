import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuyer, createProduct, createProducts } from "../../tests/support/factories.ts";
import {
  checkoutServices,
  FLAT_CART,
  FLAT_TAX,
  guestBuyer as guest,
  TEST_SECRET as SECRET,
  shopperWithCart,
} from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { addToCart, getCart, setQuantity } from "../cart/cart.ts";
import { orderItems, orders, paymentEvents } from "../db/schema.ts";
import { QUEUES, type RunningJobs, startJobs } from "../jobs/queue.ts";
import type { PaymentEvent } from "../payments/provider.ts";
import { receivePaymentEvent } from "../payments/receive-payment-event.ts";
import { checkout } from "./checkout.ts";
import { splitSale } from "./money.ts";
import { isOrderAccessToken } from "./order-access.ts";
import { ORDER_NUMBER } from "./order-number.ts";
import { itemsOf, placeOrder } from "./place-order.ts";

const database = setUpTestDatabase();
let jobs: RunningJobs;
let catalogue: { id: number; priceCents: number }[] = [];
let key = 0;
const newKey = () => `test-key-${++key}-${Date.now()}`;

beforeAll(async () => {
  jobs = await startJobs(database.pool, (error) => console.error(error));
  catalogue = await createProducts(database.db, 4);
});
afterAll(() => jobs?.stop());

const services = () => checkoutServices(database.db, jobs);
const guestWithCart = (...productIds: number[]) => shopperWithCart(database.db, productIds);

async function receiptJobs(orderId: number) {
  const { rows } = await database.pool.query(
    "SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'orderId' = $2",
    [QUEUES.sendReceipt, String(orderId)],
  );
  return rows[0].n as number;
}

function succeeded(
  order: { number: string; totalCents: number; paymentRef: string | null },
  id = `evt-${Math.random()}`,
): Extract<PaymentEvent, { type: "payment_succeeded" }> {
  return {
    id,
    type: "payment_succeeded",
    reference: order.number,
    sessionRef: order.paymentRef ?? "",
    amountCents: order.totalCents,
    currency: "usd",
  };
}

describe("money", () => {
  it.each([
    [1000, 700, 300],
    [2500, 1750, 750],
    [5000, 3500, 1500],
    [10000, 7000, 3000],
    [999, 699, 300],
    [5, 4, 1],
  ])("splits %i cents: %i to the seller (70 percent), %i to the platform", (line, seller, platform) => {
    expect(splitSale(line)).toEqual({ sellerCents: seller, platformCents: platform });
  });
});

describe("placing an order", () => {
  it("copies the cart with catalogue prices: subtotal, 8% tax rounded once, total, a 9-character number", async () => {
    const [a, b] = catalogue;
    const shopper = await guestWithCart(a!.id, b!.id);
    await setQuantity(database.db, { shopperId: shopper, productId: b!.id, quantity: 3 });
    const cart = await getCart(database.db, shopper, FLAT_CART);
    const order = await placeOrder(database.db, {
      tax: FLAT_TAX,
      shopperId: shopper,
      buyer: guest,
      idempotencyKey: newKey(),
    });
    expect(order.number).toMatch(ORDER_NUMBER);
    const subtotal = a!.priceCents + 3 * b!.priceCents;
    expect(order).toMatchObject({
      status: "pending_payment",
      subtotalCents: subtotal,
      taxCents: Math.round(subtotal * 0.08),
      totalCents: subtotal + Math.round(subtotal * 0.08),
      email: "ada@example.com",
    });
    expect(order.totalCents).toBe(cart.totalCents);
    const items = await database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(orderItems.id);
    expect(items.map((item) => [item.productId, item.unitPriceCents, item.quantity, item.lineTotalCents])).toEqual([
      [a!.id, a!.priceCents, 1, a!.priceCents],
      [b!.id, b!.priceCents, 3, 3 * b!.priceCents],
    ]);
    for (const item of items) expect(item.sellerCents + item.platformCents).toBe(item.lineTotalCents);
  });

  it("rounds the tax once on the subtotal, not per line", async () => {
    // Two lines of 6 cents: per line 0.48 -> 0 + 0 = 0; on the subtotal 12 * 8% = 0.96 -> 1 cent.
    const [a, b] = await createProducts(database.db, 2, { priceCents: 6 });
    const shopper = await guestWithCart(a!.id, b!.id);
    const order = await placeOrder(database.db, {
      tax: FLAT_TAX,
      shopperId: shopper,
      buyer: guest,
      idempotencyKey: newKey(),
    });
    expect(order).toMatchObject({ subtotalCents: 12, taxCents: 1, totalCents: 13 });
  });

  it("refuses an empty cart", async () => {
    const shopper = await guestWithCart();
    await expect(
      placeOrder(database.db, { tax: FLAT_TAX, shopperId: shopper, buyer: guest, idempotencyKey: newKey() }),
    ).rejects.toThrow("Your cart is empty.");
  });

  it("makes one order for one idempotency key, even for ten requests at once", async () => {
    const shopper = await guestWithCart(catalogue[0]!.id);
    const idempotencyKey = newKey();
    const placed = await Promise.all(
      Array.from({ length: 10 }, () =>
        placeOrder(database.db, { tax: FLAT_TAX, shopperId: shopper, buyer: guest, idempotencyKey }),
      ),
    );
    expect(new Set(placed.map((order) => order.id)).size).toBe(1);
    const [{ count }] = (
      await database.db.execute(
        sql`SELECT count(*)::int AS count FROM orders WHERE idempotency_key = ${idempotencyKey}`,
      )
    ).rows as [{ count: number }];
    expect(count).toBe(1);
  });

  it("refuses someone else's idempotency key", async () => {
    const idempotencyKey = newKey();
    await placeOrder(database.db, {
      tax: FLAT_TAX,
      shopperId: await guestWithCart(catalogue[0]!.id),
      buyer: guest,
      idempotencyKey,
    });
    await expect(
      placeOrder(database.db, {
        tax: FLAT_TAX,
        shopperId: await guestWithCart(catalogue[1]!.id),
        buyer: guest,
        idempotencyKey,
      }),
    ).rejects.toThrow("This checkout request was already used.");
  });
});

describe("checkout and payment events", () => {
  it("opens one payment session for repeated checkouts, with the order's lines and tax adding up to its total", async () => {
    const shopper = await guestWithCart(catalogue[0]!.id, catalogue[1]!.id);
    const idempotencyKey = newKey();
    const input = { shopperId: shopper, buyer: guest, idempotencyKey };
    const [first, second] = await Promise.all([checkout(services(), input), checkout(services(), input)]);
    expect(first!.paymentUrl).toMatch(/^http:\/\/shop\.test\/pay\/hps_/);
    expect(second!.paymentUrl).toBe(first!.paymentUrl);
    expect(first!.orderPath).toMatch(new RegExp(`^/orders/${first!.orderNumber}\\?access=`));
    const token = new URL(first!.orderPath, "http://x").searchParams.get("access");
    expect(isOrderAccessToken({ secret: SECRET, orderNumber: first!.orderNumber, token })).toBe(true);
    expect(isOrderAccessToken({ secret: SECRET, orderNumber: first!.orderNumber, token: `${token}x` })).toBe(false);
    const { rows } = await database.pool.query(
      "SELECT amount_cents, lines FROM hosted_payment_sessions WHERE reference = $1",
      [first!.orderNumber],
    );
    const [order] = await database.db.select().from(orders).where(eq(orders.number, first!.orderNumber));
    expect(rows).toHaveLength(1);
    expect(rows[0].amount_cents).toBe(order!.totalCents);
    expect(rows[0].lines.at(-1)).toEqual({ title: "Tax (8%)", unitAmountCents: order!.taxCents, quantity: 1 });
  });

  it("fulfils an order once for a payment event delivered five times at once: paid, license keys, cart emptied, one receipt", async () => {
    const [a, b, c] = catalogue;
    const shopper = await guestWithCart(a!.id, b!.id);
    const started = await checkout(services(), { shopperId: shopper, buyer: guest, idempotencyKey: newKey() });
    // Added after checkout: it was not bought and stays in the cart.
    await addToCart(database.db, { shopperId: shopper, productId: c!.id });
    const [order] = await database.db.select().from(orders).where(eq(orders.number, started.orderNumber));
    const event = succeeded(order!);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => receivePaymentEvent(database.db, { jobs, provider: "hosted", event })),
    );
    expect(results.filter((result) => result.firstTime)).toEqual([{ firstTime: true, outcome: "paid" }]);
    const [paid] = await database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(paid).toMatchObject({ status: "paid" });
    expect(paid!.paidAt).toBeInstanceOf(Date);
    const items = await itemsOf(database.db, order!.id);
    for (const item of items) expect(item.licenseKey).toMatch(/^DGM(-[A-Z0-9]{4}){4}$/);
    expect((await getCart(database.db, shopper, FLAT_CART)).lines.map((line) => line.productId)).toEqual([c!.id]);
    expect(await receiptJobs(order!.id)).toBe(1);

    // Another success event for the same order (a second delivery under a new id) changes nothing.
    expect(await receivePaymentEvent(database.db, { jobs, provider: "hosted", event: succeeded(order!) })).toEqual({
      firstTime: true,
      outcome: "ignored: already paid",
    });
    expect(await receiptJobs(order!.id)).toBe(1);
  });

  it("records a decline with its reason, and a later success still pays; a late failure never undoes a payment", async () => {
    const shopper = await guestWithCart(catalogue[0]!.id);
    const started = await checkout(services(), { shopperId: shopper, buyer: guest, idempotencyKey: newKey() });
    const [order] = await database.db.select().from(orders).where(eq(orders.number, started.orderNumber));
    const failed: PaymentEvent = {
      id: `evt-f-${order!.id}`,
      type: "payment_failed",
      reference: order!.number,
      sessionRef: order!.paymentRef!,
      reason: "Your card was declined.",
    };
    await receivePaymentEvent(database.db, { jobs, provider: "hosted", event: failed });
    expect((await database.db.select().from(orders).where(eq(orders.id, order!.id)))[0]).toMatchObject({
      status: "failed",
      failureReason: "Your card was declined.",
    });
    expect((await getCart(database.db, shopper, FLAT_CART)).lines).toHaveLength(1);
    await receivePaymentEvent(database.db, { jobs, provider: "hosted", event: succeeded(order!) });
    // Out of order: an older failure and an expiry arrive after the payment.
    const late = await receivePaymentEvent(database.db, {
      jobs,
      provider: "hosted",
      event: { ...failed, id: `evt-f2-${order!.id}` },
    });
    const expired = await receivePaymentEvent(database.db, {
      jobs,
      provider: "hosted",
      event: {
        id: `evt-x-${order!.id}`,
        type: "session_expired",
        reference: order!.number,
        sessionRef: order!.paymentRef!,
      },
    });
    expect([late.outcome, expired.outcome]).toEqual(["ignored: order is paid", "ignored: order is paid"]);
    expect((await database.db.select().from(orders).where(eq(orders.id, order!.id)))[0]).toMatchObject({
      status: "paid",
      failureReason: null,
    });
  });

  it("does not fulfil a payment of another amount, or of another order's session", async () => {
    const started = await checkout(services(), {
      shopperId: await guestWithCart(catalogue[0]!.id),
      buyer: guest,
      idempotencyKey: newKey(),
    });
    const [order] = await database.db.select().from(orders).where(eq(orders.number, started.orderNumber));
    const short = await receivePaymentEvent(database.db, {
      jobs,
      provider: "hosted",
      event: {
        ...succeeded(order!),
        amountCents: order!.totalCents - 1,
      },
    });
    expect(short.outcome).toMatch(/^refused: paid/);
    const otherSession = await receivePaymentEvent(database.db, {
      jobs,
      provider: "hosted",
      event: {
        ...succeeded(order!),
        sessionRef: "hps_someone_else",
      },
    });
    expect(otherSession.outcome).toBe("ignored: no such order or session");
    const otherProvider = await receivePaymentEvent(database.db, {
      jobs,
      provider: "stripe",
      event: succeeded(order!),
    });
    expect(otherProvider.outcome).toBe("ignored: no such order or session");
    expect((await database.db.select().from(orders).where(eq(orders.id, order!.id)))[0]!.status).toBe(
      "pending_payment",
    );
    expect(await receiptJobs(order!.id)).toBe(0);
    const recorded = await database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, order!.id))
      .orderBy(paymentEvents.id);
    expect(recorded.map((event) => event.outcome)).toEqual([
      short.outcome,
      otherSession.outcome,
      otherProvider.outcome,
    ]);
  });

  it("fulfils a free order at once, without a payment page", async () => {
    const a = await createProduct(database.db, { priceCents: 0 });
    const result = await checkout(services(), {
      shopperId: await guestWithCart(a.id),
      buyer: guest,
      idempotencyKey: newKey(),
    });
    expect(result).toMatchObject({ status: "paid", paymentUrl: null });
    const [order] = await database.db.select().from(orders).where(eq(orders.number, result.orderNumber));
    expect(order).toMatchObject({ totalCents: 0, status: "paid" });
    expect(await receiptJobs(order!.id)).toBe(1);
  });

  it("gives a signed-in buyer's order to the account", async () => {
    const bea = await createBuyer(database.db, { name: "Bea", email: "bea@example.com" });
    const shopper = await shopperWithCart(database.db, [catalogue[0]!.id], bea.userId);
    const result = await checkout(services(), { shopperId: shopper, buyer: bea, idempotencyKey: newKey() });
    expect(result.orderPath).toBe(`/account/orders/${result.orderNumber}`);
  });
});
