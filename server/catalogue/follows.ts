import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { creatorFollows, creators } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";

/** Follows the creator, or stops following; the creator's follower count follows (by trigger). */
export async function toggleFollow(
  db: Database,
  userId: string,
  creatorId: number,
): Promise<{ following: boolean; followers: number }> {
  return db.transaction(async (tx) => {
    const [creator] = await tx
      .select({ id: creators.id })
      .from(creators)
      .where(eq(creators.id, creatorId))
      .for("update");
    if (!creator) throw new Refusal("This creator does not exist.", 404);
    const removed = await tx
      .delete(creatorFollows)
      .where(and(eq(creatorFollows.userId, userId), eq(creatorFollows.creatorId, creatorId)))
      .returning({ creatorId: creatorFollows.creatorId });
    if (removed.length === 0) await tx.insert(creatorFollows).values({ userId, creatorId });
    const [{ followers } = { followers: 0 }] = await tx
      .select({ followers: creators.followers })
      .from(creators)
      .where(eq(creators.id, creatorId));
    return { following: removed.length === 0, followers };
  });
}

/** The creators the user follows, most recently followed first (their account's Following page). */
export function followedCreators(db: Database, userId: string) {
  return db
    .select({
      id: creators.id,
      slug: creators.slug,
      name: creators.name,
      specialty: creators.specialty,
      avatarUrl: creators.avatarUrl,
      followers: creators.followers,
    })
    .from(creatorFollows)
    .innerJoin(creators, eq(creators.id, creatorFollows.creatorId))
    .where(eq(creatorFollows.userId, userId))
    .orderBy(desc(creatorFollows.createdAt));
}

/** The ids of the creators the user follows (every page's Follow buttons read them). */
export async function followedCreatorIds(db: Database, userId: string): Promise<number[]> {
  const rows = await db
    .select({ creatorId: creatorFollows.creatorId })
    .from(creatorFollows)
    .where(eq(creatorFollows.userId, userId));
  return rows.map((row) => row.creatorId);
}
