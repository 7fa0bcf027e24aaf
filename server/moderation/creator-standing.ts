import { desc, eq } from "drizzle-orm";
import type { Database, Queryable } from "../db/client.ts";
import { appeals, creators, enforcementActions } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { appealDeadline, formatDay } from "./enforcement-rules.ts";

/**
 * A shop's standing and every action on it with its appeal, newest first (the seller's Account
 * standing page), and the fix-by date of a warning still to fix (`warningFixBy`, else null): a shop
 * with one is not in good standing although its products stay on sale.
 */
export async function creatorStanding(db: Database, creatorId: number, now = new Date()) {
  const [shop] = await db
    .select({ standing: creators.standing, suspendedUntil: creators.suspendedUntil })
    .from(creators)
    .where(eq(creators.id, creatorId));
  const rows = await db
    .select({ action: enforcementActions, appeal: appeals })
    .from(enforcementActions)
    .leftJoin(appeals, eq(appeals.actionId, enforcementActions.id))
    .where(eq(enforcementActions.creatorId, creatorId))
    .orderBy(desc(enforcementActions.issuedAt), desc(enforcementActions.id));
  const warningFixBy =
    rows
      .map(({ action }) => action)
      .filter((action) => action.step === "warning" && !action.revokedAt && action.fixBy && action.fixBy > now)
      .map((action) => action.fixBy!)
      .sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
  return {
    standing: shop?.standing ?? "active",
    suspendedUntil: shop?.suspendedUntil ?? null,
    warningFixBy,
    actions: rows.map(({ action, appeal }) => {
      const appealBy = appealDeadline(action.issuedAt);
      return {
        id: action.id,
        step: action.step,
        reason: action.reason,
        issuedAt: action.issuedAt,
        fixBy: action.fixBy,
        endsAt: action.endsAt,
        revokedAt: action.revokedAt,
        appealBy,
        canAppeal: !appeal && !action.revokedAt && now <= appealBy,
        appeal: appeal && {
          status: appeal.status,
          message: appeal.message,
          createdAt: appeal.createdAt,
          decisionNote: appeal.decisionNote,
          decidedAt: appeal.decidedAt,
        },
      };
    }),
  };
}

/** What the Seller Dashboard warns about: a suspended or removed shop, or a warning still to fix. */
export async function standingNotice(db: Database, creatorId: number, now = new Date()) {
  const { standing, suspendedUntil, warningFixBy } = await creatorStanding(db, creatorId, now);
  if (standing !== "active") return { standing, suspendedUntil, warningFixBy: null };
  return warningFixBy ? { standing, suspendedUntil: null, warningFixBy } : null;
}

/**
 * Refuses when the shop may not put products on sale: it is suspended or removed. Inside a
 * transaction the shop row stays share-locked, so an enforcement action on the shop (which locks it
 * for update) happens entirely before or after the caller's change.
 */
export async function requireCreatorCanPublish(tx: Queryable, creatorId: number) {
  const [shop] = await tx
    .select({ standing: creators.standing, suspendedUntil: creators.suspendedUntil })
    .from(creators)
    .where(eq(creators.id, creatorId))
    .for("share");
  if (shop?.standing === "removed") throw new Refusal("Your shop has been removed from the marketplace.", "forbidden");
  if (shop?.standing === "suspended") {
    const until = shop.suspendedUntil ? ` until ${formatDay(shop.suspendedUntil)}` : "";
    throw new Refusal(`Your shop is suspended${until}: products cannot be published until then.`, "forbidden");
  }
}

/** Refuses when the shop is removed: it cannot add products either (the row is share-locked, as above). */
export async function requireCreatorNotRemoved(tx: Queryable, creatorId: number) {
  const [shop] = await tx
    .select({ standing: creators.standing })
    .from(creators)
    .where(eq(creators.id, creatorId))
    .for("share");
  if (shop?.standing === "removed") throw new Refusal("Your shop has been removed from the marketplace.", "forbidden");
}
