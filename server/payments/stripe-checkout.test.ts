import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createProducts } from "../../tests/support/factories.ts";
import { recordingJobs, reloadOrder, startOrder, TEST_INVOICE_SUPPLIER } from "../../tests/support/orders.ts";
import {
  type StripeStandIn,
  signedDelivery,
  startStripeStandIn,
  stripeEvent,
} from "../../tests/support/stripe-stand-in.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { parseConfig } from "../config/env.ts";
import { orderItems, orders, paymentEvents, refundRequests, user } from "../db/schema.ts";
import { cancelPayment, cancelPaymentPath } from "../orders/cancel-payment.ts";
import type { CheckoutServices } from "../orders/checkout.ts";
import { approveRefund } from "../orders/decide-refund.ts";
import { itemsOf } from "../orders/place-order.ts";
import { refundAmounts } from "../orders/refund-amounts.ts";
import { requestRefund } from "../orders/refunds.ts";
import { paymentProviderFor } from "./provider-for.ts";
import { receivePaymentEvent } from "./receive-payment-event.ts";

// Checkout with PAYMENT_PROVIDER=stripe, from the order to its fulfilment: the shop's code, the
// real Stripe SDK, and a local stand-in of the Stripe API whose webhooks are signed as Stripe signs them.

const WEBHOOK_SECRET = "whsec_checkout_test";
const ADMIN = "stripe-admin";
const database = setUpTestDatabase();
let standIn: StripeStandIn;
let services: CheckoutServices;
const jobs = recordingJobs();
let productIds: number[] = [];

beforeAll(async () => {
  standIn = await startStripeStandIn();
  productIds = (await createProducts(database.db, 4)).map((product) => product.id);
  await database.db.insert(user).values({ id: ADMIN, name: "Admin", email: "admin@example.com", role: "admin" });
  const config = parseConfig({
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: "sk_test_checkout",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_connect_test",
    STRIPE_API_URL: standIn.url,
    PUBLIC_URL: "http://shop.test",
  });
  const secret = "a-test-secret-of-at-least-32-characters!";
  services = {
    db: database.db,
    jobs,
    payments: paymentProviderFor(config, database.db, secret),
    publicUrl: config.publicUrl,
    secret,
    tax: config.tax,
    clientAddress: "127.0.0.1",
  };
});
afterAll(() => standIn?.close());

/** What Stripe sends when the buyer has paid on its Checkout page: the session with its PaymentIntent. */
function paidDelivery(sessionId: string) {
  return signedDelivery(stripeEvent("checkout.session.completed", standIn.payForSession(sessionId)), WEBHOOK_SECRET);
}

/** Stripe's signed delivery, received by the shop as its webhook does (app/routes/api/payment-webhook.ts). */
async function deliver(delivery: { body: string; headers: Headers }) {
  return receivePaymentEvent(database.db, {
    jobs,
    provider: "stripe",
    event: await services.payments.withCardCountry(services.payments.verifyWebhook(delivery.body, delivery.headers)),
  });
}

