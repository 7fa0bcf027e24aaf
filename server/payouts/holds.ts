import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { creators, payoutHolds, payoutReserves } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";

// An admin's hold on a seller's payouts and a seller's reserve: each with a reason the seller
// reads on Earnings. Both lock the seller's row, as the payout run does, so that a hold placed while
// the run looks at that seller comes before its payout or after it, never halfway.

const REASON_MAX = 500;

function reasonOf(text: string, what: string): string {
  const reason = text.trim();
  if (!reason)
    throw new Refusal(`Write the reason for the ${what}: the seller reads it.`, "invalid", { field: "reason" });
  if (reason.length > REASON_MAX) {
    throw new Refusal(`Keep the reason within ${REASON_MAX} characters.`, "invalid", { field: "reason" });
  }
  return reason;
}

async function lockSeller(tx: Parameters<Parameters<Database["transaction"]>[0]>[0], creatorId: number) {
  const [seller] = await tx.select({ id: creators.id }).from(creators).where(eq(creators.id, creatorId)).for("update");
  if (!seller) throw new Refusal("There is no such seller.", "not-found");
}

export async function holdPayouts(
  db: Database,
  { creatorId, adminId, reason }: { creatorId: number; adminId: string; reason: string },
): Promise<void> {
  const text = reasonOf(reason, "hold");
  await db.transaction(async (tx) => {
    await lockSeller(tx, creatorId);
    const [held] = await tx
      .insert(payoutHolds)
      .values({ creatorId, reason: text, heldBy: adminId })
      .onConflictDoNothing()
      .returning({ id: payoutHolds.id });
    if (!held) throw new Refusal("This seller's payouts are already on hold.", "conflict");
  });
}

export async function releasePayouts(
  db: Database,
  { creatorId, adminId, note }: { creatorId: number; adminId: string; note: string },
): Promise<void> {
  const text = reasonOf(note, "release");
  await db.transaction(async (tx) => {
    await lockSeller(tx, creatorId);
    const [released] = await tx
      .update(payoutHolds)
      .set({ releasedAt: sql`now()`, releasedBy: adminId, releaseNote: text })
      .where(and(eq(payoutHolds.creatorId, creatorId), isNull(payoutHolds.releasedAt)))
      .returning({ id: payoutHolds.id });
    if (!released) throw new Refusal("This seller's payouts are not on hold.", "conflict");
  });
}

/** Sets the share of each payout kept back, in whole percent (0 ends the reserve). */
export async function setPayoutReserve(
  db: Database,
  { creatorId, adminId, percent, reason }: { creatorId: number; adminId: string; percent: number; reason: string },
): Promise<void> {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new Refusal("The reserve is a whole percentage from 0 to 100.", "invalid", { field: "percent" });
  }
  const text = reasonOf(reason, "reserve");
  await db.transaction(async (tx) => {
    await lockSeller(tx, creatorId);
    await tx
      .insert(payoutReserves)
      .values({ creatorId, basisPoints: percent * 100, reason: text, setBy: adminId })
      .onConflictDoUpdate({
        target: payoutReserves.creatorId,
        set: { basisPoints: percent * 100, reason: text, setBy: adminId, updatedAt: sql`now()` },
      });
  });
}
