import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { creators, enforcementActions, products } from "../db/schema.ts";

export type Standing = "active" | "suspended" | "removed";

// What a product hidden with its shop says to the seller. Drafts are left alone: nobody sees them,
// and a shop that is not in good standing cannot publish them.
const SUSPENDED_NOTE = "Hidden while your shop is suspended.";
const REMOVED_NOTE = "Hidden because your shop was removed from the marketplace.";

/** The standing the shop's actions that still stand imply at `now`. */
async function impliedStanding(
  tx: Queryable,
  creatorId: number,
  now: Date,
): Promise<{ standing: Standing; suspendedUntil: Date | null }> {
  const [row] = await tx
    .select({
      removed: sql<boolean>`coalesce(bool_or(${enforcementActions.step} = 'removal'), false)`,
      until: sql<
        string | null
      >`max(${enforcementActions.endsAt}) FILTER (WHERE ${enforcementActions.step} = 'suspension')`,
    })
    .from(enforcementActions)
    .where(and(eq(enforcementActions.creatorId, creatorId), isNull(enforcementActions.revokedAt)));
  if (row?.removed) return { standing: "removed", suspendedUntil: null };
  const until = row?.until ? new Date(row.until) : null;
  if (until && until > now) return { standing: "suspended", suspendedUntil: until };
  return { standing: "active", suspendedUntil: null };
}

/**
 * Brings the shop and its products in line with the actions that still stand: after a new action,
 * when a suspension ends, and when an appeal revokes an action. Products the platform hid for
 * another reason (moderation) and deleted ones are left alone. Call it with the creator row locked.
 */
export async function applyStanding(tx: Queryable, creatorId: number, now: Date): Promise<Standing> {
  const { standing, suspendedUntil } = await impliedStanding(tx, creatorId, now);
  await tx.update(creators).set({ standing, suspendedUntil }).where(eq(creators.id, creatorId));
  const ofShop = eq(products.creatorId, creatorId);
  const hiddenWithShop = and(eq(products.status, "hidden"), sql`${products.hiddenBy} IN ('suspension', 'removal')`);
  if (standing === "active") {
    await tx
      .update(products)
      .set({ status: "published", hiddenBy: null, hiddenNote: null, updatedAt: sql`now()` })
      .where(and(ofShop, hiddenWithShop));
  } else {
    const [hiddenBy, hiddenNote] =
      standing === "removed" ? (["removal", REMOVED_NOTE] as const) : (["suspension", SUSPENDED_NOTE] as const);
    await tx
      .update(products)
      .set({ status: "hidden", hiddenBy, hiddenNote, updatedAt: sql`now()` })
      .where(and(ofShop, or(eq(products.status, "published"), hiddenWithShop)));
  }
  return standing;
}
