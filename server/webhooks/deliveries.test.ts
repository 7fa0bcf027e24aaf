import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createProduct, createSeller, createUser } from "../../tests/support/factories.ts";
import {
  checkoutServices,
  payOrder,
  recordingJobs,
  refundServicesFor,
  reloadOrder,
  startOrder,
} from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { refundRequests, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../db/schema.ts";
import { QUEUES } from "../jobs/queue.ts";
import { approveRefund } from "../orders/decide-refund.ts";
import { itemsOf } from "../orders/place-order.ts";
import { requestRefund } from "../orders/refunds.ts";
import { payWithCard } from "../payments/hosted/hosted-payments.ts";
import {
  attemptDelivery,
  deliveryLog,
  GIVE_UP_AFTER_MS,
  nextAttemptAt,
  redeliver,
  sendTestEvent,
} from "./deliveries.ts";
import {
  addWebhookEndpoint,
  deleteWebhookEndpoint,
  MAX_ENDPOINTS,
  rotateWebhookSecret,
  setWebhookEndpointEnabled,
} from "./endpoints.ts";
import { type SendOutcome, webhookSender } from "./send.ts";
import { verifyWebhookSignature } from "./signature.ts";

const database = setUpTestDatabase();
const jobs = recordingJobs();
const TEST_ONLY = { allowPrivateAddresses: true };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A receiver on 127.0.0.1 (reached with the test-only escape) answering `answer` and keeping what came. */
let receiver: http.Server;
let receiverUrl: string;
let answer = 200;
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(answer).end("thanks");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
beforeEach(() => {
  answer = 200;
  jobs.sent.length = 0;
});

const send = webhookSender(TEST_ONLY);
const queued = () =>
  jobs.sent
    .filter((job) => job.name === QUEUES.deliverSellerWebhook)
    .map((job) => (job.data as { deliveryId: number }).deliveryId);

async function sellerWithEndpoint(events: ("sale" | "refund" | "license.activated")[] = ["sale", "refund"]) {
  const seller = await createSeller(database.db);
  const endpoint = await addWebhookEndpoint(database.db, {
    creatorId: seller.creator.id,
    endpoint: { url: receiverUrl, events },
    policy: TEST_ONLY,
  });
  return { seller, endpoint };
}

async function deliveriesOf(endpointId: number) {
  return database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
}

describe("sale and refund events", () => {
  it("records one sale event per paid item of the seller, in the payment's transaction, and one refund event per refund", async () => {
    const { seller, endpoint } = await sellerWithEndpoint();
    const other = await sellerWithEndpoint(["refund"]); // wants no sales
    const mine = [
      await createProduct(database.db, { creatorId: seller.creator.id }),
      await createProduct(database.db, { creatorId: seller.creator.id }),
    ];
    const theirs = await createProduct(database.db, { creatorId: other.seller.creator.id });
    const services = refundServicesFor(database.db, jobs);
    const { order } = await startOrder(services, [mine[0]!.id, mine[1]!.id, theirs.id]);
    expect(await deliveriesOf(endpoint.id)).toEqual([]); // nothing before it is paid
    await payWithCard(database.db, {
      jobs,
      sessionId: order.paymentRef!,
      card: {
        number: "4242 4242 4242 4242",
        expiry: "12/40",
        cvc: "123",
        name: "Ada Guest",
      },
    });
    const paid = await payOrder(database.db, jobs, await reloadOrder(database.db, order.id));

    const sales = await deliveriesOf(endpoint.id);
    expect(sales.map((delivery) => delivery.eventType)).toEqual(["sale", "sale"]);
    expect(sales.map((delivery) => (delivery.payload as { product: { id: number } }).product.id).sort()).toEqual(
      mine.map((product) => product.id).sort(),
    );
    const sale = sales[0]!.payload as Record<string, unknown>;
    expect(sale).toMatchObject({ orderNumber: paid.number, currency: "usd", license: { tier: "personal", seats: 1 } });
    expect((sale.license as { key: string }).key).toMatch(/^DGM-/);
    expect(JSON.stringify(sales)).not.toContain("ada@example.com"); // never the buyer's email
    expect(await deliveriesOf(other.endpoint.id)).toEqual([]);
    expect(queued().sort()).toEqual(sales.map((delivery) => delivery.id).sort());

    // A second payment event for the same order changes nothing: the events are not recorded twice.
    await payOrder(database.db, jobs, order).catch(() => {});
    expect(await deliveriesOf(endpoint.id)).toHaveLength(2);

    const admin = await createUser(database.db, { role: "admin" });
    const item = (await itemsOf(database.db, paid.id)).find((line) => line.productId === mine[0]!.id)!;
    await requestRefund(database.db, {
      order: paid,
      request: { orderItemId: item.id, reason: "It was not what I wanted." },
    });
    const [request] = await database.db.select().from(refundRequests).where(eq(refundRequests.orderItemId, item.id));
    const { amountCents } = await approveRefund(services, admin.id, request!.id);
    const refunds = (await deliveriesOf(endpoint.id)).filter((delivery) => delivery.eventType === "refund");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.payload).toMatchObject({
      orderItemId: item.id,
      refundedCents: amountCents,
      licenseStatus: "revoked",
    });
    await expect(approveRefund(services, admin.id, request!.id)).rejects.toMatchObject({ status: 409 });
    expect((await deliveriesOf(endpoint.id)).filter((delivery) => delivery.eventType === "refund")).toHaveLength(1);
  });

  it("records nothing for a disabled endpoint", async () => {
    const { seller, endpoint } = await sellerWithEndpoint();
    await setWebhookEndpointEnabled(database.db, {
      creatorId: seller.creator.id,
      endpointId: endpoint.id,
      enabled: false,
    });
    const product = await createProduct(database.db, { creatorId: seller.creator.id });
    const { order } = await startOrder(checkoutServices(database.db, jobs), [product.id]);
    await payOrder(database.db, jobs, order);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
  });
});

