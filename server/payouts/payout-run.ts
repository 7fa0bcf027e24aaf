import { and, asc, eq, sql } from "drizzle-orm";
import pLimit from "p-limit";
import { PAYOUT_MINIMUM_CENTS, type PayoutMethod } from "../../shared/shop-facts.ts";
import { DEMO_USER_IDS } from "../accounts/shared-demo-accounts.ts";
import type { PayoutPolicy } from "../config/env.ts";
import type { Database, Queryable } from "../db/client.ts";
import { creators, ledgerEntries, payoutHolds, payouts } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { recordPayoutEvent } from "../webhooks/events.ts";
import { payoutBalance } from "./balance.ts";
import { type PayoutProvider, TransferRefused } from "./payout-provider.ts";
import { fundsAvailableOn, payoutFriday } from "./payout-schedule.ts";

// The Friday payout run (decision 053), in two steps that each may be cut short and run again:
// 1. take: for each seller who may be paid, one pending payout per Friday (a unique index) and its
//    ledger entry, in one transaction under the seller's row lock;
// 2. send: each pending transfer is asked of the processor with a key of its own seller and Friday,
//    so asking again after a crash, a lost answer or on a second server makes one transfer.
// A manual payout stays pending until the owner marks it paid (manual-payouts.ts).

/**
 * Sellers taken, and transfers asked, at once: each is a transaction or a request of its own, so a
 * run of thousands is not one long queue; a few, as the run shares the app's pool of 10
 * connections (server/db/client.ts) and the processor's rate limits.
 */
const SELLERS_AT_ONCE = 4;

/** Where a seller's payout goes now. */
export type PayoutDestination =
  | { rail: "transfer"; accountRef: string }
  | { rail: "manual"; method: PayoutMethod; destination: string };

export interface PayoutRunServices {
  db: Database;
  /** For the sellers' payout.paid and payout.failed webhook events. */
  jobs: JobQueue;
  /** Who moves the money on the transfer rail; a manual shop has none. */
  provider: PayoutProvider | null;
  policy: PayoutPolicy;
  /** Where the seller's money may go now; null keeps it on their balance (no account yet, one not ready, a pause). */
  destinationOf: (tx: Queryable, creatorId: number, now: Date) => Promise<PayoutDestination | null>;
}

export interface PayoutRun {
  friday: string | null;
  /** Payouts taken from balances by this run. */
  taken: { creatorId: number; amountCents: number }[];
  /** Transfers the processor took (this run's and earlier runs' pending ones). */
  sent: { payoutId: number; amountCents: number }[];
  /** Transfers the processor refused: their money is back on the balance. */
  refused: { payoutId: number; reason: string }[];
}

/** The idempotency key of a seller's Friday transfer: the same whoever asks, however often. */
export const transferKeyOf = (payout: { creatorId: number; weekOf: string }) =>
  `payout-${payout.creatorId}-${payout.weekOf}`;

/**
 * Takes this Friday's payouts (only on a Friday), then sends every pending transfer. A transfer
 * the processor could not be asked about stays pending and the run fails after the others, so that
 * the job is retried; a refused one is returned to the balance with the processor's reason.
 */
export async function runWeeklyPayouts(services: PayoutRunServices, { now }: { now: Date }): Promise<PayoutRun> {
  const friday = payoutFriday(now);
  const taken = friday ? await takePayouts(services, { friday, now }) : [];
  const { sent, refused, unanswered } = await sendPendingTransfers(services);
  if (unanswered.length > 0) {
    throw new AggregateError(
      unanswered,
      `${unanswered.length} payout transfers could not be asked of the processor: they stay pending and are asked again`,
    );
  }
  return { friday, taken, sent, refused };
}

