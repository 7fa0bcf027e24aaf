import http from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProducts } from "../../../tests/support/factories.ts";
import {
  checkoutServices,
  reloadOrder,
  startOrder,
  TEST_SECRET,
  TEST_SHOP_URL,
} from "../../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../../tests/support/test-database.ts";
import { hostedPaymentSessions, hostedPaymentWebhooks, paymentEvents } from "../../db/schema.ts";
import { QUEUES, type RunningJobs, startJobs } from "../../jobs/queue.ts";
import { WebhookRejected } from "../provider.ts";
import { receivePaymentEvent } from "../receive-payment-event.ts";
import { deliverHostedWebhook, findPaymentSession, payWithCard } from "./hosted-payments.ts";
import { createHostedProvider, type HostedEventBody, hostedWebhookSecret } from "./hosted-provider.ts";
import { DECLINED, PROCESSING_ERROR } from "./test-cards.ts";
import { SIGNATURE_HEADER, signatureHeader } from "./webhook-signature.ts";

const database = setUpTestDatabase();
let jobs: RunningJobs;
let productIds: number[] = [];

const card = (number: string) => ({ number, expiry: "12/40", cvc: "123", name: "Ada Lovelace" });
const SUCCEEDS = card("4242 4242 4242 4242");
const DECLINES = card("4000 0000 0000 0002");

beforeAll(async () => {
  productIds = (await createProducts(database.db, 3)).map((product) => product.id);
  jobs = await startJobs(database.pool, (error) => console.error(error));
});
afterAll(() => jobs?.stop());

/** A new guest order of one product, and the id of its hosted payment session. */
async function openSession(productId = productIds[0]!) {
  const { order, started } = await startOrder(checkoutServices(database.db, jobs), [productId]);
  expect(started.paymentUrl).toBe(`${TEST_SHOP_URL}/pay/${order.paymentRef}`);
  return { order, sessionId: order.paymentRef! };
}

/** The webhook events the page queued for a session, oldest first, with their bodies read. */
async function queuedEvents(sessionId: string) {
  const rows = await database.db
    .select()
    .from(hostedPaymentWebhooks)
    .where(eq(hostedPaymentWebhooks.sessionId, sessionId))
    .orderBy(asc(hostedPaymentWebhooks.createdAt), asc(hostedPaymentWebhooks.eventId));
  return rows.map((row) => ({ ...row, event: JSON.parse(row.body) as HostedEventBody }));
}

/** How many delivery jobs are queued for these events. */
async function deliveryJobs(eventIds: string[]) {
  const { rows } = await database.pool.query(
    "SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'eventId' = ANY($2)",
    [QUEUES.deliverHostedWebhook, eventIds],
  );
  return rows[0].n as number;
}

async function sessionRow(sessionId: string) {
  const session = await findPaymentSession(database.db, sessionId);
  if (!session) throw new Error(`No session ${sessionId}`);
  return session;
}