describe("delivery", () => {
  it("posts the signed event and marks it delivered on a 2xx", async () => {
    const { seller, endpoint } = await sellerWithEndpoint();
    await sendTestEvent(database.db, { jobs, creatorId: seller.creator.id, endpointId: endpoint.id });
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(await attemptDelivery(database.db, { send, deliveryId: delivery!.id })).toEqual({ retryAt: null });

    const got = received.at(-1)!;
    expect(JSON.parse(got.body)).toEqual({
      id: delivery!.eventId,
      type: "test",
      created: Math.floor(delivery!.createdAt.getTime() / 1000),
      data: { message: "A test event from your Seller Dashboard." },
    });
    expect(got.headers["webhook-id"]).toBe(delivery!.eventId);
    expect(got.headers["content-type"]).toBe("application/json");
    expect(
      verifyWebhookSignature({
        secret: endpoint.secret,
        header: got.headers["webhook-signature"] as string,
        body: got.body,
      }),
    ).toBe(true);

    const [log] = await deliveryLog(database.db, seller.creator.id, endpoint.id);
    expect(log).toMatchObject({ status: "succeeded", attempts: 1, tries: [{ statusCode: 200, error: null }] });
    // Done: another job for it sends nothing.
    const count = received.length;
    await attemptDelivery(database.db, { send, deliveryId: delivery!.id });
    expect(received.length).toBe(count);
  });

  it("retries after 1 min, 5 min, 30 min, 2 h, 5 h, then every 10 h, and fails 3 days after the event", () => {
    const created = new Date("2026-01-01T00:00:00Z");
    const delays: number[] = [];
    let at = created;
    for (let attempt = 1; ; attempt++) {
      const next = nextAttemptAt(created, attempt, at);
      if (!next) break;
      delays.push(next.getTime() - at.getTime());
      at = next;
    }
    expect(delays).toEqual([
      MINUTE,
      5 * MINUTE,
      30 * MINUTE,
      2 * HOUR,
      5 * HOUR,
      10 * HOUR,
      10 * HOUR,
      10 * HOUR,
      10 * HOUR,
      10 * HOUR,
      10 * HOUR,
    ]);
    expect(at.getTime() - created.getTime()).toBeLessThanOrEqual(GIVE_UP_AFTER_MS);
  });

  it("keeps failing attempts in the log, follows the schedule, fails after 3 days; Redeliver sends it again", async () => {
    const { seller, endpoint } = await sellerWithEndpoint();
    await sendTestEvent(database.db, { jobs, creatorId: seller.creator.id, endpointId: endpoint.id });
    const [delivery] = await deliveriesOf(endpoint.id);
    answer = 503;
    // A stand-in for the clock: each attempt at the time the previous one asked for.
    const instant: (url: string, headers: Record<string, string>, body: string) => Promise<SendOutcome> = async (
      ...args
    ) => ({ ...(await send(...args)), durationMs: 0 });
    let now = new Date(delivery!.createdAt.getTime() + 1000);
    const retries: Date[] = [];
    for (;;) {
      const { retryAt } = await attemptDelivery(database.db, { send: instant, deliveryId: delivery!.id, now });
      if (!retryAt) break;
      // Not due before its time: a job that comes early sends nothing.
      const count = received.length;
      await attemptDelivery(database.db, {
        send: instant,
        deliveryId: delivery!.id,
        now: new Date(retryAt.getTime() - MINUTE / 2),
      });
      expect(received.length).toBe(count);
      retries.push(retryAt);
      now = retryAt;
    }
    expect(retries[0]!.getTime() - delivery!.createdAt.getTime()).toBe(1000 + MINUTE);
    expect(retries).toHaveLength(11);
    const [log] = await deliveryLog(database.db, seller.creator.id, endpoint.id);
    expect(log).toMatchObject({ status: "failed", attempts: 12, nextAttemptAt: null });
    expect(log!.tries).toHaveLength(12);
    expect(log!.tries[0]).toMatchObject({ statusCode: 503, error: "The endpoint answered 503: thanks" });

    // Redeliver: pending again and queued; the receiver is back, so it is delivered.
    answer = 204;
    jobs.sent.length = 0;
    await redeliver(database.db, { jobs, creatorId: seller.creator.id, deliveryId: delivery!.id });
    expect(queued()).toEqual([delivery!.id]);
    expect(await attemptDelivery(database.db, { send, deliveryId: delivery!.id })).toEqual({ retryAt: null });
    const [after] = await deliveryLog(database.db, seller.creator.id, endpoint.id);
    expect(after).toMatchObject({ status: "succeeded", attempts: 13 });
    expect(after!.tries.at(-1)).toMatchObject({ statusCode: 204, error: null });
  });

  it("a failing redelivery past the 3 days is one attempt, then failed again", async () => {
    const { seller, endpoint } = await sellerWithEndpoint();
    await sendTestEvent(database.db, { jobs, creatorId: seller.creator.id, endpointId: endpoint.id });
    const [delivery] = await deliveriesOf(endpoint.id);
    answer = 500;
    const late = new Date(delivery!.createdAt.getTime() + GIVE_UP_AFTER_MS + HOUR);
    await redeliver(database.db, { jobs, creatorId: seller.creator.id, deliveryId: delivery!.id });
    expect(await attemptDelivery(database.db, { send, deliveryId: delivery!.id, now: late })).toEqual({
      retryAt: null,
    });
    const [log] = await deliveryLog(database.db, seller.creator.id, endpoint.id);
    expect(log).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("refuses at send time a URL whose name now resolves to a private address, and logs why", async () => {
    const { seller, endpoint } = await sellerWithEndpoint();
    await database.db
      .update(webhookDeliveries)
      .set({ status: "succeeded" })
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    await sendTestEvent(database.db, { jobs, creatorId: seller.creator.id, endpointId: endpoint.id });
    const [delivery] = (await deliveriesOf(endpoint.id)).filter((row) => row.status === "pending");
    // The shop's own sender (no escape), whose DNS now says loopback.
    const guarded = webhookSender({ resolve: async () => [{ address: "127.0.0.1", family: 4 }] });
    // A URL that passed the check when it was saved (the name was public then).
    await database.db
      .update(webhookEndpoints)
      .set({ url: "https://rebound.example.com/hooks" })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const count = received.length;
    const { retryAt } = await attemptDelivery(database.db, { send: guarded, deliveryId: delivery!.id });
    expect(retryAt).not.toBeNull();
    expect(received.length).toBe(count);
    const [attempt] = await database.db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, delivery!.id));
    expect(attempt).toMatchObject({ statusCode: null });
    expect(attempt!.error).toContain("Address refused: rebound.example.com points to a private or reserved address");
  });
});

