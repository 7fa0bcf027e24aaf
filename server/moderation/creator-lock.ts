import { eq } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { creators, user } from "../db/schema.ts";
import type { Seller } from "./enforcement-emails.ts";
import type { ModerationServices } from "./enforcement-rules.ts";

/**
 * A seller's creator profile (their shop: a creator run by an account) and its owner, the row locked
 * until the transaction ends so that actions and appeal decisions on one creator happen one after
 * another; null for anything else.
 */
export async function lockCreator(tx: Queryable, creatorId: number) {
  if (!Number.isSafeInteger(creatorId)) return null;
  const [creator] = await tx.select().from(creators).where(eq(creators.id, creatorId)).for("update");
  if (!creator?.userId) return null;
  const [owner] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, creator.userId));
  return owner ? { creator, owner } : null;
}

/** Who the enforcement emails about a creator go to. */
export const letterTo = (
  services: Pick<ModerationServices, "shopName" | "publicUrl">,
  creator: { name: string },
  owner: { name: string; email: string },
): Seller => ({
  to: owner.email,
  name: owner.name,
  creatorName: creator.name,
  marketName: services.shopName,
  publicUrl: services.publicUrl,
});
