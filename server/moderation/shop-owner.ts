import { eq } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { creators, user } from "../db/schema.ts";
import type { Seller } from "./enforcement-emails.ts";
import type { ModerationServices } from "./enforcement-rules.ts";

/**
 * A seller shop (a creator run by an account), its row locked until the transaction ends so that
 * actions and appeal decisions on one shop happen one after another; null for anything else.
 */
export async function lockSellerShop(tx: Queryable, creatorId: number) {
  if (!Number.isSafeInteger(creatorId)) return null;
  const [shop] = await tx.select().from(creators).where(eq(creators.id, creatorId)).for("update");
  if (!shop?.userId) return null;
  const [owner] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, shop.userId));
  return owner ? { shop, owner } : null;
}

/** Who the enforcement emails of a shop go to. */
export const letterTo = (
  services: Pick<ModerationServices, "shopName" | "publicUrl">,
  shop: { name: string },
  owner: { name: string; email: string },
): Seller => ({
  to: owner.email,
  name: owner.name,
  shopName: shop.name,
  marketName: services.shopName,
  publicUrl: services.publicUrl,
});
