import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { categories, creators, products } from "../db/schema.ts";
import { type ProductCard, productCardColumns } from "./product-card.ts";

/** The products of the creator shop that `userId` runs, published or not; none for a non-seller. */
export async function listSellerProducts(
  db: Database,
  userId: string,
): Promise<{ shopName: string | null; products: ProductCard[] }> {
  const [shop] = await db
    .select({ id: creators.id, name: creators.name })
    .from(creators)
    .where(eq(creators.userId, userId));
  if (!shop) return { shopName: null, products: [] };
  const rows = await db
    .select(productCardColumns)
    .from(products)
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.creatorId, shop.id))
    .orderBy(desc(products.createdAt));
  return { shopName: shop.name, products: rows };
}
