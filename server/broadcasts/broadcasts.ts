import { and, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import {
  BROADCAST_SCHEDULE_MAX_DAYS,
  BROADCASTS_PER_WEEK,
  type BroadcastAudience,
  type BroadcastInput,
} from "../../shared/broadcast-schema.ts";
import { formatDateTimeUtc } from "../../shared/format.ts";
import type { Database, Queryable } from "../db/client.ts";
import { broadcasts, creators } from "../db/schema.ts";
import { type JobQueue, QUEUES } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import { consentingCustomerEmails } from "../sellers/customers.ts";

// A seller's broadcasts: an email to their followers or to their customers who agreed
// to hear from them, sent now or at a time they choose (the jobs are in send-broadcasts.ts). At
// most BROADCASTS_PER_WEEK in any 7 days, counting those sent, being sent and scheduled.

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** Statuses that count towards the weekly limit: a cancelled or never-sent draft does not. */
const COUNTED = ["scheduled", "sending", "sent"] as const;

export const NO_SUCH_BROADCAST = "There is no such broadcast. Please reload the page.";
export const NOT_CANCELLABLE = "This broadcast is no longer scheduled: it cannot be cancelled.";
export const SEND_AT_PAST = "Choose a time in the future to send it, or send it now.";
export const SEND_AT_TOO_FAR = `Choose a time within ${BROADCAST_SCHEDULE_MAX_DAYS} days from now.`;
export const NO_RECIPIENTS: Record<BroadcastAudience, string> = {
  followers: "No one would get it: you have no followers who get creators' emails yet.",
  customers: "No one would get it: none of your customers has agreed to hear from you yet.",
};

/** The refusal of a broadcast past the weekly limit, saying when the next one is possible. */
export const weeklyLimitMessage = (next: Date) =>
  `You can send at most ${BROADCASTS_PER_WEEK} broadcasts in any 7 days. The next one is possible from ${formatDateTimeUtc(next.toISOString())}.`;

/** Addresses that get no broadcasts: turned off by their owner, or refused for good by their mail server. */
const unreachable = (email: ReturnType<typeof sql>) => sql`
  NOT EXISTS (SELECT 1 FROM email_opt_outs x WHERE x.email = ${email} AND x.topic = 'broadcasts')
  AND NOT EXISTS (SELECT 1 FROM email_suppressions s WHERE s.email = ${email})`;

/**
 * Who an audience of the seller's is now, lowercased and sorted: followers (by their account's
 * address) or customers who agreed to hear from them; either without the addresses that turned
 * broadcasts off or that the mail server refused for good.
 */
export async function audienceEmails(db: Queryable, creatorId: number, audience: BroadcastAudience) {
  let emails: string[];
  if (audience === "followers") {
    const { rows } = await db.execute<{ email: string }>(sql`
      SELECT DISTINCT lower(u.email) AS email FROM creator_follows f JOIN "user" u ON u.id = f.user_id
      WHERE f.creator_id = ${creatorId} ORDER BY 1`);
    emails = rows.map((row) => row.email);
  } else {
    emails = await consentingCustomerEmails(db, creatorId);
  }
  if (emails.length === 0) return [];
  const { rows } = await db.execute<{ email: string }>(sql`
    SELECT e.email FROM unnest(${sql.param(emails)}::text[]) AS e(email)
    WHERE ${unreachable(sql`e.email`)} ORDER BY 1`);
  return rows.map((row) => row.email);
}

/** How many addresses each audience reaches now. */
export async function audienceSizes(db: Database, creatorId: number): Promise<Record<BroadcastAudience, number>> {
  const [followers, customers] = await Promise.all([
    audienceEmails(db, creatorId, "followers"),
    audienceEmails(db, creatorId, "customers"),
  ]);
  return { followers: followers.length, customers: customers.length };
}

/**
 * Whether a broadcast at `at` keeps every 7 days within the limit, beside the others' times: no
 * run of BROADCASTS_PER_WEEK + 1 of them (this one among them) fits in less than 7 days. Two
 * broadcasts exactly 7 days apart are in different weeks.
 */
function fitsTheWeek(others: Date[], at: Date): boolean {
  const times = [...others.map((time) => time.getTime()), at.getTime()].sort((a, b) => a - b);
  const mine = times.indexOf(at.getTime());
  for (let first = Math.max(0, mine - BROADCASTS_PER_WEEK); first <= mine; first++) {
    const last = first + BROADCASTS_PER_WEEK;
    if (last < times.length && times[last]! - times[first]! < WEEK_MS) return false;
  }
  return true;
}

/** The first time from `at` on that a broadcast fits the weekly limit beside `others`. */
export function nextBroadcastTime(others: Date[], at: Date): Date {
  const candidates = [at, ...others.map((time) => new Date(time.getTime() + WEEK_MS)).filter((time) => time > at)];
  candidates.sort((a, b) => a.getTime() - b.getTime());
  // The last candidate is 7 days after every other broadcast near `at`: it always fits.
  return candidates.find((time) => fitsTheWeek(others, time)) ?? candidates.at(-1)!;
}

export type Broadcast = typeof broadcasts.$inferSelect;

/**
 * Makes the seller's broadcast: sent now (queued for the send job in the same transaction) or
 * scheduled for `broadcast.sendAt`, which must be in the future and within 90 days. Refused past the
 * weekly limit (saying when the next is possible), and sent now to an audience of no one.
 */
export async function createBroadcast(
  services: { db: Database; jobs: JobQueue },
  { creatorId, broadcast, now = new Date() }: { creatorId: number; broadcast: BroadcastInput; now?: Date },
): Promise<Broadcast> {
  const at = broadcast.sendAt ?? now;
  if (broadcast.sendAt) {
    if (broadcast.sendAt <= now) throw new Refusal(SEND_AT_PAST, "invalid");
    if (broadcast.sendAt.getTime() > now.getTime() + BROADCAST_SCHEDULE_MAX_DAYS * DAY_MS) {
      throw new Refusal(SEND_AT_TOO_FAR, "invalid");
    }
  } else if ((await audienceEmails(services.db, creatorId, broadcast.audience)).length === 0) {
    throw new Refusal(NO_RECIPIENTS[broadcast.audience], "invalid");
  }
  return services.db.transaction(async (tx) => {
    // One seller's broadcasts are made one at a time, so that two at once cannot both pass the limit.
    await tx.select({ id: creators.id }).from(creators).where(eq(creators.id, creatorId)).for("update");
    const near = await tx
      .select({ sendAt: broadcasts.sendAt })
      .from(broadcasts)
      .where(
        and(
          eq(broadcasts.creatorId, creatorId),
          inArray(broadcasts.status, [...COUNTED]),
          gt(broadcasts.sendAt, new Date(at.getTime() - WEEK_MS)),
          lt(broadcasts.sendAt, new Date(at.getTime() + WEEK_MS)),
        ),
      );
    const others = near.map((row) => row.sendAt!);
    if (!fitsTheWeek(others, at)) throw new Refusal(weeklyLimitMessage(nextBroadcastTime(others, at)), "conflict");
    const [made] = await tx
      .insert(broadcasts)
      .values({
        creatorId,
        audience: broadcast.audience,
        subject: broadcast.subject,
        body: broadcast.body,
        status: broadcast.sendAt ? "scheduled" : "sending",
        sendAt: at,
      })
      .returning();
    if (!broadcast.sendAt) await services.jobs.send(QUEUES.sendBroadcast, { broadcastId: made!.id }, tx);
    return made!;
  });
}

/** Cancels the seller's scheduled broadcast; one of another seller's is unknown (404), one already sending is too late (409). */
export async function cancelBroadcast(db: Database, creatorId: number, broadcastId: number): Promise<Broadcast> {
  const [cancelled] = await db
    .update(broadcasts)
    .set({ status: "cancelled", updatedAt: new Date() })
    .where(and(eq(broadcasts.id, broadcastId), eq(broadcasts.creatorId, creatorId), eq(broadcasts.status, "scheduled")))
    .returning();
  if (cancelled) return cancelled;
  const [exists] = await db
    .select({ id: broadcasts.id })
    .from(broadcasts)
    .where(and(eq(broadcasts.id, broadcastId), eq(broadcasts.creatorId, creatorId)));
  throw exists ? new Refusal(NOT_CANCELLABLE, "conflict") : new Refusal(NO_SUCH_BROADCAST, "not-found");
}

/** The seller's broadcasts, newest first. */
export async function listBroadcasts(db: Database, creatorId: number, limit = 50) {
  return db
    .select({
      id: broadcasts.id,
      subject: broadcasts.subject,
      audience: broadcasts.audience,
      status: broadcasts.status,
      sendAt: broadcasts.sendAt,
      sentAt: broadcasts.sentAt,
      recipientCount: broadcasts.recipientCount,
      createdAt: broadcasts.createdAt,
    })
    .from(broadcasts)
    .where(eq(broadcasts.creatorId, creatorId))
    .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
    .limit(limit);
}