describe("endpoints", () => {
  it("are the seller's own: another seller can neither see, change, redeliver nor test them", async () => {
    const { seller, endpoint } = await sellerWithEndpoint();
    const stranger = await createSeller(database.db);
    await sendTestEvent(database.db, { jobs, creatorId: seller.creator.id, endpointId: endpoint.id });
    const [delivery] = await deliveriesOf(endpoint.id);
    for (const attempt of [
      () => rotateWebhookSecret(database.db, stranger.creator.id, endpoint.id),
      () =>
        setWebhookEndpointEnabled(database.db, {
          creatorId: stranger.creator.id,
          endpointId: endpoint.id,
          enabled: false,
        }),
      () => deleteWebhookEndpoint(database.db, stranger.creator.id, endpoint.id),
      () => sendTestEvent(database.db, { jobs, creatorId: stranger.creator.id, endpointId: endpoint.id }),
      () => redeliver(database.db, { jobs, creatorId: stranger.creator.id, deliveryId: delivery!.id }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ status: 404 });
    }
    expect(await deliveryLog(database.db, stranger.creator.id, endpoint.id)).toEqual([]);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
  });

  it("rotate the secret, disable (nothing sent, no redelivery), and are limited in number", async () => {
    const { seller, endpoint } = await sellerWithEndpoint();
    const rotated = await rotateWebhookSecret(database.db, seller.creator.id, endpoint.id);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);

    await sendTestEvent(database.db, { jobs, creatorId: seller.creator.id, endpointId: endpoint.id });
    const [delivery] = await deliveriesOf(endpoint.id);
    await setWebhookEndpointEnabled(database.db, {
      creatorId: seller.creator.id,
      endpointId: endpoint.id,
      enabled: false,
    });
    const count = received.length;
    expect(await attemptDelivery(database.db, { send, deliveryId: delivery!.id })).toEqual({ retryAt: null });
    expect(received.length).toBe(count);
    await expect(
      redeliver(database.db, { jobs, creatorId: seller.creator.id, deliveryId: delivery!.id }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      sendTestEvent(database.db, { jobs, creatorId: seller.creator.id, endpointId: endpoint.id }),
    ).rejects.toMatchObject({
      status: 409,
    });

    for (let n = 1; n < MAX_ENDPOINTS; n++) {
      await addWebhookEndpoint(database.db, {
        creatorId: seller.creator.id,
        endpoint: { url: receiverUrl, events: ["sale"] },
        policy: TEST_ONLY,
      });
    }
    await expect(
      addWebhookEndpoint(database.db, {
        creatorId: seller.creator.id,
        endpoint: { url: receiverUrl, events: ["sale"] },
        policy: TEST_ONLY,
      }),
    ).rejects.toMatchObject({ status: 409 });
    await deleteWebhookEndpoint(database.db, seller.creator.id, endpoint.id);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
  });

  it("refuses to save a private address without the test-only escape, saving nothing", async () => {
    const seller = await createSeller(database.db);
    await expect(
      addWebhookEndpoint(database.db, {
        creatorId: seller.creator.id,
        endpoint: { url: "https://10.0.0.1/hooks", events: ["sale"] },
      }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      addWebhookEndpoint(database.db, {
        creatorId: seller.creator.id,
        endpoint: { url: receiverUrl, events: ["sale"] },
      }),
    ).rejects.toThrow("https://");
  });
});