describe("paying on the hosted page", () => {
  it("pays the session with the success card and queues one payment.succeeded webhook and its job", async () => {
    const { order, sessionId } = await openSession();
    const result = await payWithCard(database.db, { jobs, sessionId, card: SUCCEEDS });
    const session = await sessionRow(sessionId);
    expect(result).toEqual({ status: "paid", returnUrl: session.returnUrl });
    expect(session.returnUrl).toMatch(new RegExp(`^${TEST_SHOP_URL}/orders/${order.number}\\?access=.+&placed=1$`));
    expect(session).toMatchObject({ status: "paid", lastError: null });

    const events = await queuedEvents(sessionId);
    expect(events).toHaveLength(1);
    expect(events[0]!.event).toMatchObject({
      id: events[0]!.eventId,
      type: "payment.succeeded",
      data: { sessionId, reference: order.number, amountCents: order.totalCents, currency: "usd", cardCountry: "US" },
    });
    expect(events[0]).toMatchObject({ attempts: 0, deliveredAt: null });
    expect(await deliveryJobs([events[0]!.eventId])).toBe(1);
    // The shop hears of it only through the webhook.
    expect((await reloadOrder(database.db, order.id)).status).toBe("pending_payment");
  });

  it("charges once when paid again, and sends the buyer back to the shop", async () => {
    const { sessionId } = await openSession();
    const first = await payWithCard(database.db, { jobs, sessionId, card: SUCCEEDS });
    const again = await payWithCard(database.db, { jobs, sessionId, card: SUCCEEDS });
    // Even a declining card changes nothing on a paid session.
    const declinedLater = await payWithCard(database.db, { jobs, sessionId, card: DECLINES });
    expect(again).toEqual(first);
    expect(declinedLater).toEqual(first);
    const events = await queuedEvents(sessionId);
    expect(events.map((row) => row.event.type)).toEqual(["payment.succeeded"]);
    expect(await deliveryJobs(events.map((row) => row.eventId))).toBe(1);
  });

  it("charges once for five payments submitted at the same moment", async () => {
    const { sessionId } = await openSession();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => payWithCard(database.db, { jobs, sessionId, card: SUCCEEDS })),
    );
    const { returnUrl } = await sessionRow(sessionId);
    expect(results).toEqual(Array.from({ length: 5 }, () => ({ status: "paid", returnUrl })));
    const events = await queuedEvents(sessionId);
    expect(events.map((row) => row.event.type)).toEqual(["payment.succeeded"]);
    expect(await deliveryJobs(events.map((row) => row.eventId))).toBe(1);
  });

  it("tells the shop of a decline with its reason, leaves the session open, and a later success pays", async () => {
    const { order, sessionId } = await openSession();
    const declined = await payWithCard(database.db, { jobs, sessionId, card: DECLINES });
    expect(declined).toEqual({ status: "declined", reason: DECLINED, field: undefined });
    expect(await sessionRow(sessionId)).toMatchObject({ status: "open", lastError: DECLINED });
    const [failed] = await queuedEvents(sessionId);
    expect(failed!.event).toMatchObject({
      type: "payment.failed",
      data: { sessionId, reference: order.number, amountCents: order.totalCents, reason: DECLINED },
    });

    const processing = await payWithCard(database.db, { jobs, sessionId, card: card("4000 0000 0000 0119") });
    expect(processing).toMatchObject({ status: "declined", reason: PROCESSING_ERROR });

    expect(await payWithCard(database.db, { jobs, sessionId, card: SUCCEEDS })).toMatchObject({ status: "paid" });
    expect(await sessionRow(sessionId)).toMatchObject({ status: "paid", lastError: null });
    const events = await queuedEvents(sessionId);
    expect(events.map((row) => [row.event.type, row.event.data.reason])).toEqual([
      ["payment.failed", DECLINED],
      ["payment.failed", PROCESSING_ERROR],
      ["payment.succeeded", undefined],
    ]);
    expect(await deliveryJobs(events.map((row) => row.eventId))).toBe(3);
  });

  it("keeps a mistake in the form to the page: nothing is queued and the session stays as it was", async () => {
    const { sessionId } = await openSession();
    const result = await payWithCard(database.db, { jobs, sessionId, card: card("4242 4242 4242 4241") });
    expect(result).toEqual({ status: "declined", reason: "Your card number is incorrect.", field: "number" });
    const noName = await payWithCard(database.db, { jobs, sessionId, card: { ...SUCCEEDS, name: " " } });
    expect(noName).toMatchObject({ status: "declined", field: "name" });
    expect(await sessionRow(sessionId)).toMatchObject({ status: "open", lastError: null });
    expect(await queuedEvents(sessionId)).toEqual([]);
  });

  it("refuses to pay an expired session and tells the shop once that it expired", async () => {
    const { order, sessionId } = await openSession();
    await database.db
      .update(hostedPaymentSessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(hostedPaymentSessions.id, sessionId));
    expect(await payWithCard(database.db, { jobs, sessionId, card: SUCCEEDS })).toEqual({ status: "expired" });
    expect(await payWithCard(database.db, { jobs, sessionId, card: SUCCEEDS })).toEqual({ status: "expired" });
    expect((await sessionRow(sessionId)).status).toBe("expired");
    const events = await queuedEvents(sessionId);
    expect(events.map((row) => row.event)).toEqual([
      expect.objectContaining({
        type: "session.expired",
        data: { sessionId, reference: order.number, amountCents: order.totalCents, currency: "usd" },
      }),
    ]);
    expect(await deliveryJobs(events.map((row) => row.eventId))).toBe(1);
  });

  it("knows no unknown session", async () => {
    expect(await payWithCard(database.db, { jobs, sessionId: "hps_no_such_session", card: SUCCEEDS })).toBeNull();
    expect(await findPaymentSession(database.db, "hps_no_such_session")).toBeNull();
  });
});

