import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type CheckoutSessionObject,
  type StripeStandIn,
  signedDelivery,
  startStripeStandIn,
  stripeEvent,
} from "../../tests/support/stripe-stand-in.ts";
import {
  type CheckoutRequest,
  type PaymentProvider,
  RefundRefused,
  type RefundRequest,
  WebhookRejected,
} from "./provider.ts";
import { createStripeProvider } from "./stripe-provider.ts";

// The real Stripe SDK, talking to a local stand-in of the Stripe API.

const SECRET_KEY = "sk_test_shop";
const WEBHOOK_SECRET = "whsec_shop_endpoint";

let standIn: StripeStandIn;
let provider: PaymentProvider;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  provider = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: standIn.url });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
});

let lastOrderNumber = 1000;
function checkoutRequest(changes: Partial<CheckoutRequest> = {}): CheckoutRequest {
  const reference = `M-${++lastOrderNumber}`;
  return {
    reference,
    amountCents: 2 * 1250 + 899 + 272,
    currency: "usd",
    lines: [
      { title: "Walnut cutting board", unitAmountCents: 1250, quantity: 2 },
      { title: "Beeswax candle", unitAmountCents: 899, quantity: 1 },
      { title: "Sales tax", unitAmountCents: 272, quantity: 1 },
    ],
    customerEmail: "ada@example.com",
    returnUrl: `https://shop.example/orders/${reference}/paid`,
    cancelUrl: "https://shop.example/checkout",
    ...changes,
  };
}

