import { and, eq, sql } from "drizzle-orm";
import type { BroadcastInput } from "../../shared/broadcast-schema.ts";
import type { Database } from "../db/client.ts";
import { broadcastRecipients, broadcasts, creators } from "../db/schema.ts";
import { preferencesUrl, wantsEmails } from "../email/email-preferences.ts";
import { inShopLayout } from "../email/layout.ts";
import type { Mailer } from "../email/mailer.ts";
import { type JobQueue, QUEUES } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import { broadcastEmail, creatorPageUrl } from "./broadcast-email.ts";
import { audienceEmails } from "./broadcasts.ts";

// The broadcast jobs. Every minute, scheduled broadcasts whose time has come move from
// scheduled to sending and are queued, in one statement per broadcast row that one server alone can
// take. Sending emails each recipient once, however often the job runs and on however many
// servers: the recipient's row is inserted and the email sent in one transaction (as the product
// update emails do, server/delivery/update-notices.ts), so a failed send leaves no row and is
// retried, and a committed row is never sent again; a twin run waits on the row's key, then skips it.

export interface BroadcastServices {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  shopName: string;
  secret: string;
}

/**
 * The broadcast as `to` (the seller) would get it, in the shop's layout: the very rendering the
 * send job uses, so the seller's preview cannot drift from the email.
 */
export async function previewBroadcast(
  services: Omit<BroadcastServices, "mailer">,
  {
    creatorId,
    to,
    broadcast,
  }: { creatorId: number; to: string; broadcast: Pick<BroadcastInput, "subject" | "body" | "audience"> },
): Promise<{ subject: string; html: string }> {
  const { db, publicUrl, shopName, secret } = services;
  const [creator] = await db
    .select({ name: creators.name, slug: creators.slug })
    .from(creators)
    .where(eq(creators.id, creatorId));
  if (!creator) throw new Refusal("Your shop was not found.", "not-found");
  const email = broadcastEmail({
    ...broadcast,
    to,
    creatorName: creator.name,
    creatorUrl: creatorPageUrl(publicUrl, creator.slug),
    unsubscribeUrl: preferencesUrl(publicUrl, secret, to, "broadcasts"),
    shopName,
  });
  return { subject: email.subject, html: inShopLayout({ name: shopName, url: publicUrl }, email).html };
}

/** Scheduled broadcasts due at `now` become sending and are queued; answers how many. */
export async function queueDueBroadcasts(db: Database, jobs: JobQueue, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    // SKIP LOCKED: a twin run at the same moment passes over the rows this one took; the outer
    // status check is read again after any wait, so a row is taken once.
    const { rows } = await tx.execute<{ id: number }>(sql`
      UPDATE ${broadcasts} SET status = 'sending', updated_at = now()
      WHERE status = 'scheduled' AND id IN (
        SELECT id FROM ${broadcasts} WHERE status = 'scheduled' AND send_at <= ${now}
        ORDER BY send_at LIMIT 100 FOR UPDATE SKIP LOCKED)
      RETURNING id`);
    for (const { id } of rows) await jobs.send(QUEUES.sendBroadcast, { broadcastId: id }, tx);
    return rows.length;
  });
}

/**
 * Sends broadcast `broadcastId` (while it is sending) to each of its audience not yet sent to, then
 * marks it sent with how many it went to. One mailbox's failure does not hold back the others; the
 * job fails after them, and its retry sends only what is still unsent.
 */
export async function sendBroadcast(services: BroadcastServices, broadcastId: number): Promise<{ sent: number }> {
  const { db } = services;
  const [broadcast] = await db
    .select({
      id: broadcasts.id,
      creatorId: broadcasts.creatorId,
      audience: broadcasts.audience,
      subject: broadcasts.subject,
      body: broadcasts.body,
      status: broadcasts.status,
      creatorName: creators.name,
      creatorSlug: creators.slug,
    })
    .from(broadcasts)
    .innerJoin(creators, eq(creators.id, broadcasts.creatorId))
    .where(eq(broadcasts.id, broadcastId));
  // Cancelled, or already sent by an earlier run.
  if (broadcast?.status !== "sending") return { sent: 0 };

  const audience = await audienceEmails(db, broadcast.creatorId, broadcast.audience);
  const done = new Set(
    (
      await db
        .select({ email: broadcastRecipients.email })
        .from(broadcastRecipients)
        .where(eq(broadcastRecipients.broadcastId, broadcastId))
    ).map((row) => row.email),
  );
  let sent = 0;
  const failures: unknown[] = [];
  for (const email of audience.filter((each) => !done.has(each))) {
    try {
      if (await sendTo(services, broadcast, email)) sent++;
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} emails of broadcast ${broadcastId} failed`);
  }
  await db
    .update(broadcasts)
    .set({
      status: "sent",
      sentAt: new Date(),
      updatedAt: new Date(),
      recipientCount: sql`(SELECT count(*)::int FROM ${broadcastRecipients} WHERE broadcast_id = ${broadcastId})`,
    })
    .where(and(eq(broadcasts.id, broadcastId), eq(broadcasts.status, "sending")));
  return { sent };
}

/** One recipient's email, sent inside the transaction that records it; false if it was sent already or is unwanted now. */
async function sendTo(
  services: BroadcastServices,
  broadcast: {
    id: number;
    creatorSlug: string;
    audience: "followers" | "customers";
    subject: string;
    body: string;
    creatorName: string;
  },
  email: string,
): Promise<boolean> {
  const { db, publicUrl, secret } = services;
  if (!(await wantsEmails(db, email, "broadcasts"))) return false;
  return db.transaction(async (tx) => {
    // Not if it turned broadcasts off or was suppressed meanwhile; a twin run's row (even
    // uncommitted) makes this wait, then skip.
    const { rows } = await tx.execute(sql`
      INSERT INTO ${broadcastRecipients} (broadcast_id, email)
      SELECT ${broadcast.id}, ${email}
      WHERE NOT EXISTS (SELECT 1 FROM email_opt_outs WHERE email = ${email} AND topic = 'broadcasts')
        AND NOT EXISTS (SELECT 1 FROM email_suppressions WHERE email = ${email})
      ON CONFLICT DO NOTHING
      RETURNING email`);
    if (rows.length === 0) return false;
    await services.mailer.send(
      broadcastEmail({
        to: email,
        subject: broadcast.subject,
        body: broadcast.body,
        audience: broadcast.audience,
        creatorName: broadcast.creatorName,
        creatorUrl: creatorPageUrl(publicUrl, broadcast.creatorSlug),
        unsubscribeUrl: preferencesUrl(publicUrl, secret, email, "broadcasts"),
        shopName: services.shopName,
      }),
    );
    return true;
  });
}