describe("delivering the page's webhooks to the shop", () => {
  const provider = () => createHostedProvider({ db: database.db, publicUrl: TEST_SHOP_URL, secret: TEST_SECRET });
  const webhookSecret = hostedWebhookSecret(TEST_SECRET);
  // What the shop's webhook route does (app/routes/api/payment-webhook.ts), on a real socket.
  const shop = { failNext: false, answers: [] as { status: number; body: unknown }[], url: "" };
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const answer = (status: number, body: unknown) => {
      shop.answers.push({ status, body });
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    if (shop.failNext) {
      shop.failNext = false;
      return answer(500, { error: "The shop is restarting" });
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === "string") headers.set(name, value);
    try {
      const payments = provider();
      const event = await payments.withCardCountry(
        payments.verifyWebhook(Buffer.concat(chunks).toString("utf8"), headers),
      );
      const received = await receivePaymentEvent(database.db, { jobs, provider: payments.name, event });
      answer(200, { received: true, duplicate: !received.firstTime });
    } catch (error) {
      if (error instanceof WebhookRejected) answer(400, { error: error.message });
      else answer(500, { error: String(error) });
    }
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    shop.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/payments/webhook/hosted`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A session whose webhooks go to the test shop, paid (or declined) with `withCard`: its one queued event. */
  async function paidSession(withCard = SUCCEEDS) {
    const { order, sessionId } = await openSession();
    await database.db
      .update(hostedPaymentSessions)
      .set({ webhookUrl: shop.url })
      .where(eq(hostedPaymentSessions.id, sessionId));
    await payWithCard(database.db, { jobs, sessionId, card: withCard });
    const [queued] = await queuedEvents(sessionId);
    return { order, sessionId, eventId: queued!.eventId, body: queued!.body };
  }

  async function webhookRow(eventId: string) {
    const [row] = await database.db
      .select()
      .from(hostedPaymentWebhooks)
      .where(eq(hostedPaymentWebhooks.eventId, eventId));
    return row!;
  }

  const recorded = (eventId: string) =>
    database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));

  it("the shop verifies the signed delivery and the order is paid; a second delivery sends nothing", async () => {
    const { order, eventId } = await paidSession();
    const answersBefore = shop.answers.length;
    await deliverHostedWebhook(database.db, webhookSecret, eventId);
    expect(shop.answers.slice(answersBefore)).toEqual([{ status: 200, body: { received: true, duplicate: false } }]);
    const paid = await reloadOrder(database.db, order.id);
    expect(paid.status).toBe("paid");
    expect(paid.paidAt).toBeInstanceOf(Date);
    expect(await webhookRow(eventId)).toMatchObject({ attempts: 1, deliveredAt: expect.any(Date) });
    expect((await recorded(eventId)).map((row) => [row.provider, row.outcome, row.orderId])).toEqual([
      ["hosted", "paid", order.id],
    ]);

    await deliverHostedWebhook(database.db, webhookSecret, eventId);
    expect(shop.answers.length).toBe(answersBefore + 1);
    expect((await webhookRow(eventId)).attempts).toBe(1);
  });

  it("reports the card's issuing country with the payment, as the shop records the event", async () => {
    const { order, eventId } = await paidSession(card("4000 0027 6000 0016"));
    await deliverHostedWebhook(database.db, webhookSecret, eventId);
    expect((await reloadOrder(database.db, order.id)).status).toBe("paid");
    const [event] = await recorded(eventId);
    expect(event!.payload).toMatchObject({ type: "payment_succeeded", reference: order.number, cardCountry: "DE" });
  });

  it("carries a decline's reason to the order", async () => {
    const { order, eventId } = await paidSession(DECLINES);
    await deliverHostedWebhook(database.db, webhookSecret, eventId);
    expect(await reloadOrder(database.db, order.id)).toMatchObject({ status: "failed", failureReason: DECLINED });
  });

  it("throws when the shop answers 500, leaves the delivery pending, and a retry delivers it", async () => {
    const { order, eventId } = await paidSession();
    shop.failNext = true;
    await expect(deliverHostedWebhook(database.db, webhookSecret, eventId)).rejects.toThrow(/answered 500/);
    expect(await webhookRow(eventId)).toMatchObject({ attempts: 1, deliveredAt: null });
    expect((await reloadOrder(database.db, order.id)).status).toBe("pending_payment");

    await deliverHostedWebhook(database.db, webhookSecret, eventId);
    expect(await webhookRow(eventId)).toMatchObject({ attempts: 2, deliveredAt: expect.any(Date) });
    expect((await reloadOrder(database.db, order.id)).status).toBe("paid");
  });

  it("does nothing for an event it never queued", async () => {
    const answersBefore = shop.answers.length;
    await deliverHostedWebhook(database.db, webhookSecret, "hpe_no_such_event");
    expect(shop.answers.length).toBe(answersBefore);
  });

  it("records a replayed delivery once: the same body sent twice by hand", async () => {
    const { order, eventId, body } = await paidSession();
    const send = () =>
      fetch(shop.url, {
        method: "POST",
        headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signatureHeader(webhookSecret, body) },
        body,
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    expect(await send()).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await send()).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await recorded(eventId)).toHaveLength(1);
    expect((await reloadOrder(database.db, order.id)).status).toBe("paid");
  });

  it("the shop refuses a delivery signed with another secret, and records nothing", async () => {
    const { order, eventId, body } = await paidSession();
    const response = await fetch(shop.url, {
      method: "POST",
      headers: {
        [SIGNATURE_HEADER]: signatureHeader(hostedWebhookSecret("another-shop-secret-32-characters!!"), body),
      },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "signature does not match" });
    expect(await recorded(eventId)).toEqual([]);
    expect((await reloadOrder(database.db, order.id)).status).toBe("pending_payment");
  });
});