/** Step 1: one pending payout per seller who may be paid this Friday, taken from their balance. */
export async function takePayouts(
  services: PayoutRunServices,
  { friday, now }: { friday: string; now: Date },
): Promise<PayoutRun["taken"]> {
  const { db, policy } = services;
  // Those who might be paid: a cheap first look; each is looked at again under its lock.
  const { rows } = await db.execute<{ creator_id: number }>(sql`
    SELECT ${ledgerEntries.creatorId} AS creator_id FROM ${ledgerEntries}
    JOIN ${creators} ON ${creators.id} = ${ledgerEntries.creatorId} AND ${creators.standing} = 'active'
      AND coalesce(${creators.userId}, '') NOT IN ${[...DEMO_USER_IDS]}
    WHERE NOT EXISTS (SELECT 1 FROM ${payoutHolds} WHERE ${payoutHolds.creatorId} = ${ledgerEntries.creatorId}
      AND ${payoutHolds.releasedAt} IS NULL)
    GROUP BY ${ledgerEntries.creatorId}
    HAVING sum(${ledgerEntries.amountCents}) >= ${PAYOUT_MINIMUM_CENTS}
    ORDER BY 1`);
  const taken: PayoutRun["taken"] = [];
  const limit = pLimit(SELLERS_AT_ONCE);
  const takeOne = async (creatorId: number) => {
    const amountCents = await db.transaction(async (tx) => {
      // The seller's row, locked: a hold, a suspension or another run comes before this payout or after it.
      const [shop] = await tx
        .select({ standing: creators.standing, userId: creators.userId })
        .from(creators)
        .where(eq(creators.id, creatorId))
        .for("update");
      if (shop?.standing !== "active") return 0;
      // The demo shop is run by a shared account anyone can use: it is never paid out.
      if (shop.userId && DEMO_USER_IDS.includes(shop.userId)) return 0;
      const balance = await payoutBalance(tx, { creatorId, now, holdDays: policy.holdDays });
      if (balance.payableCents < PAYOUT_MINIMUM_CENTS) return 0;
      const destination = await services.destinationOf(tx, creatorId, now);
      if (!destination || (destination.rail === "transfer" && !services.provider)) return 0;
      const [payout] = await tx
        .insert(payouts)
        .values({
          creatorId,
          amountCents: balance.payableCents,
          rail: destination.rail,
          ...(destination.rail === "transfer"
            ? { method: "direct_deposit" as const, destination: destination.accountRef }
            : { method: destination.method, destination: destination.destination }),
          weekOf: friday,
          fundsAvailableOn: fundsAvailableOn(friday),
        })
        .onConflictDoNothing()
        .returning({ id: payouts.id });
      if (!payout) return 0;
      await tx.insert(ledgerEntries).values({
        creatorId,
        kind: "payout",
        amountCents: -balance.payableCents,
        payoutId: payout.id,
      });
      return balance.payableCents;
    });
    if (amountCents > 0) taken.push({ creatorId, amountCents });
  };
  await Promise.all(rows.map(({ creator_id: creatorId }) => limit(() => takeOne(creatorId))));
  return taken.sort((a, b) => a.creatorId - b.creatorId);
}

/** Step 2: asks the processor for every pending transfer, oldest first, a few at once. */
async function sendPendingTransfers(
  services: PayoutRunServices,
): Promise<Pick<PayoutRun, "sent" | "refused"> & { unanswered: unknown[] }> {
  const { db, jobs, provider } = services;
  const sent: PayoutRun["sent"] = [];
  const refused: PayoutRun["refused"] = [];
  const unanswered: unknown[] = [];
  if (!provider) return { sent, refused, unanswered };
  const pending = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, "pending"), eq(payouts.rail, "transfer")))
    .orderBy(asc(payouts.id));
  const sendOne = async (payout: (typeof pending)[number]) => {
    let transferRef: string;
    try {
      ({ ref: transferRef } = await provider.transfer({
        accountRef: payout.destination,
        amountCents: payout.amountCents,
        currency: "usd",
        description: `Payout of ${payout.weekOf}`,
        payoutId: payout.id,
        idempotencyKey: transferKeyOf(payout),
        firstAskedAt: payout.createdAt,
      }));
    } catch (error) {
      if (!(error instanceof TransferRefused)) {
        unanswered.push(error);
        return;
      }
      if (await returnPayout({ db, jobs }, { payoutId: payout.id, reason: error.message })) {
        refused.push({ payoutId: payout.id, reason: error.message });
      }
      return;
    }
    const marked = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(payouts)
        .set({ status: "sent", transferRef, sentAt: sql`now()` })
        .where(and(eq(payouts.id, payout.id), eq(payouts.status, "pending")))
        .returning({ id: payouts.id });
      if (row) await recordPayoutEvent(tx, { jobs, payoutId: row.id, type: "payout.paid" });
      return row;
    });
    if (marked) sent.push({ payoutId: payout.id, amountCents: payout.amountCents });
  };
  const limit = pLimit(SELLERS_AT_ONCE);
  await Promise.all(pending.map((payout) => limit(() => sendOne(payout))));
  sent.sort((a, b) => a.payoutId - b.payoutId);
  refused.sort((a, b) => a.payoutId - b.payoutId);
  return { sent, refused, unanswered };
}

/**
 * A pending payout that will not be sent (refused by the processor, or marked failed by the owner):
 * failed, with the reason, and its whole amount back on the balance. False when it was no longer pending.
 */
export async function returnPayout(
  { db, jobs }: { db: Database; jobs: JobQueue },
  { payoutId, reason }: { payoutId: number; reason: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [payout] = await tx
      .update(payouts)
      .set({ status: "failed", failureReason: reason, returnedCents: sql`${payouts.amountCents}` })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, "pending")))
      .returning({ creatorId: payouts.creatorId, amountCents: payouts.amountCents });
    if (!payout) return false;
    await tx
      .insert(ledgerEntries)
      .values({ creatorId: payout.creatorId, kind: "payout_return", amountCents: payout.amountCents, payoutId });
    await recordPayoutEvent(tx, { jobs, payoutId, type: "payout.failed" });
    return true;
  });
}
