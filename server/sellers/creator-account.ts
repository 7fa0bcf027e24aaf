import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { creators } from "../db/schema.ts";

/** The creator profile (the seller's shop) an account runs, if any. */
export async function creatorOfUser(db: Database, userId: string) {
  const [row] = await db
    .select({ id: creators.id, name: creators.name, followers: creators.followers })
    .from(creators)
    .where(eq(creators.userId, userId));
  return row ?? null;
}
