import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { ledgerEntries, payoutEvents, payouts } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { recordPayoutEvent } from "../webhooks/events.ts";
import type { PayoutEvent } from "./payout-provider.ts";

// Money of a sent payout that comes back: the processor reversed the transfer (all or part of it),
// or it failed after it was taken. What came back is entered on the seller's ledger, with the
// processor's reason on the payout; each event acts once, however often it is delivered.

type TransferEvent = Extract<PayoutEvent, { type: "transfer_reversed" | "transfer_failed" }>;

export type TransferReturnOutcome =
  /** Entered now. */
  | { outcome: "returned"; payoutId: number; creatorId: number; amountCents: number }
  /** This event was acted on before. */
  | { outcome: "already-seen" }
  /** No payout of the shop's has this transfer: acknowledged, nothing changes. */
  | { outcome: "unknown-transfer" };

export async function recordTransferReturn(
  { db, jobs }: { db: Database; jobs: JobQueue },
  event: TransferEvent,
): Promise<TransferReturnOutcome> {
  return db.transaction(async (tx) => {
    const [first] = await tx
      .insert(payoutEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: payoutEvents.id });
    if (!first) return { outcome: "already-seen" };
    const [payout] = await tx.select().from(payouts).where(eq(payouts.transferRef, event.transferRef)).for("update");
    if (!payout) return { outcome: "unknown-transfer" };
    const left = payout.amountCents - payout.returnedCents;
    // A failure gives back all that is left; a reversal what it says, never more than is left.
    const amountCents = event.type === "transfer_failed" ? left : Math.min(event.amountCents, left);
    if (amountCents <= 0)
      return { outcome: "returned", payoutId: payout.id, creatorId: payout.creatorId, amountCents: 0 };
    const returnedCents = payout.returnedCents + amountCents;
    await tx
      .update(payouts)
      .set({
        returnedCents,
        failureReason: event.reason,
        status:
          event.type === "transfer_failed"
            ? "failed"
            : returnedCents === payout.amountCents
              ? "reversed"
              : payout.status,
      })
      .where(eq(payouts.id, payout.id));
    await tx.insert(ledgerEntries).values({
      creatorId: payout.creatorId,
      kind: "payout_return",
      amountCents,
      payoutId: payout.id,
      createdAt: sql`now()`,
    });
    await recordPayoutEvent(tx, { jobs, payoutId: payout.id, type: "payout.failed" });
    return { outcome: "returned", payoutId: payout.id, creatorId: payout.creatorId, amountCents };
  });
}
