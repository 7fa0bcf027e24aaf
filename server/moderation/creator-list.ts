import { and, asc, desc, eq, inArray, isNotNull, like, or, type SQL, sql } from "drizzle-orm";
import { listQuery } from "../admin/paging.ts";
import type { Database } from "../db/client.ts";
import { appeals, creators, enforcementActions, user } from "../db/schema.ts";
import { escapeLike, normaliseQuery } from "../search/product-search.ts";
import { stepAfter } from "./enforcement-rules.ts";

const SHOPS_PER_PAGE = 25;
const STANDING_FILTERS = ["all", "active", "suspended", "removed"] as const;

export type CreatorListQuery = ReturnType<typeof creatorListQuery>;

/** The list an address asks for: `?q=studio&standing=suspended&page=2`. */
export function creatorListQuery(params: URLSearchParams) {
  const { query, filter: standing, page } = listQuery(params, "standing", STANDING_FILTERS);
  return { query, standing, page };
}

/**
 * One page of seller shops (creators run by an account), by name, whose name or owner's email
 * contains the query, with their owner, standing and actions so far, and the step a new violation
 * would be (null once the shop is removed): the admin console's Sellers page.
 */
export async function listCreatorsForAdmin(db: Database, { query, standing, page }: CreatorListQuery) {
  const conditions: (SQL | undefined)[] = [isNotNull(creators.userId)];
  if (standing !== "all") conditions.push(eq(creators.standing, standing));
  const text = normaliseQuery(query);
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    conditions.push(or(like(sql`lower(${creators.name})`, pattern), like(sql`lower(${user.email})`, pattern)));
  }
  const rows = await db
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
    .where(and(...conditions))
    .orderBy(asc(creators.name), asc(creators.id))
    .limit(SHOPS_PER_PAGE + 1)
    .offset((page - 1) * SHOPS_PER_PAGE);
  const shops = rows.slice(0, SHOPS_PER_PAGE);
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
  return {
    hasNext: rows.length > SHOPS_PER_PAGE,
    shops: shops.map((shop) => {
      const own = actions.filter((action) => action.creatorId === shop.id);
      const standingActions = own.filter((action) => !action.revokedAt).length;
      return { ...shop, actions: own, nextStep: shop.standing === "removed" ? null : stepAfter(standingActions) };
    }),
  };
}
