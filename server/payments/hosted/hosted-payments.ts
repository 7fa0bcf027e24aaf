import crypto from "node:crypto";
import { and, eq, lte, sql } from "drizzle-orm";
import type { Database, Queryable } from "../../db/client.ts";
import { hostedPaymentSessions, hostedPaymentWebhooks } from "../../db/schema.ts";
import { type JobQueue, QUEUES } from "../../jobs/queue.ts";
import type { CloseOutcome } from "../provider.ts";
import type { HostedEventBody } from "./hosted-provider.ts";
import { type CardInput, tryCard } from "./test-cards.ts";
import { SIGNATURE_HEADER, signatureHeader } from "./webhook-signature.ts";

// The hosted payment page's own side: it takes the card, decides like a test-mode provider, and
// tells the shop through webhooks delivered by a job, retried until the shop answers 2xx. It
// reads only its own tables: what it knows of the order is what the shop sent when starting.

export type PaymentSession = typeof hostedPaymentSessions.$inferSelect & {
  lines: { title: string; unitAmountCents: number; quantity: number }[];
};

export async function findPaymentSession(db: Database, id: string): Promise<PaymentSession | null> {
  const [session] = await db.select().from(hostedPaymentSessions).where(eq(hostedPaymentSessions.id, id));
  return (session as PaymentSession | undefined) ?? null;
}

export type PayResult =
  | { status: "paid"; returnUrl: string }
  | { status: "declined"; reason: string; field?: keyof CardInput }
  | { status: "expired" | "cancelled" };

/**
 * Pays the session with a card. Paying a session that is already paid charges nothing again and
 * returns the buyer to the shop; the session row is locked, so two submits at once pay once.
 */
export async function payWithCard(
  db: Database,
  { jobs, sessionId, card, now = new Date() }: { jobs: JobQueue; sessionId: string; card: CardInput; now?: Date },
): Promise<PayResult | null> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(hostedPaymentSessions)
      .where(eq(hostedPaymentSessions.id, sessionId))
      .for("update");
    if (!session) return null;
    if (session.status === "paid") return { status: "paid", returnUrl: session.returnUrl };
    if (session.status === "expired" || session.status === "cancelled") return { status: session.status };
    const data = {
      sessionId: session.id,
      reference: session.reference,
      amountCents: session.amountCents,
      currency: session.currency,
    };
    if (session.expiresAt <= now) {
      await tx.update(hostedPaymentSessions).set({ status: "expired" }).where(eq(hostedPaymentSessions.id, session.id));
      await queueEvent(tx, jobs, { type: "session.expired", data });
      return { status: "expired" };
    }
    const outcome = tryCard(card, now);
    if (outcome.ok) {
      await tx
        .update(hostedPaymentSessions)
        .set({ status: "paid", lastError: null })
        .where(eq(hostedPaymentSessions.id, session.id));
      // The card's issuing country goes with the payment, as a provider reports it (decision 057).
      await queueEvent(tx, jobs, { type: "payment.succeeded", data: { ...data, cardCountry: outcome.cardCountry } });
      return { status: "paid", returnUrl: session.returnUrl };
    }
    // A mistake in the form is the buyer's to fix here; only a decision of the card's bank is news for the shop.
    if (!outcome.field) {
      await tx
        .update(hostedPaymentSessions)
        .set({ lastError: outcome.reason })
        .where(eq(hostedPaymentSessions.id, session.id));
      await queueEvent(tx, jobs, { type: "payment.failed", data: { ...data, reason: outcome.reason } });
    }
    return { status: "declined", reason: outcome.reason, field: outcome.field };
  });
}

/**
 * Closes the session for the shop (its buyer cancelled): an open one takes no payment from now
 * on. The row is locked, so a payment being made at this moment either completes first or is
 * refused. The shop marks its order itself, so no event is sent.
 */
export async function closePaymentSession(db: Database, sessionId: string): Promise<CloseOutcome> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select({ status: hostedPaymentSessions.status })
      .from(hostedPaymentSessions)
      .where(eq(hostedPaymentSessions.id, sessionId))
      .for("update");
    if (!session) throw new Error(`No hosted payment session ${sessionId}`);
    if (session.status === "paid") return "completed";
    if (session.status === "open") {
      await tx
        .update(hostedPaymentSessions)
        .set({ status: "cancelled" })
        .where(eq(hostedPaymentSessions.id, sessionId));
    }
    return "closed";
  });
}

async function queueEvent(tx: Queryable, jobs: JobQueue, event: Pick<HostedEventBody, "type" | "data">) {
  const body: HostedEventBody = {
    id: `hpe_${crypto.randomBytes(18).toString("base64url")}`,
    created: Math.floor(Date.now() / 1000),
    ...event,
  };
  await tx
    .insert(hostedPaymentWebhooks)
    .values({ eventId: body.id, sessionId: event.data.sessionId, body: JSON.stringify(body) });
  await jobs.send(QUEUES.deliverHostedWebhook, { eventId: body.id }, tx);
}

/**
 * Sends one webhook to the shop, signed. Throws when the shop does not answer 2xx, so that the
 * job is retried; a delivery that already succeeded is not sent again.
 */
export async function deliverHostedWebhook(db: Database, webhookSecret: string, eventId: string): Promise<void> {
  const [delivery] = await db
    .select({
      body: hostedPaymentWebhooks.body,
      deliveredAt: hostedPaymentWebhooks.deliveredAt,
      url: hostedPaymentSessions.webhookUrl,
    })
    .from(hostedPaymentWebhooks)
    .innerJoin(hostedPaymentSessions, eq(hostedPaymentSessions.id, hostedPaymentWebhooks.sessionId))
    .where(eq(hostedPaymentWebhooks.eventId, eventId));
  if (!delivery || delivery.deliveredAt) return;
  await db
    .update(hostedPaymentWebhooks)
    .set({ attempts: sql`${hostedPaymentWebhooks.attempts} + 1` })
    .where(eq(hostedPaymentWebhooks.eventId, eventId));
  const response = await fetch(delivery.url, {
    method: "POST",
    headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signatureHeader(webhookSecret, delivery.body) },
    body: delivery.body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`The shop answered ${response.status} to webhook ${eventId}`);
  await db
    .update(hostedPaymentWebhooks)
    .set({ deliveredAt: sql`now()` })
    .where(eq(hostedPaymentWebhooks.eventId, eventId));
}

/** Expires the open sessions whose time is up, telling the shop of each (a scheduled job). */
export async function expireHostedSessions(db: Database, jobs: JobQueue, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(hostedPaymentSessions)
      .set({ status: "expired" })
      .where(and(eq(hostedPaymentSessions.status, "open"), lte(hostedPaymentSessions.expiresAt, now)))
      .returning();
    for (const session of expired) {
      const data = {
        sessionId: session.id,
        reference: session.reference,
        amountCents: session.amountCents,
        currency: session.currency,
      };
      await queueEvent(tx, jobs, { type: "session.expired", data });
    }
    return expired.length;
  });
}
