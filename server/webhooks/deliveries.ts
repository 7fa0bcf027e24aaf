import { and, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database, Queryable } from "../db/client.ts";
import { type WEBHOOK_EVENTS, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../db/schema.ts";
import { type JobQueue, QUEUES } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import type { WebhookSender } from "./send.ts";
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from "./signature.ts";

// Sellers' webhook events: recorded in the transaction of what they tell of (a paid item, a
// refund, a licence activated), one delivery per endpoint that wants the event, and delivered by
// the deliverSellerWebhook job: a 2xx answer delivers it; anything else is tried again after
// 1 minute, 5 minutes, 30 minutes, 2 hours, 5 hours, then every 10 hours, until 3 days after the
// event, when it has failed. The seller can send it again by hand (Redeliver).

type WebhookEventType = (typeof WEBHOOK_EVENTS)[number] | "test";

export interface SellerEvent {
  creatorId: number;
  type: Exclude<WebhookEventType, "test">;
  data: Record<string, unknown>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** How long after each failed attempt (the first, the second ...) the next is made; the last repeats. */
const RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR];
/** How long after the event it is tried at all. */
export const GIVE_UP_AFTER_MS = 72 * HOUR;
/** How long an attempt holds its delivery: no second job sends it meanwhile (a send takes at most 10 s). */
const ATTEMPT_LEASE_MS = 2 * MINUTE;
/** A job may be picked up a little before the time in the row (clocks of app and database). */
const EARLY_MS = 5_000;

/** When the attempt after the `attempts`-th failed one is due, or null when the event is past its 3 days. */
export function nextAttemptAt(createdAt: Date, attempts: number, failedAt: Date): Date | null {
  const delay = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0]!;
  const next = new Date(failedAt.getTime() + delay);
  return next.getTime() > createdAt.getTime() + GIVE_UP_AFTER_MS ? null : next;
}

/**
 * Records `events` for the endpoints of their sellers that want them, and queues each delivery,
 * inside `tx`: an event exists exactly when what it tells of is committed.
 */
export async function recordSellerEvents(tx: Queryable, jobs: JobQueue, events: SellerEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const creatorIds = [...new Set(events.map((event) => event.creatorId))];
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, creatorId: webhookEndpoints.creatorId, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.creatorId, creatorIds), isNull(webhookEndpoints.disabledAt)));
  const rows = events.flatMap((event) =>
    endpoints
      .filter((endpoint) => endpoint.creatorId === event.creatorId && endpoint.events.includes(event.type))
      .map((endpoint) => ({ endpointId: endpoint.id, eventType: event.type, payload: event.data })),
  );
  if (rows.length === 0) return 0;
  const made = await tx
    .insert(webhookDeliveries)
    .values(rows.map((row) => ({ ...row, nextAttemptAt: sql`now()` })))
    .returning({ id: webhookDeliveries.id });
  for (const { id } of made) await jobs.send(QUEUES.deliverSellerWebhook, { deliveryId: id }, tx);
  return made.length;
}

/** Whether there is any endpoint of these sellers that wants this event (so its data is worth gathering). */
export async function anyEndpointWants(db: Queryable, creatorIds: number[], type: SellerEvent["type"]) {
  if (creatorIds.length === 0) return false;
  const [found] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        inArray(webhookEndpoints.creatorId, creatorIds),
        isNull(webhookEndpoints.disabledAt),
        sql`${type} = ANY(${webhookEndpoints.events})`,
      ),
    )
    .limit(1);
  return found !== undefined;
}

/** The JSON body of a delivery: the same bytes in every attempt. */
function eventBody(delivery: { eventId: string; eventType: string; createdAt: Date; payload: unknown }) {
  return JSON.stringify({
    id: delivery.eventId,
    type: delivery.eventType,
    created: Math.floor(delivery.createdAt.getTime() / 1000),
    data: delivery.payload,
  });
}

/**
 * One attempt of a delivery (the job's work): sent unless it is already delivered, failed, or
 * not yet due (a retry job left behind by a Redeliver). The attempt is logged; the answer is when
 * the next attempt is due (the job queues it), or null.
 */