describe("checkout through Stripe", () => {
  it("opens a Checkout Session for the order's total, and fulfils the order once on Stripe's signed event", async () => {
    const { order, started } = await startOrder(services, productIds.slice(0, 2));
    expect(order).toMatchObject({ paymentProvider: "stripe", paymentRef: expect.stringMatching(/^cs_test_/) });
    expect(started.paymentUrl).toBe(standIn.sessions.get(order.paymentRef!)!.url);
    expect(standIn.sessions.get(order.paymentRef!)).toMatchObject({
      amount_total: order.totalCents,
      client_reference_id: order.number,
      success_url: `http://shop.test/orders/${order.number}?access=${new URL(started.orderPath, "http://x").searchParams.get("access")}&placed=1`,
    });

    const delivery = paidDelivery(order.paymentRef!);
    const event = services.payments.verifyWebhook(delivery.body, delivery.headers);
    // Stripe delivers an event again when it is unsure the first delivery arrived.
    const results = await Promise.all(
      [1, 2, 3].map(() => receivePaymentEvent(database.db, { jobs, provider: "stripe", event })),
    );
    expect(results.filter((result) => result.firstTime).map((result) => result.outcome)).toEqual(["paid"]);
    const [paid] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid!.status).toBe("paid");
    // The PaymentIntent the session captured: what a refund names.
    expect(paid!.paymentCaptureRef).toMatch(/^pi_test_/);
    expect(paid!.paymentCaptureRef).toBe(standIn.sessions.get(order.paymentRef!)!.payment_intent);
    expect(await database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id))).toHaveLength(1);
  });

  it("records the card's issuing country, read from the PaymentIntent's charge, with the payment", async () => {
    const { order } = await startOrder(services, productIds.slice(0, 1));
    const session = standIn.payForSession(order.paymentRef!, { cardCountry: "FR" });
    expect(await deliver(signedDelivery(stripeEvent("checkout.session.completed", session), WEBHOOK_SECRET))).toEqual({
      firstTime: true,
      outcome: "paid",
    });
    const [event] = await database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id));
    expect(event!.payload).toMatchObject({ type: "payment_succeeded", cardCountry: "FR" });
    // A flat-rate order keeps no evidence of where the buyer lives, and the card adds none.
    expect((await reloadOrder(database.db, order.id)).taxEvidence).toBeNull();
  });

  it("gives the buyer and Stripe's return address the same order link, even when a second passes between them", async () => {
    // A guest's link carries the second it was issued: let every reading of the clock be a second later.
    let now = Date.parse("2026-11-24T10:00:00.000Z");
    const clock = vi.spyOn(Date, "now").mockImplementation(() => (now += 1_000));
    let checkout: Awaited<ReturnType<typeof startOrder>>;
    try {
      checkout = await startOrder(services, productIds.slice(0, 1));
    } finally {
      clock.mockRestore();
    }
    const { order, started } = checkout;
    expect(standIn.sessions.get(order.paymentRef!)!.success_url).toBe(`http://shop.test${started.orderPath}&placed=1`);
  });

  it("refunds an approved request from the PaymentIntent captured at fulfilment, once per item", async () => {
    const { order } = await startOrder(services, productIds.slice(0, 3));
    const delivery = paidDelivery(order.paymentRef!);
    await deliver(delivery);
    const [paid] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    const items = await itemsOf(database.db, order.id);
    const amounts = refundAmounts(items);
    const refundServices = { ...services, shopName: "Test Shop", invoiceSupplier: TEST_INVOICE_SUPPLIER };

    const refundedIds: string[] = [];
    for (const item of items) {
      await requestRefund(database.db, {
        order: await reloadOrder(database.db, order.id),
        request: {
          orderItemId: item.id,
          reason: "The files do not open for me.",
        },
      });
      const [request] = await database.db.select().from(refundRequests).where(eq(refundRequests.orderItemId, item.id));
      const requestsBefore = standIn.requests.length;
      const approved = await approveRefund(refundServices, ADMIN, request!.id);
      expect(approved.amountCents).toBe(amounts.get(item.id));
      // One request to Stripe: the PaymentIntent was stored at fulfilment, so no session lookup.
      const sent = standIn.requests.slice(requestsBefore);
      expect(sent.map((recorded) => `${recorded.method} ${recorded.path} ${recorded.idempotencyKey}`)).toEqual([
        `POST /v1/refunds refund-${request!.id}`,
      ]);
      expect(sent[0]!.params).toMatchObject({
        payment_intent: paid!.paymentCaptureRef,
        amount: String(amounts.get(item.id)),
      });
      const [decided] = await database.db.select().from(refundRequests).where(eq(refundRequests.id, request!.id));
      expect(decided!.providerRefundRef).toMatch(/^re_test_/);
      refundedIds.push(decided!.providerRefundRef!);
    }

    // Every item refunded: Stripe gave back exactly the order's total, and nothing is left to refund.
    const refunds = refundedIds.map((id) => standIn.refunds.get(id)!);
    expect(refunds.every((refund) => refund.payment_intent === paid!.paymentCaptureRef)).toBe(true);
    expect(refunds.reduce((sum, refund) => sum + refund.amount, 0)).toBe(order.totalCents);
    const [refunded] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(refunded!.status).toBe("refunded");
    expect(
      (await database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).map((item) => item.status),
    ).toEqual(["refunded", "refunded", "refunded"]);
  });

  it("never opens a second Checkout Session for an order, even when asked with other amounts", async () => {
    const { order } = await startOrder(services, productIds.slice(2, 3));
    const sessionsBefore = standIn.sessions.size;
    const again = await services.payments
      .createCheckout({
        reference: order.number,
        amountCents: order.totalCents,
        currency: "usd",
        lines: [{ title: "x", unitAmountCents: order.totalCents, quantity: 1 }],
        customerEmail: order.email,
        returnUrl: "http://shop.test/a",
        cancelUrl: "http://shop.test/b",
      })
      .catch((error: Error) => error);
    // Stripe refuses the same idempotency key with other parameters rather than charging twice.
    expect(again).toBeInstanceOf(Error);
    expect(standIn.sessions.size).toBe(sessionsBefore);
  });

  it("leaves the order unpaid when the payment fails later, and expires it with its session", async () => {
    const { order } = await startOrder(services, productIds.slice(3, 4));
    const session = standIn.sessions.get(order.paymentRef!)!;
    const failed = signedDelivery(stripeEvent("checkout.session.async_payment_failed", session), WEBHOOK_SECRET);
    await deliver(failed);
    expect(await reloadOrder(database.db, order.id)).toMatchObject({
      status: "failed",
      failureReason: "Your payment did not go through. Please try another payment method.",
    });
    const expired = signedDelivery(
      stripeEvent("checkout.session.expired", { ...session, status: "expired" }),
      WEBHOOK_SECRET,
    );
    await deliver(expired);
    expect((await reloadOrder(database.db, order.id)).status).toBe("expired");
  });

  it("cancels as the hosted page does: the session is expired at Stripe, the order cancelled, Stripe's event then ignored", async () => {
    const { order } = await startOrder(services, productIds.slice(0, 1));
    // The session's own end, kept for the expiry job.
    expect(order.paymentExpiresAt).toEqual(new Date(standIn.sessions.get(order.paymentRef!)!.expires_at * 1000));
    expect(standIn.sessions.get(order.paymentRef!)!.cancel_url).toBe(
      `http://shop.test${cancelPaymentPath(services.secret, order)}`,
    );

    expect(await cancelPayment(services, order)).toBe("cancelled");
    const session = standIn.sessions.get(order.paymentRef!)!;
    expect(session.status).toBe("expired");
    const expired = signedDelivery(stripeEvent("checkout.session.expired", session), WEBHOOK_SECRET);
    const received = await deliver(expired);
    expect(received.outcome).toBe("ignored: order is cancelled");
    expect((await reloadOrder(database.db, order.id)).status).toBe("cancelled");
  });

  it("leaves an order whose session was paid before the cancel to its payment event", async () => {
    const { order } = await startOrder(services, productIds.slice(1, 2));
    const delivery = paidDelivery(order.paymentRef!);
    expect(await cancelPayment(services, order)).toBe("pending_payment");
    await deliver(delivery);
    expect((await reloadOrder(database.db, order.id)).status).toBe("paid");
  });
});
