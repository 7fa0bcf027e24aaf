import { and, desc, eq, ne } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { categories, creators, products } from "../db/schema.ts";
import { type ProductCard, productCardColumns } from "./product-card.ts";

type ProductRow = typeof products.$inferSelect;

/** A product card with where it stands; one the platform hid says by what and why. */
export type SellerProductRow = ProductCard & {
  status: ProductRow["status"];
  hiddenBy: ProductRow["hiddenBy"];
  hiddenNote: ProductRow["hiddenNote"];
};

/** The products of the creator shop that `userId` runs, drafts too (not deleted ones); none for a non-seller. */
export async function listSellerProducts(
  db: Database,
  userId: string,
): Promise<{ shopName: string | null; followers: number; products: SellerProductRow[] }> {
  const [shop] = await db
    .select({ id: creators.id, name: creators.name, followers: creators.followers })
    .from(creators)
    .where(eq(creators.userId, userId));
  if (!shop) return { shopName: null, followers: 0, products: [] };
  const rows = await db
    .select({
      ...productCardColumns,
      status: products.status,
      hiddenBy: products.hiddenBy,
      hiddenNote: products.hiddenNote,
    })
    .from(products)
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.creatorId, shop.id), ne(products.status, "deleted")))
    .orderBy(desc(products.createdAt));
  return { shopName: shop.name, followers: shop.followers, products: rows };
}
