import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { payoutHoldReason, payoutReleaseNote, payoutReserveReason } from "../../shared/moderation-note-schema.ts";
import type { Database } from "../db/client.ts";
import { creators, payoutHolds, payoutReserves } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";

// An admin's hold on a seller's payouts and a seller's reserve: each with a reason the seller
// reads on Earnings. Both lock the seller's row, as the payout run does, so that a hold placed while
// the run looks at that seller comes before its payout or after it, never halfway.

/** A note the seller reads, checked as the admin page checks it (shared/moderation-note-schema.ts). */
export function noteOf(schema: z.ZodType<string>, text: string, field: string): string {
  const parsed = schema.safeParse(text);
  if (!parsed.success) throw new Refusal(parsed.error.issues[0]?.message ?? "Write a note.", "invalid", { field });
  return parsed.data;
}

async function lockSeller(tx: Parameters<Parameters<Database["transaction"]>[0]>[0], creatorId: number) {
  const [seller] = await tx.select({ id: creators.id }).from(creators).where(eq(creators.id, creatorId)).for("update");
  if (!seller) throw new Refusal("There is no such seller.", "not-found");
}

export async function holdPayouts(
  db: Database,
  { creatorId, adminId, reason }: { creatorId: number; adminId: string; reason: string },
): Promise<void> {
  const text = noteOf(payoutHoldReason, reason, "reason");
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
  const text = noteOf(payoutReleaseNote, note, "note");
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
  const text = noteOf(payoutReserveReason, reason, "reason");
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

/** Each listed seller's hold in force and reserve, for the admin Sellers page. */
export async function payoutControlsOf(db: Database, creatorIds: number[]) {
  if (creatorIds.length === 0) return new Map<number, PayoutControls>();
  const [holds, reserves] = await Promise.all([
    db
      .select({ creatorId: payoutHolds.creatorId, reason: payoutHolds.reason, heldAt: payoutHolds.heldAt })
      .from(payoutHolds)
      .where(and(inArray(payoutHolds.creatorId, creatorIds), isNull(payoutHolds.releasedAt))),
    db
      .select({
        creatorId: payoutReserves.creatorId,
        basisPoints: payoutReserves.basisPoints,
        reason: payoutReserves.reason,
      })
      .from(payoutReserves)
      .where(inArray(payoutReserves.creatorId, creatorIds)),
  ]);
  return new Map<number, PayoutControls>(
    creatorIds.map((creatorId) => {
      const hold = holds.find((row) => row.creatorId === creatorId);
      const reserve = reserves.find((row) => row.creatorId === creatorId && row.basisPoints > 0);
      return [
        creatorId,
        {
          hold: hold ? { reason: hold.reason, heldAt: hold.heldAt.toISOString() } : null,
          reservePercent: reserve ? reserve.basisPoints / 100 : 0,
          reserveReason: reserve?.reason ?? null,
        },
      ];
    }),
  );
}

export interface PayoutControls {
  hold: { reason: string; heldAt: string } | null;
  reservePercent: number;
  reserveReason: string | null;
}
