import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { appeals, creators, enforcementActions, user } from "../db/schema.ts";

/** Appeals waiting for a decision, oldest first, with the action and the shop (the admin console). */
export function pendingAppeals(db: Database) {
  return db
    .select({
      id: appeals.id,
      message: appeals.message,
      createdAt: appeals.createdAt,
      step: enforcementActions.step,
      reason: enforcementActions.reason,
      issuedAt: enforcementActions.issuedAt,
      creatorName: creators.name,
      shopSlug: creators.slug,
      standing: creators.standing,
      ownerEmail: user.email,
    })
    .from(appeals)
    .innerJoin(enforcementActions, eq(enforcementActions.id, appeals.actionId))
    .innerJoin(creators, eq(creators.id, enforcementActions.creatorId))
    .leftJoin(user, eq(user.id, creators.userId))
    .where(eq(appeals.status, "pending"))
    .orderBy(asc(appeals.createdAt), asc(appeals.id));
}
