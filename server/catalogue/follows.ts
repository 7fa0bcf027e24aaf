import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { creatorFollows, creators } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";

/**
 * Follows the creator, or stops following; the creator's follower count follows (by trigger). A new
 * follow emails the follower when the creator publishes (notifyNewProducts, on by default): the
 * button then offers to turn that off at once (setFollowEmails).
 */
export async function toggleFollow(
  db: Database,
  userId: string,
  creatorId: number,
): Promise<{ following: boolean; followers: number; notifyNewProducts: boolean }> {
  return db.transaction(async (tx) => {
    const [creator] = await tx
      .select({ id: creators.id })
      .from(creators)
      .where(eq(creators.id, creatorId))
      .for("update");
    if (!creator) throw new Refusal("This creator does not exist.", "not-found");
    const removed = await tx
      .delete(creatorFollows)
      .where(and(eq(creatorFollows.userId, userId), eq(creatorFollows.creatorId, creatorId)))
      .returning({ creatorId: creatorFollows.creatorId });
    if (removed.length === 0) await tx.insert(creatorFollows).values({ userId, creatorId });
    const [{ followers } = { followers: 0 }] = await tx
      .select({ followers: creators.followers })
      .from(creators)
      .where(eq(creators.id, creatorId));
    const following = removed.length === 0;
    return { following, followers, notifyNewProducts: following };
  });
}

export const NOT_FOLLOWING = "You do not follow this creator: follow them first.";

/** Whether the follower is emailed when the creator publishes; a Refusal (404) when they do not follow. */
export async function setFollowEmails(
  db: Database,
  { userId, creatorId, notifyNewProducts }: { userId: string; creatorId: number; notifyNewProducts: boolean },
): Promise<void> {
  const updated = await db
    .update(creatorFollows)
    .set({ notifyNewProducts })
    .where(and(eq(creatorFollows.userId, userId), eq(creatorFollows.creatorId, creatorId)))
    .returning({ creatorId: creatorFollows.creatorId });
  if (updated.length === 0) throw new Refusal(NOT_FOLLOWING, "not-found");
}

/**
 * Stops following the creator (the Following page's Unfollow): unlike toggleFollow, a second
 * click, or a page older than the follow's end, never follows again. Answers whether a follow ended.
 */
export async function unfollow(db: Database, userId: string, creatorId: number): Promise<boolean> {
  const removed = await db
    .delete(creatorFollows)
    .where(and(eq(creatorFollows.userId, userId), eq(creatorFollows.creatorId, creatorId)))
    .returning({ creatorId: creatorFollows.creatorId });
  return removed.length > 0;
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
      notifyNewProducts: creatorFollows.notifyNewProducts,
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
