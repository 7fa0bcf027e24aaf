import crypto from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Database, Queryable } from "../db/client.ts";
import { cartBundles, cartItems, shoppers, wishlistItems } from "../db/schema.ts";
import { MAX_QUANTITY } from "./cart.ts";

/** Who is asking: the signed-in user, else the guest id from their cookie (either may be absent). */
export interface Visitor {
  userId: string | null;
  guestId: string | null;
}

const GUEST_ID = /^[A-Za-z0-9_-]{43}$/;

/** A guest id from a cookie, or null when it is missing or not one of ours. */
export function parseGuestId(value: unknown): string | null {
  return typeof value === "string" && GUEST_ID.test(value) ? value : null;
}

/** The visitor's shopper, if they have one yet (reading never creates one). */
export async function findShopper(db: Queryable, visitor: Visitor): Promise<string | null> {
  const where = visitor.userId
    ? eq(shoppers.userId, visitor.userId)
    : visitor.guestId
      ? and(eq(shoppers.id, visitor.guestId), isNull(shoppers.userId))
      : undefined;
  if (!where) return null;
  const [row] = await db.select({ id: shoppers.id }).from(shoppers).where(where);
  return row?.id ?? null;
}

/**
 * The visitor's shopper, created on their first add. A new guest gets a new random id, returned
 * as `newGuestId` for the caller to put in their cookie.
 */
export async function ensureShopper(db: Queryable, visitor: Visitor): Promise<{ id: string; newGuestId?: string }> {
  if (visitor.userId) {
    const id = crypto.randomBytes(32).toString("base64url");
    await db.insert(shoppers).values({ id, userId: visitor.userId }).onConflictDoNothing({ target: shoppers.userId });
    const [row] = await db.select({ id: shoppers.id }).from(shoppers).where(eq(shoppers.userId, visitor.userId));
    return { id: row!.id };
  }
  const existing = await findShopper(db, visitor);
  if (existing) return { id: existing };
  const id = crypto.randomBytes(32).toString("base64url");
  await db.insert(shoppers).values({ id });
  return { id, newGuestId: id };
}

/** How long a guest's cart and wishlist are kept after their last visit (the cookie's lifetime). */
export const GUEST_DAYS = 90;

/** Removes guests who have not been back for GUEST_DAYS (a scheduled job); their orders stay. */
export async function removeIdleGuests(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - GUEST_DAYS * 24 * 3600_000);
  const removed = await db
    .delete(shoppers)
    .where(and(isNull(shoppers.userId), lt(shoppers.updatedAt, cutoff)))
    .returning({ id: shoppers.id });
  return removed.length;
}

/** Marks the shopper as active now (guest carts unused for long are removed by age). */
export function touchShopper(db: Database, id: string) {
  return db.update(shoppers).set({ updatedAt: sql`now()` }).where(eq(shoppers.id, id));
}

/**
 * At sign-in, what the visitor collected as a guest joins their account: cart quantities add up
 * (to at most MAX_QUANTITY), wishlists unite, and the guest shopper is gone.
 */
export async function mergeGuestIntoAccount(db: Database, guestId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [guest] = await tx
      .select({ id: shoppers.id })
      .from(shoppers)
      .where(and(eq(shoppers.id, guestId), isNull(shoppers.userId)))
      .for("update");
    if (!guest) return;
    const { id: accountShopper } = await ensureShopper(tx, { userId, guestId: null });
    await tx.execute(sql`
      INSERT INTO ${cartItems} (shopper_id, product_id, quantity, license_tier, chosen_price_cents, added_at)
      SELECT ${accountShopper}, product_id, quantity, license_tier, chosen_price_cents, added_at
      FROM ${cartItems} WHERE shopper_id = ${guestId}
      ON CONFLICT (shopper_id, product_id)
      DO UPDATE SET quantity = LEAST(${cartItems.quantity} + EXCLUDED.quantity, ${MAX_QUANTITY})`);
    await tx.execute(sql`
      INSERT INTO ${wishlistItems} (shopper_id, product_id, added_at)
      SELECT ${accountShopper}, product_id, added_at FROM ${wishlistItems} WHERE shopper_id = ${guestId}
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`
      INSERT INTO ${cartBundles} (shopper_id, bundle_id, added_at)
      SELECT ${accountShopper}, bundle_id, added_at FROM ${cartBundles} WHERE shopper_id = ${guestId}
      ON CONFLICT DO NOTHING`);
    await tx.delete(shoppers).where(eq(shoppers.id, guestId));
  });
}