export async function attemptDelivery(
  db: Database,
  { send, deliveryId, now = new Date() }: { send: WebhookSender; deliveryId: number; now?: Date },
): Promise<{ retryAt: Date | null }> {
  // Claimed with a lease: a second job for the same delivery finds it not due and does nothing.
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + ATTEMPT_LEASE_MS),
    })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.status, "pending"),
        lte(webhookDeliveries.nextAttemptAt, new Date(now.getTime() + EARLY_MS)),
      ),
    )
    .returning();
  if (!claimed) return { retryAt: null };
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, claimed.endpointId));
  let outcome: { statusCode: number | null; error: string | null; durationMs: number };
  if (!endpoint || endpoint.disabledAt) {
    outcome = { statusCode: null, error: "Not sent: the endpoint is disabled.", durationMs: 0 };
  } else {
    const body = eventBody(claimed);
    const timestamp = Math.floor(now.getTime() / 1000);
    outcome = await send(
      endpoint.url,
      {
        "Content-Type": "application/json",
        "User-Agent": "Marketplace-Webhooks/1",
        [EVENT_ID_HEADER]: claimed.eventId,
        [SIGNATURE_HEADER]: signatureHeader(endpoint.secret, timestamp, body),
      },
      body,
    );
  }
  const delivered = outcome.error === null;
  const finishedAt = new Date(now.getTime() + outcome.durationMs);
  const retryAt =
    delivered || !endpoint || endpoint.disabledAt
      ? null
      : nextAttemptAt(claimed.createdAt, claimed.attempts, finishedAt);
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId,
      statusCode: outcome.statusCode,
      error: outcome.error?.slice(0, 500) ?? null,
      durationMs: outcome.durationMs,
      createdAt: finishedAt,
    });
    await tx
      .update(webhookDeliveries)
      .set(
        delivered
          ? { status: "succeeded", deliveredAt: finishedAt, nextAttemptAt: null }
          : { status: retryAt ? "pending" : "failed", nextAttemptAt: retryAt },
      )
      .where(eq(webhookDeliveries.id, deliveryId));
  });
  return { retryAt };
}

/** A delivery of one of the seller's endpoints, or a 404. */
async function sellersDelivery(db: Queryable, creatorId: number, deliveryId: number) {
  const [found] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookEndpoints.creatorId, creatorId)));
  if (!found) throw new Refusal("There is no such delivery.", "not-found");
  return found;
}

/**
 * Sends a delivery again now (the seller's Redeliver), whatever became of it: it is pending
 * again, its retries as before while it is within its 3 days, a single attempt after.
 */
export async function redeliver(
  db: Database,
  { jobs, creatorId, deliveryId }: { jobs: JobQueue; creatorId: number; deliveryId: number },
) {
  await db.transaction(async (tx) => {
    const { endpoint } = await sellersDelivery(tx, creatorId, deliveryId);
    if (endpoint.disabledAt)
      throw new Refusal("Enable the endpoint first: a disabled endpoint is sent nothing.", "conflict");
    await tx
      .update(webhookDeliveries)
      .set({ status: "pending", nextAttemptAt: sql`now()`, deliveredAt: null })
      .where(eq(webhookDeliveries.id, deliveryId));
    await jobs.send(QUEUES.deliverSellerWebhook, { deliveryId }, tx);
  });
}

/** A test event to one of the seller's endpoints, whatever events it is for (the Send test event button). */
export async function sendTestEvent(
  db: Database,
  { jobs, creatorId, endpointId }: { jobs: JobQueue; creatorId: number; endpointId: number },
) {
  await db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.creatorId, creatorId)));
    if (!endpoint) throw new Refusal("There is no such endpoint.", "not-found");
    if (endpoint.disabledAt)
      throw new Refusal("Enable the endpoint first: a disabled endpoint is sent nothing.", "conflict");
    const [made] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId,
        eventType: "test",
        payload: { message: "A test event from your Seller Dashboard." },
        nextAttemptAt: sql`now()`,
      })
      .returning({ id: webhookDeliveries.id });
    await jobs.send(QUEUES.deliverSellerWebhook, { deliveryId: made!.id }, tx);
  });
}

const DELIVERY_LOG_SIZE = 50;

/** The delivery log of one of the seller's endpoints: its latest deliveries, newest first, each with its attempts. */
export async function deliveryLog(db: Queryable, creatorId: number, endpointId: number) {
  const deliveries = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      createdAt: webhookDeliveries.createdAt,
      deliveredAt: webhookDeliveries.deliveredAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookEndpoints.creatorId, creatorId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_SIZE);
  const attempts =
    deliveries.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              deliveries.map((delivery) => delivery.id),
            ),
          )
          .orderBy(webhookAttempts.id);
  return deliveries.map((delivery) => ({
    ...delivery,
    tries: attempts
      .filter((attempt) => attempt.deliveryId === delivery.id)
      .map(({ statusCode, error, durationMs, createdAt }) => ({ statusCode, error, durationMs, createdAt })),
  }));
}
