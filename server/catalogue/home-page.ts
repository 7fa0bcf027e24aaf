import { and, count, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { categories, creators, products } from "../db/schema.ts";
import { ttlCache } from "../lib/ttl-cache.ts";
import { isPublished, type ProductCard, productCardColumns } from "./product-card.ts";

export interface FeaturedCreator {
  slug: string;
  name: string;
  specialty: string;
  followers: number;
  products: number;
  avatarUrl: string | null;
}

export interface HomePage {
  trending: ProductCard[];
  featuredCreators: FeaturedCreator[];
  productCount: number;
}

// Counting a large catalogue takes a scan; the home page's figure may be a minute old.
const productCounts = new WeakMap<Database, () => Promise<number>>();
function countPublishedProducts(db: Database): Promise<number> {
  let cached = productCounts.get(db);
  if (!cached) {
    cached = ttlCache(60_000, async () => {
      const [row] = await db.select({ value: count() }).from(products).where(isPublished);
      return row?.value ?? 0;
    });
    productCounts.set(db, cached);
  }
  return cached();
}

export async function getHomePage(db: Database): Promise<HomePage> {
  const [trending, featuredCreators, productCount] = await Promise.all([
    db
      .select(productCardColumns)
      .from(products)
      .innerJoin(creators, eq(creators.id, products.creatorId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(isPublished)
      .orderBy(desc(products.downloads), desc(products.id))
      .limit(4),
    db
      .select({
        slug: creators.slug,
        name: creators.name,
        specialty: creators.specialty,
        followers: creators.followers,
        avatarUrl: creators.avatarUrl,
        products: count(products.id),
      })
      .from(creators)
      .leftJoin(products, and(eq(products.creatorId, creators.id), isPublished))
      .where(eq(creators.isFeatured, true))
      .groupBy(creators.id)
      .orderBy(desc(creators.followers))
      .limit(4),
    countPublishedProducts(db),
  ]);
  return { trending, featuredCreators, productCount };
}
