import { and, desc, eq } from "drizzle-orm";
import { isPublished, type ProductCard, productCardColumns } from "../catalogue/product-card.ts";
import type { Database } from "../db/client.ts";
import { categories, creators, products, wishlistItems } from "../db/schema.ts";
import { requireProductOnSale } from "./cart.ts";

/** The ids of the products on the shopper's wishlist, newest first (only products on sale). */
export async function wishlistProductIds(db: Database, shopperId: string | null): Promise<number[]> {
  if (!shopperId) return [];
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.shopperId, shopperId), eq(products.status, "published")))
    .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.productId));
  return rows.map((row) => row.productId);
}

/** Adds the product to the wishlist, or removes it when it is there; says which. */
export async function toggleWishlist(db: Database, shopperId: string, productId: number): Promise<"added" | "removed"> {
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.shopperId, shopperId), eq(wishlistItems.productId, productId)))
    .returning({ productId: wishlistItems.productId });
  if (removed.length > 0) return "removed";
  await requireProductOnSale(db, productId);
  await db.insert(wishlistItems).values({ shopperId, productId }).onConflictDoNothing();
  return "added";
}

/** The wishlist as product cards, newest first (the /wishlist page). */
export async function wishlistProducts(db: Database, shopperId: string | null): Promise<ProductCard[]> {
  if (!shopperId) return [];
  return db
    .select(productCardColumns)
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(wishlistItems.shopperId, shopperId), isPublished))
    .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.productId));
}
