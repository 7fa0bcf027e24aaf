import { and, asc, desc, eq, gte, isNull, or, sql } from "drizzle-orm";
import { payoutFailureReason } from "../../shared/moderation-note-schema.ts";
import { PAYOUT_METHOD_NAMES } from "../../shared/shop-facts.ts";
import type { Database } from "../db/client.ts";
import { creators, payoutHolds, payouts } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { csvFile } from "../lib/csv.ts";
import { Refusal } from "../lib/refusal.ts";
import { recordPayoutEvent } from "../webhooks/events.ts";
import { noteOf } from "./holds.ts";
import { returnPayout } from "./payout-run.ts";

// The manual rail (PAYOUT_RAIL=manual): the Friday run leaves each payout pending; the owner pays
// them from the week's payout file and marks each paid (once) or failed (its money back on the
// seller's balance, with the reason the seller reads).

const NOT_FOUND = "There is no such payout.";

async function manualPayout(db: Database, payoutId: number) {
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (payout?.rail !== "manual") throw new Refusal(NOT_FOUND, "not-found");
  return payout;
}

function alreadySettled(payout: { status: string; sentAt: Date | null }): Refusal {
  return new Refusal(
    payout.status === "sent"
      ? `This payout was already marked paid${payout.sentAt ? ` on ${payout.sentAt.toISOString().slice(0, 10)}` : ""}.`
      : "This payout was already marked as not paid: its money is back on the seller's balance.",
    "conflict",
  );
}

/** The owner paid it: sent, once. */
export async function markManualPayoutSent(
  { db, jobs }: { db: Database; jobs: JobQueue },
  { payoutId, adminId }: { payoutId: number; adminId: string },
): Promise<{ amountCents: number }> {
  await manualPayout(db, payoutId);
  const marked = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(payouts)
      .set({ status: "sent", sentAt: sql`now()`, markedSentBy: adminId })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, "pending")))
      .returning({ amountCents: payouts.amountCents });
    if (row) await recordPayoutEvent(tx, { jobs, payoutId, type: "payout.paid" });
    return row;
  });
  if (!marked) throw alreadySettled(await manualPayout(db, payoutId));
  return marked;
}

/** The owner could not pay it (a PayPal address that bounced, say): failed, its money back on the balance. */
export async function markManualPayoutFailed(
  { db, jobs }: { db: Database; jobs: JobQueue },
  { payoutId, reason }: { payoutId: number; reason: string },
): Promise<void> {
  const note = noteOf(payoutFailureReason, reason, "reason");
  const payout = await manualPayout(db, payoutId);
  if (!(await returnPayout({ db, jobs }, { payoutId, reason: note }))) throw alreadySettled(payout);
}

/** The weeks with manual payouts still to pay, newest first. */
async function weeksToPay(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ weekOf: payouts.weekOf })
    .from(payouts)
    .where(and(eq(payouts.rail, "manual"), eq(payouts.status, "pending")))
    .orderBy(desc(payouts.weekOf));
  return rows.map((row) => row.weekOf);
}

/** The week's manual payouts as a CSV file for the owner's bank or PayPal batch: one line per seller. */
export async function manualPayoutFile(db: Database, { weekOf }: { weekOf: string }): Promise<string> {
  const rows = await db
    .select({
      id: payouts.id,
      seller: creators.name,
      method: payouts.method,
      destination: payouts.destination,
      amountCents: payouts.amountCents,
      status: payouts.status,
    })
    .from(payouts)
    .innerJoin(creators, eq(creators.id, payouts.creatorId))
    .where(and(eq(payouts.rail, "manual"), eq(payouts.weekOf, weekOf)))
    // By shop, oldest first: the same order whatever order the run took the sellers in (several at once).
    .orderBy(asc(creators.id), asc(payouts.id));
  const lines = [
    ["Payout", "Seller", "Method", "Pay to", "Amount (USD)", "Status"],
    ...rows.map((row) => [
      String(row.id),
      row.seller,
      PAYOUT_METHOD_NAMES[row.method],
      row.destination,
      (row.amountCents / 100).toFixed(2),
      row.status,
    ]),
  ];
  return csvFile(lines);
}

/** What the admin Payouts page shows: payouts to pay by hand, transfers in trouble, holds in force. */
export async function payoutsForAdmin(db: Database, { now }: { now: Date }) {
  const recent = new Date(now.getTime() - 30 * 24 * 3600_000);
  const seller = { creatorId: creators.id, seller: creators.name };
  const [toPay, troubled, holds, weeks] = await Promise.all([
    db
      .select({
        ...seller,
        id: payouts.id,
        weekOf: payouts.weekOf,
        method: payouts.method,
        destination: payouts.destination,
        amountCents: payouts.amountCents,
      })
      .from(payouts)
      .innerJoin(creators, eq(creators.id, payouts.creatorId))
      .where(and(eq(payouts.rail, "manual"), eq(payouts.status, "pending")))
      .orderBy(asc(payouts.weekOf), asc(creators.id), asc(payouts.id))
      .limit(200),
    db
      .select({
        ...seller,
        id: payouts.id,
        weekOf: payouts.weekOf,
        status: payouts.status,
        amountCents: payouts.amountCents,
        returnedCents: payouts.returnedCents,
        failureReason: payouts.failureReason,
      })
      .from(payouts)
      .innerJoin(creators, eq(creators.id, payouts.creatorId))
      .where(
        and(
          eq(payouts.rail, "transfer"),
          or(eq(payouts.status, "pending"), and(gte(payouts.createdAt, recent), sql`${payouts.returnedCents} > 0`)),
        ),
      )
      .orderBy(desc(payouts.createdAt))
      .limit(100),
    db
      .select({ ...seller, reason: payoutHolds.reason, heldAt: payoutHolds.heldAt })
      .from(payoutHolds)
      .innerJoin(creators, eq(creators.id, payoutHolds.creatorId))
      .where(isNull(payoutHolds.releasedAt))
      .orderBy(asc(payoutHolds.heldAt)),
    weeksToPay(db),
  ]);
  return { toPay, troubled, holds, weeks };
}
