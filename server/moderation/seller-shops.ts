import { asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { appeals, creators, enforcementActions, user } from "../db/schema.ts";
import { stepAfter } from "./enforcement-rules.ts";

/**
 * Every seller shop (a creator run by an account) with its owner, standing and actions so far, and
 * the step a new violation would be (null once the shop is removed): the admin console's Sellers page.
 */
export async function sellerShops(db: Database) {
  const shops = await db
    .select({
      id: creators.id,
      name: creators.name,
      slug: creators.slug,
      standing: creators.standing,
      suspendedUntil: creators.suspendedUntil,
      ownerName: user.name,
      ownerEmail: user.email,
    })
    .from(creators)
    .innerJoin(user, eq(user.id, creators.userId))
    .where(isNotNull(creators.userId))
    .orderBy(asc(creators.name), asc(creators.id));
  const actions = shops.length
    ? await db
        .select({
          id: enforcementActions.id,
          creatorId: enforcementActions.creatorId,
          step: enforcementActions.step,
          reason: enforcementActions.reason,
          issuedAt: enforcementActions.issuedAt,
          revokedAt: enforcementActions.revokedAt,
          appealStatus: appeals.status,
        })
        .from(enforcementActions)
        .leftJoin(appeals, eq(appeals.actionId, enforcementActions.id))
        .where(
          inArray(
            enforcementActions.creatorId,
            shops.map((shop) => shop.id),
          ),
        )
        .orderBy(desc(enforcementActions.issuedAt), desc(enforcementActions.id))
    : [];
  return shops.map((shop) => {
    const own = actions.filter((action) => action.creatorId === shop.id);
    const standing = own.filter((action) => !action.revokedAt).length;
    return { ...shop, actions: own, nextStep: shop.standing === "removed" ? null : stepAfter(standing) };
  });
}
