import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createProducts } from "../../tests/support/factories.ts";
import {
  checkoutServices,
  flatTax,
  payOrder,
  recordingJobs,
  reloadOrder,
  startOrder,
  TEST_SHOP_URL,
} from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { hostedPaymentSessions, orders, products } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { payWithCard } from "../payments/hosted/hosted-payments.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { receivePaymentEvent } from "../payments/receive-payment-event.ts";
import { cancelPayment, cancelPaymentPath, cancelRequestIn } from "./cancel-payment.ts";
import { expireUnpaidOrders, UNPAID_ORDER_HOURS } from "./expire-orders.ts";
import { loadOrderPage } from "./order-page.ts";
import { payAgain } from "./pay-again.ts";
import { itemsOf } from "./place-order.ts";

// Orders that end unpaid: a payment the buyer cancels, a payment session whose
// time runs out, a payment that still arrives afterwards, and paying again.

const database = setUpTestDatabase();
const jobs = recordingJobs();
const services = () => checkoutServices(database.db, jobs);
let productIds: number[] = [];
const SUCCEEDS = { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Ada Lovelace" };

beforeAll(async () => {
  productIds = (await createProducts(database.db, 4)).map((product) => product.id);
});

const newKey = () => crypto.randomUUID().replaceAll("-", "");
const sessionOf = async (id: string) =>
  (await database.db.select().from(hostedPaymentSessions).where(eq(hostedPaymentSessions.id, id)))[0]!;
const expiredEvent = (order: { number: string; paymentRef: string | null }) => ({
  id: `evt_${crypto.randomUUID()}`,
  type: "session_expired" as const,
  reference: order.number,
  sessionRef: order.paymentRef!,
});

describe("the cancel address the payment page sends a buyer who gives up to", () => {
  it("is the buyer's order page with a token only this shop makes, for this order only", async () => {
    const { order, started } = await startOrder(services(), [productIds[0]!]);
    const session = await sessionOf(order.paymentRef!);
    const url = new URL(session.cancelUrl);
    // The access token carries the second it was made (the checkout's), so only the cancel token is compared whole.
    const expected = new URL(cancelPaymentPath(services().secret, order), TEST_SHOP_URL);
    expect(url.origin + url.pathname).toBe(expected.origin + expected.pathname);
    expect(url.searchParams.get("cancel")).toBe(expected.searchParams.get("cancel"));
    expect(url.pathname).toBe(`/orders/${order.number}`);
    expect(url.searchParams.get("access")).toBe(new URL(started.orderPath, TEST_SHOP_URL).searchParams.get("access"));

    const secret = services().secret;
    expect(cancelRequestIn(secret, order.number, url)).toEqual({
      genuine: true,
      pageUrl: `/orders/${order.number}?access=${url.searchParams.get("access")}`,
    });
    expect(cancelRequestIn(secret, "ZZZZZZZZZ", url)?.genuine).toBe(false);
    expect(cancelRequestIn("another-secret-of-at-least-32-characters", order.number, url)?.genuine).toBe(false);
    url.searchParams.set("cancel", "x");
    expect(cancelRequestIn(secret, order.number, url)?.genuine).toBe(false);
    url.searchParams.delete("cancel");
    expect(cancelRequestIn(secret, order.number, url)).toBeNull();
    // An account's order: its own page.
    expect(cancelPaymentPath(secret, { number: order.number, userId: "u1" })).toMatch(
      new RegExp(`^/account/orders/${order.number}\\?cancel=[\\w-]{22}$`),
    );
  });
});

describe("cancelling a payment", () => {
  it("closes the payment session first, then cancels the order; the page then takes no payment", async () => {
    const { order } = await startOrder(services(), [productIds[0]!]);
    expect(await cancelPayment(services(), order)).toBe("cancelled");
    expect((await reloadOrder(database.db, order.id)).status).toBe("cancelled");
    expect((await sessionOf(order.paymentRef!)).status).toBe("cancelled");
    expect(await payWithCard(database.db, { jobs, sessionId: order.paymentRef!, card: SUCCEEDS })).toEqual({
      status: "cancelled",
    });
    // Done again (a reload of the cancel address): nothing changes.
    expect(await cancelPayment(services(), await reloadOrder(database.db, order.id))).toBe("cancelled");
  });

  it("cancels an order whose last card was declined", async () => {
    const { order } = await startOrder(services(), [productIds[1]!]);
    await database.db
      .update(orders)
      .set({ status: "failed", failureReason: "Declined" })
      .where(eq(orders.id, order.id));
    expect(await cancelPayment(services(), await reloadOrder(database.db, order.id))).toBe("cancelled");
  });

  it("leaves an order whose session was paid to its payment event, which then fulfils it", async () => {
    const { order } = await startOrder(services(), [productIds[0]!]);
    expect(await payWithCard(database.db, { jobs, sessionId: order.paymentRef!, card: SUCCEEDS })).toMatchObject({
      status: "paid",
    });
    // The buyer pressed Back and then Cancel before the webhook arrived.
    expect(await cancelPayment(services(), order)).toBe("pending_payment");
    expect((await payOrder(database.db, jobs, order)).status).toBe("paid");
    expect(await cancelPayment(services(), await reloadOrder(database.db, order.id))).toBe("paid");
  });

  it("keeps the order payable when the provider cannot be asked to close the session", async () => {
    const { order } = await startOrder(services(), [productIds[0]!]);
    const down: PaymentProvider = {
      ...services().payments,
      closeCheckout: () => Promise.reject(new Error("connect ECONNREFUSED")),
    };
    await expect(cancelPayment({ db: database.db, payments: down }, order)).rejects.toThrow("ECONNREFUSED");
    expect((await reloadOrder(database.db, order.id)).status).toBe("pending_payment");
  });

  it("ignores the provider's expiry event that follows, and never moves a paid order", async () => {
    const { order } = await startOrder(services(), [productIds[2]!]);
    await cancelPayment(services(), order);
    const received = await receivePaymentEvent(database.db, { jobs, provider: "hosted", event: expiredEvent(order) });
    expect(received.outcome).toBe("ignored: order is cancelled");
    expect((await reloadOrder(database.db, order.id)).status).toBe("cancelled");
  });
});

describe("a payment that arrives after the order was cancelled or expired", () => {
  it.each(["cancelled", "expired"] as const)(
    "fulfils the %s order: nothing is ever paid but not delivered",
    async (status) => {
      const { order } = await startOrder(services(), [productIds[0]!]);
      await database.db.update(orders).set({ status }).where(eq(orders.id, order.id));
      const paid = await payOrder(database.db, jobs, order);
      expect(paid.status).toBe("paid");
      expect((await itemsOf(database.db, order.id)).every((item) => item.licenseKey)).toBe(true);
    },
  );
});

describe("the expiry job (expire-unpaid-orders)", () => {
  it("keeps when the order's payment session closes, as the provider said", async () => {
    const { order } = await startOrder(services(), [productIds[0]!]);
    const session = await sessionOf(order.paymentRef!);
    expect(order.paymentExpiresAt).toEqual(session.expiresAt);
  });

  it("expires unpaid orders whose session has closed, and no other", async () => {
    const now = new Date();
    const past = new Date(now.getTime() - 60_000);
    const { order: abandoned } = await startOrder(services(), [productIds[0]!]);
    const { order: declined } = await startOrder(services(), [productIds[1]!]);
    const { order: open } = await startOrder(services(), [productIds[2]!]);
    const { order: paid } = await startOrder(services(), [productIds[3]!]);
    const { order: noSession } = await startOrder(services(), [productIds[0]!]);
    const { order: youngNoSession } = await startOrder(services(), [productIds[1]!]);
    await database.db.update(orders).set({ paymentExpiresAt: past }).where(eq(orders.id, abandoned.id));
    await database.db
      .update(orders)
      .set({ paymentExpiresAt: past, status: "failed" })
      .where(eq(orders.id, declined.id));
    await payOrder(database.db, jobs, paid);
    await database.db.update(orders).set({ paymentExpiresAt: past }).where(eq(orders.id, paid.id));
    // No session stored (the provider could not be reached): as long as a session would have lasted.
    await database.db
      .update(orders)
      .set({ paymentExpiresAt: null, createdAt: new Date(now.getTime() - (UNPAID_ORDER_HOURS * 3600_000 + 1000)) })
      .where(eq(orders.id, noSession.id));
    await database.db.update(orders).set({ paymentExpiresAt: null }).where(eq(orders.id, youngNoSession.id));

    await expireUnpaidOrders(database.db, now);
    const status = async (id: number) => (await reloadOrder(database.db, id)).status;
    expect({
      abandoned: await status(abandoned.id),
      declined: await status(declined.id),
      open: await status(open.id),
      paid: await status(paid.id),
      noSession: await status(noSession.id),
      youngNoSession: await status(youngNoSession.id),
    }).toEqual({
      abandoned: "expired",
      declined: "expired",
      open: "pending_payment",
      paid: "paid",
      noSession: "expired",
      youngNoSession: "pending_payment",
    });
    expect(await expireUnpaidOrders(database.db, now)).toBe(0);
  });
});

describe("the order page of an order that ended unpaid", () => {
  it("claims no receipt, offers no payment page, and gives Pay again a key", async () => {
    const { order } = await startOrder(services(), [productIds[0]!]);
    await cancelPayment(services(), order);
    const page = await loadOrderPage(database.db, {
      secret: services().secret,
      orderNumber: order.number,
      viewer: {
        userId: null,
        accessToken: null,
      },
    }).catch(() => null);
    expect(page).toBeNull(); // a stranger sees nothing
    const own = await loadOrderPage(database.db, {
      secret: services().secret,
      orderNumber: order.number,
      viewer: {
        userId: null,
        accessToken: new URL(cancelPaymentPath(services().secret, order), TEST_SHOP_URL).searchParams.get("access"),
      },
    });
    expect(own.order).toMatchObject({ status: "cancelled", receiptSentAt: null, paymentUrl: null });
    expect(own.order.payAgainKey).toMatch(/^[a-f0-9]{32}$/);
  });

  it("says when the receipt was sent once it was", async () => {
    const { order } = await startOrder(services(), [productIds[0]!]);
    await payOrder(database.db, jobs, order);
    const viewer = {
      userId: null,
      accessToken: new URL(cancelPaymentPath(services().secret, order), TEST_SHOP_URL).searchParams.get("access"),
    };
    const before = await loadOrderPage(database.db, { secret: services().secret, orderNumber: order.number, viewer });
    expect(before.order).toMatchObject({ status: "paid", receiptSentAt: null, payAgainKey: null });
    await database.db.update(orders).set({ receiptSentAt: sql`now()` }).where(eq(orders.id, order.id));
    const after = await loadOrderPage(database.db, { secret: services().secret, orderNumber: order.number, viewer });
    expect(after.order.receiptSentAt).toEqual(expect.any(String));
  });
});

describe("paying again", () => {
  it("makes a new order of the same items at today's prices for the same buyer, and opens its payment page", async () => {
    const [first, second] = [productIds[0]!, productIds[1]!];
    const { order } = await startOrder(services(), [first, second]);
    await cancelPayment(services(), order);
    const [before] = await database.db.select().from(products).where(eq(products.id, first));
    await database.db
      .update(products)
      .set({ priceCents: before!.priceCents + 100 })
      .where(eq(products.id, first));
    try {
      const key = newKey();
      const next = await payAgain(services(), await reloadOrder(database.db, order.id), key);
      expect(next).toMatch(new RegExp(`^${TEST_SHOP_URL}/pay/hps_`));
      // The same click again: the same order.
      expect(await payAgain(services(), await reloadOrder(database.db, order.id), key)).toBe(next);
      const [again] = await database.db.select().from(orders).where(eq(orders.idempotencyKey, key));
      expect(again).toMatchObject({
        status: "pending_payment",
        email: order.email,
        userId: null,
        shopperId: order.shopperId,
      });
      expect(again!.number).not.toBe(order.number);
      const items = await itemsOf(database.db, again!.id);
      expect(items.map((item) => [item.productId, item.unitPriceCents])).toEqual([
        [first, before!.priceCents + 100],
        [second, (await itemsOf(database.db, order.id))[1]!.unitPriceCents],
      ]);
      expect(again!.subtotalCents).toBe(order.subtotalCents + 100);
      expect(again!.totalCents).toBe(again!.subtotalCents + flatTax(again!.subtotalCents));
    } finally {
      await database.db.update(products).set({ priceCents: before!.priceCents }).where(eq(products.id, first));
    }
  });

  it("leaves out a product no longer on sale, and refuses when none is", async () => {
    const [kept, gone] = [productIds[2]!, productIds[3]!];
    const { order } = await startOrder(services(), [kept, gone]);
    await database.db.update(orders).set({ status: "expired" }).where(eq(orders.id, order.id));
    await database.db.update(products).set({ status: "hidden" }).where(eq(products.id, gone));
    try {
      const key = newKey();
      await payAgain(services(), await reloadOrder(database.db, order.id), key);
      const [again] = await database.db.select().from(orders).where(eq(orders.idempotencyKey, key));
      expect((await itemsOf(database.db, again!.id)).map((item) => item.productId)).toEqual([kept]);

      const { order: onlyGone } = await startOrder(services(), [kept]);
      await database.db.update(orders).set({ status: "expired" }).where(eq(orders.id, onlyGone.id));
      await database.db.update(products).set({ status: "hidden" }).where(eq(products.id, kept));
      await expect(payAgain(services(), await reloadOrder(database.db, onlyGone.id), newKey())).rejects.toThrow(
        new Refusal("These products are no longer on sale.", "invalid"),
      );
    } finally {
      await database.db.update(products).set({ status: "published" }).where(eq(products.id, gone));
      await database.db.update(products).set({ status: "published" }).where(eq(products.id, kept));
    }
  });

  it("opens the same payment page while the order can still be paid, and refuses a paid order", async () => {
    const { order, started } = await startOrder(services(), [productIds[0]!]);
    expect(await payAgain(services(), order, newKey())).toBe(started.paymentUrl);
    const paid = await payOrder(database.db, jobs, order);
    await expect(payAgain(services(), paid, newKey())).rejects.toMatchObject({ status: 409 });
  });
});