describe("createCheckout", () => {
  it("creates a Checkout Session for the order's lines and returns its id and payment page", async () => {
    const request = checkoutRequest();
    const session = await provider.createCheckout(request);

    expect(standIn.requests).toHaveLength(1);
    const [sent] = standIn.requests;
    expect(sent).toMatchObject({ method: "POST", path: "/v1/checkout/sessions" });
    // Form values arrive as text, exactly as Stripe receives them.
    expect(sent?.params).toEqual({
      mode: "payment",
      line_items: [
        {
          quantity: "2",
          price_data: { currency: "usd", unit_amount: "1250", product_data: { name: "Walnut cutting board" } },
        },
        {
          quantity: "1",
          price_data: { currency: "usd", unit_amount: "899", product_data: { name: "Beeswax candle" } },
        },
        { quantity: "1", price_data: { currency: "usd", unit_amount: "272", product_data: { name: "Sales tax" } } },
      ],
      client_reference_id: request.reference,
      metadata: { order_number: request.reference },
      payment_intent_data: { metadata: { order_number: request.reference } },
      customer_email: "ada@example.com",
      success_url: request.returnUrl,
      cancel_url: "https://shop.example/checkout",
    });

    const created = standIn.sessions.get(session.ref);
    expect(session).toEqual({ ref: created?.id, url: created?.url, expiresAt: new Date(created!.expires_at * 1000) });
    expect(session.ref).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${standIn.url}/c/pay/${session.ref}`);
    expect(created).toMatchObject({ amount_total: request.amountCents, currency: "usd", payment_status: "unpaid" });
  });

  it("gives the same session back when the same order is checked out again", async () => {
    const request = checkoutRequest();
    const sessionsBefore = standIn.sessions.size;

    const first = await provider.createCheckout(request);
    const second = await provider.createCheckout(request);

    expect(second).toEqual(first);
    expect(standIn.sessions.size).toBe(sessionsBefore + 1);
    expect(standIn.requests.map((sent) => sent.idempotencyKey)).toEqual([
      `checkout-${request.reference}`,
      `checkout-${request.reference}`,
    ]);
  });

  it("refuses, as Stripe does, a different cart under an order number already checked out", async () => {
    const request = checkoutRequest();
    await provider.createCheckout(request);
    const changed = {
      ...request,
      amountCents: 899,
      lines: [{ title: "Beeswax candle", unitAmountCents: 899, quantity: 1 }],
    };

    await expect(provider.createCheckout(changed)).rejects.toThrow(/can only be used with the same parameters/);
  });

  it("refuses lines that do not add up to the order total, before asking Stripe", async () => {
    const request = checkoutRequest({ amountCents: 2 * 1250 + 899 }); // the tax line is not in the total

    await expect(provider.createCheckout(request)).rejects.toThrow("the lines add up to 3671 cents, not 3399");
    expect(standIn.requests).toHaveLength(0);
  });

  it("passes on Stripe's error when Stripe refuses the request", async () => {
    const request = checkoutRequest({
      amountCents: 1250,
      lines: [
        { title: "Walnut cutting board", unitAmountCents: 1250, quantity: 1 },
        { title: "Gift note", unitAmountCents: 500, quantity: 0 },
      ],
    });

    const error = await provider.createCheckout(request).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      message: "This value must be greater than or equal to 1.",
      statusCode: 400,
      param: "line_items[1][quantity]",
    });
    expect(standIn.requests).toHaveLength(1); // a refusal is final: not retried
  });

  it("retries a failure on Stripe's side with the same idempotency key", async () => {
    const request = checkoutRequest();
    standIn.failNextRequest(500, "An unknown error occurred");

    const session = await provider.createCheckout(request);

    expect(standIn.requests.map((sent) => sent.idempotencyKey)).toEqual([
      `checkout-${request.reference}`,
      `checkout-${request.reference}`,
    ]);
    expect(standIn.sessions.get(session.ref)?.client_reference_id).toBe(request.reference);
  });

  it("fails clearly with a key Stripe does not accept", async () => {
    const live = createStripeProvider({
      secretKey: "sk_live_shop",
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: standIn.url,
    });

    await expect(live.createCheckout(checkoutRequest())).rejects.toThrow("Invalid API Key provided");
  });
});

describe("closeCheckout", () => {
  it("expires an open session, so that Stripe takes no payment on it", async () => {
    const { ref } = await provider.createCheckout(checkoutRequest());
    expect(await provider.closeCheckout(ref)).toBe("closed");
    expect(standIn.sessions.get(ref)?.status).toBe("expired");
    expect(standIn.requests.at(-1)).toMatchObject({ method: "POST", path: `/v1/checkout/sessions/${ref}/expire` });
    expect(() => standIn.payForSession(ref)).toThrow("is expired, not open");
    // Again: already closed.
    expect(await provider.closeCheckout(ref)).toBe("closed");
  });

  it("says so when the buyer had already paid", async () => {
    const { ref } = await provider.createCheckout(checkoutRequest());
    standIn.payForSession(ref);
    expect(await provider.closeCheckout(ref)).toBe("completed");
    expect(standIn.sessions.get(ref)?.status).toBe("complete");
  });

  it("fails, as no refusal, for a session Stripe does not know", async () => {
    await expect(provider.closeCheckout("cs_test_unknown")).rejects.toThrow("No such checkout.session");
  });
});

describe("refund", () => {
  const TOTAL = 2 * 1250 + 899 + 272;
  let lastKey = 0;

  /** A checkout the buyer paid on Stripe's page: the refund request for it, naming its PaymentIntent. */
  async function paidCheckout() {
    const checkout = checkoutRequest();
    const { ref } = await provider.createCheckout(checkout);
    const intent = standIn.payForSession(ref).payment_intent!;
    standIn.requests.length = 0;
    return {
      intent,
      request: (amountCents: number, changes: Partial<RefundRequest> = {}): RefundRequest => ({
        reference: checkout.reference,
        sessionRef: ref,
        captureRef: intent,
        amountCents,
        idempotencyKey: `refund-${++lastKey}`,
        ...changes,
      }),
    };
  }

  const refundsOf = (intent: string) =>
    [...standIn.refunds.values()].filter((refund) => refund.payment_intent === intent);

  async function refusal(work: Promise<unknown>): Promise<string> {
    const error = await work.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(RefundRefused);
    return (error as Error).message;
  }

  it("refunds part of the captured PaymentIntent, with the order number and the shop's idempotency key", async () => {
    const { intent, request } = await paidCheckout();
    const sent = request(1000);

    const refund = await provider.refund(sent);

    expect(refund.ref).toMatch(/^re_test_/);
    expect(standIn.requests).toEqual([
      {
        method: "POST",
        path: "/v1/refunds",
        idempotencyKey: sent.idempotencyKey,
        params: { payment_intent: intent, amount: "1000", metadata: { order_number: sent.reference } },
      },
    ]);
    expect(standIn.refunds.get(refund.ref)).toMatchObject({
      amount: 1000,
      payment_intent: intent,
      status: "succeeded",
    });
  });

  it("gives the first refund back for a repeated key, also when the repeats come at once", async () => {
    const { intent, request } = await paidCheckout();
    const sent = request(500);

    const first = await provider.refund(sent);
    const again = await Promise.all([1, 2, 3].map(() => provider.refund(sent)));

    expect(again).toEqual([first, first, first]);
    expect(refundsOf(intent).map((refund) => refund.amount)).toEqual([500]);
  });

  it("refuses, as Stripe does, more than what is left of the payment", async () => {
    const { intent, request } = await paidCheckout();

    expect(await refusal(provider.refund(request(TOTAL + 1)))).toBe(
      "Refund amount ($36.72) is greater than unrefunded amount on charge ($36.71)",
    );
    await provider.refund(request(TOTAL - 71));
    expect(await refusal(provider.refund(request(72)))).toBe(
      "Refund amount ($0.72) is greater than unrefunded amount on charge ($0.71)",
    );
    await provider.refund(request(71));
    expect(await refusal(provider.refund(request(1)))).toMatch(/^Charge ch_test_\S+ has already been refunded\.$/);
    expect(refundsOf(intent).map((refund) => refund.amount)).toEqual([TOTAL - 71, 71]);
  });

  it("finds the PaymentIntent through the Checkout Session when the order does not know it", async () => {
    const { intent, request } = await paidCheckout();

    const refund = await provider.refund(request(300, { captureRef: null }));

    expect(standIn.requests.map((sent) => `${sent.method} ${sent.path}`)).toEqual([
      `GET /v1/checkout/sessions/${request(0).sessionRef}`,
      "POST /v1/refunds",
    ]);
    expect(standIn.refunds.get(refund.ref)).toMatchObject({ amount: 300, payment_intent: intent });
  });

  it("refuses a session that was never paid, and a PaymentIntent Stripe does not know", async () => {
    const checkout = checkoutRequest();
    const { ref } = await provider.createCheckout(checkout);
    const unpaid: RefundRequest = {
      reference: checkout.reference,
      sessionRef: ref,
      captureRef: null,
      amountCents: 100,
      idempotencyKey: `refund-${++lastKey}`,
    };

    expect(await refusal(provider.refund(unpaid))).toBe(`Checkout Session ${ref} has no captured payment to refund.`);
    expect(await refusal(provider.refund({ ...unpaid, captureRef: "pi_test_unknown" }))).toBe(
      "No such payment_intent: 'pi_test_unknown'",
    );
  });

  it("retries a failure on Stripe's side with the same key, and refunds once", async () => {
    const { intent, request } = await paidCheckout();
    const sent = request(250);
    standIn.failNextRequest(500, "An unknown error occurred");

    await provider.refund(sent);

    expect(standIn.requests.map((recorded) => recorded.idempotencyKey)).toEqual([
      sent.idempotencyKey,
      sent.idempotencyKey,
    ]);
    expect(refundsOf(intent)).toHaveLength(1);
  });

  it("fails with an error that is not a refusal when Stripe cannot be asked", async () => {
    const { request } = await paidCheckout();
    const live = createStripeProvider({
      secretKey: "sk_live_shop",
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: standIn.url,
    });

    const error = await live.refund(request(100)).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).not.toBeInstanceOf(RefundRefused);
  });
});

describe("the stand-in", () => {
  it("returns a created session by id, and Stripe's 404 for an unknown one", async () => {
    const { ref } = await provider.createCheckout(checkoutRequest());
    const { port } = new URL(standIn.url);
    const stripe = new Stripe(SECRET_KEY, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });

    const session = await stripe.checkout.sessions.retrieve(ref);

    expect(session).toEqual(standIn.sessions.get(ref));
    await expect(stripe.checkout.sessions.retrieve("cs_test_unknown")).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
      message: "No such checkout.session: 'cs_test_unknown'",
    });
  });
});

describe("withCardCountry", () => {
  async function paidEvent(card?: { cardCountry?: string | null }) {
    const request = checkoutRequest();
    const { ref } = await provider.createCheckout(request);
    const session = standIn.payForSession(ref, card);
    const event = {
      id: "evt_card",
      type: "payment_succeeded",
      reference: request.reference,
      sessionRef: ref,
      amountCents: session.amount_total,
      currency: "usd",
      captureRef: session.payment_intent!,
    } as const;
    return { event, intent: session.payment_intent! };
  }

  it("asks Stripe for the PaymentIntent with its charge expanded and adds the card's country", async () => {
    const { event, intent } = await paidEvent({ cardCountry: "DE" });
    standIn.requests.length = 0;

    expect(await provider.withCardCountry(event)).toEqual({ ...event, cardCountry: "DE" });
    expect(standIn.requests).toEqual([
      expect.objectContaining({
        method: "GET",
        path: `/v1/payment_intents/${intent}`,
        query: { expand: ["latest_charge"] },
      }),
    ]);
  });

  it("reports US for Stripe's 4242 card, and null where Stripe does not know the country", async () => {
    expect(await provider.withCardCountry((await paidEvent()).event)).toHaveProperty("cardCountry", "US");
    const unknown = await provider.withCardCountry((await paidEvent({ cardCountry: null })).event);
    expect(unknown).toHaveProperty("cardCountry", null);
  });

  it("asks nothing for other events, nor for a payment without a PaymentIntent", async () => {
    const { event } = await paidEvent();
    const { captureRef: _none, ...withoutIntent } = event;
    const expired = { id: "evt_x", type: "session_expired", reference: "M-1", sessionRef: "cs_test_x" } as const;
    standIn.requests.length = 0;

    expect(await provider.withCardCountry(withoutIntent)).toEqual(withoutIntent);
    expect(await provider.withCardCountry(expired)).toEqual(expired);
    expect(standIn.requests).toEqual([]);
  });

  it("fails when Stripe cannot be asked, so that the delivery is tried again", async () => {
    const { event } = await paidEvent();
    standIn.failNextRequest(500, "Stripe is down", 3);
    await expect(provider.withCardCountry(event)).rejects.toThrow("Stripe is down");
  });
});

describe("verifyWebhook", () => {
  let open: CheckoutSessionObject;
  let reference: string;

  beforeAll(async () => {
    const request = checkoutRequest();
    reference = request.reference;
    const { ref } = await provider.createCheckout(request);
    open = standIn.sessions.get(ref) as CheckoutSessionObject;
  });

  function deliver(type: string, session: object) {
    const payload = stripeEvent(type, session);
    const { body, headers } = signedDelivery(payload, WEBHOOK_SECRET);
    return { eventId: (JSON.parse(payload) as { id: string }).id, event: provider.verifyWebhook(body, headers) };
  }

  const paid = () => ({ ...open, status: "complete", payment_status: "paid", payment_intent: "pi_test_1" });

  it("reads a paid checkout.session.completed as payment_succeeded, with the amount, order number and PaymentIntent", () => {
    const { eventId, event } = deliver("checkout.session.completed", paid());

    expect(event).toEqual({
      id: eventId,
      type: "payment_succeeded",
      reference,
      sessionRef: open.id,
      amountCents: 2 * 1250 + 899 + 272,
      currency: "usd",
      captureRef: "pi_test_1",
    });
    expect(eventId).toMatch(/^evt_/);
  });

  it("reads the PaymentIntent also when the session carries it expanded", () => {
    const { event } = deliver("checkout.session.completed", {
      ...paid(),
      payment_intent: { id: "pi_test_2", object: "payment_intent" },
    });

    expect(event).toMatchObject({ type: "payment_succeeded", captureRef: "pi_test_2" });
  });

  it("reads the order number from the metadata when the session has no client_reference_id", () => {
    const { event } = deliver("checkout.session.completed", { ...paid(), client_reference_id: null });

    expect(event).toMatchObject({ type: "payment_succeeded", reference });
  });

  it("reads a completed session still waiting for a delayed payment as nothing to act on", () => {
    const { eventId, event } = deliver("checkout.session.completed", { ...open, status: "complete" });

    expect(event).toEqual({ id: eventId, type: "other", providerType: "checkout.session.completed" });
  });

  it("reads the end of a delayed payment: succeeded or failed", () => {
    expect(deliver("checkout.session.async_payment_succeeded", paid()).event).toMatchObject({
      type: "payment_succeeded",
      reference,
      sessionRef: open.id,
      amountCents: open.amount_total,
    });
    const failed = deliver("checkout.session.async_payment_failed", { ...open, status: "complete" });
    expect(failed.event).toEqual({
      id: failed.eventId,
      type: "payment_failed",
      reference,
      sessionRef: open.id,
      reason: "Your payment did not go through. Please try another payment method.",
    });
  });

  it("reads an expired session as session_expired", () => {
    const { eventId, event } = deliver("checkout.session.expired", { ...open, status: "expired", url: null });

    expect(event).toEqual({ id: eventId, type: "session_expired", reference, sessionRef: open.id });
  });

  it("reads other events, and sessions that are not the shop's, as nothing to act on", () => {
    const intent = { id: "pi_test_1", object: "payment_intent", amount: 3671, status: "succeeded" };
    expect(deliver("payment_intent.succeeded", intent).event).toMatchObject({
      type: "other",
      providerType: "payment_intent.succeeded",
    });
    const foreign = { ...paid(), client_reference_id: null, metadata: {} };
    expect(deliver("checkout.session.completed", foreign).event).toMatchObject({
      type: "other",
      providerType: "checkout.session.completed",
    });
  });

  it("accepts a delivery signed four minutes ago", () => {
    const payload = stripeEvent("checkout.session.completed", paid());
    const { body, headers } = signedDelivery(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 240);

    expect(provider.verifyWebhook(body, headers).type).toBe("payment_succeeded");
  });

  describe("rejects", () => {
    const now = () => Math.floor(Date.now() / 1000);
    const payload = () => stripeEvent("checkout.session.completed", paid());

    function rejection(body: string, headers: Headers): unknown {
      try {
        provider.verifyWebhook(body, headers);
      } catch (error) {
        return error;
      }
      return undefined;
    }

    it.each([
      {
        name: "a tampered body",
        delivery: () => {
          const { body, headers } = signedDelivery(payload(), WEBHOOK_SECRET);
          return { body: body.replace('"amount_total": 3671', '"amount_total": 1'), headers };
        },
        reason: /No signatures found matching/,
      },
      {
        name: "a delivery signed with another secret",
        delivery: () => signedDelivery(payload(), "whsec_someone_else"),
        reason: /No signatures found matching/,
      },
      {
        name: "a delivery signed more than five minutes ago",
        delivery: () => signedDelivery(payload(), WEBHOOK_SECRET, now() - 301),
        reason: /Timestamp outside the tolerance zone/,
      },
      {
        name: "a delivery without a signature header",
        delivery: () => ({ body: payload(), headers: new Headers({ "content-type": "application/json" }) }),
        reason: /missing Stripe-Signature header/,
      },
      {
        name: "a garbage signature header",
        delivery: () => ({ body: payload(), headers: new Headers({ "stripe-signature": "garbage" }) }),
        reason: /Unable to extract timestamp and signatures from header/,
      },
      {
        name: "a correctly signed body that is not JSON",
        delivery: () => signedDelivery("garbage", WEBHOOK_SECRET),
        reason: /unreadable event body/,
      },
      {
        name: "a correctly signed body that is not an event",
        delivery: () => signedDelivery('"garbage"', WEBHOOK_SECRET),
        reason: /not a Stripe event/,
      },
    ])("$name", ({ delivery, reason }) => {
      const { body, headers } = delivery();
      const error = rejection(body, headers);

      expect(error).toBeInstanceOf(WebhookRejected);
      expect((error as Error).message).toMatch(reason);
    });
  });
});
