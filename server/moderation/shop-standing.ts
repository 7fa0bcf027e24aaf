import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Database, Queryable } from "../db/client.ts";
import { appeals, creators, enforcementActions } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { appealDeadline, formatDay } from "./enforcement-rules.ts";

/** A shop's standing and every action on it with its appeal, newest first (the seller's Account standing page). */
export async function shopStanding(db: Database, creatorId: number, now = new Date()) {
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
  return {
    standing: shop?.standing ?? "active",
    suspendedUntil: shop?.suspendedUntil ?? null,
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
  const [shop] = await db
    .select({ standing: creators.standing, suspendedUntil: creators.suspendedUntil })
    .from(creators)
    .where(eq(creators.id, creatorId));
  if (shop && shop.standing !== "active") return { ...shop, warningFixBy: null };
  const [warning] = await db
    .select({ fixBy: enforcementActions.fixBy })
    .from(enforcementActions)
    .where(
      and(
        eq(enforcementActions.creatorId, creatorId),
        eq(enforcementActions.step, "warning"),
        isNull(enforcementActions.revokedAt),
        gt(enforcementActions.fixBy, now),
      ),
    )
    .orderBy(desc(enforcementActions.fixBy))
    .limit(1);
  return warning ? { standing: "active" as const, suspendedUntil: null, warningFixBy: warning.fixBy } : null;
}

/**
 * Refuses when the shop may not put products on sale: it is suspended or removed. Inside a
 * transaction the shop row stays share-locked, so an enforcement action on the shop (which locks it
 * for update) happens entirely before or after the caller's change.
 */
export async function requireShopCanPublish(tx: Queryable, creatorId: number) {
  const [shop] = await tx
    .select({ standing: creators.standing, suspendedUntil: creators.suspendedUntil })
    .from(creators)
    .where(eq(creators.id, creatorId))
    .for("share");
  if (shop?.standing === "removed") throw new Refusal("Your shop has been removed from the marketplace.", 403);
  if (shop?.standing === "suspended") {
    const until = shop.suspendedUntil ? ` until ${formatDay(shop.suspendedUntil)}` : "";
    throw new Refusal(`Your shop is suspended${until}: products cannot be published until then.`, 403);
  }
}

/** Refuses when the shop is removed: it cannot add products either (the row is share-locked, as above). */
export async function requireShopNotRemoved(tx: Queryable, creatorId: number) {
  const [shop] = await tx
    .select({ standing: creators.standing })
    .from(creators)
    .where(eq(creators.id, creatorId))
    .for("share");
  if (shop?.standing === "removed") throw new Refusal("Your shop has been removed from the marketplace.", 403);
}
