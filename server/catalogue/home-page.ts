import { and, count, desc, eq, gt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { creators, products } from "../db/schema.ts";
import { cachedPerDatabase } from "../lib/ttl-cache.ts";
import { firstProductsFromPostgres } from "../search/product-search.ts";
import { isPublished, type ProductCard } from "./product-card.ts";

interface FeaturedCreator {
  slug: string;
  name: string;
  specialty: string;
  followers: number;
  products: number;
  avatarUrl: string | null;
}

export interface HomePage {
  /** Products with a trending score: none in a new shop, whose home page then leaves the section out. */
  trending: ProductCard[];
  /** The hero's four pictures: the trending products, or the newest while fewer trend. */
  showcase: ProductCard[];
  featuredCreators: FeaturedCreator[];
  productCount: number;
}

// Counting a large catalogue takes a scan.
const countPublishedProducts = cachedPerDatabase(60_000, async (db) => {
  const [row] = await db.select({ value: count() }).from(products).where(isPublished);
  return row?.value ?? 0;
});
const trendingProducts = cachedPerDatabase(60_000, (db) =>
  firstProductsFromPostgres(db, { trending: true, sort: "trending", limit: 4 }),
);
const newestProducts = cachedPerDatabase(60_000, (db) => firstProductsFromPostgres(db, { sort: "newest", limit: 4 }));

export async function getHomePage(db: Database): Promise<HomePage> {
  const [trending, featuredCreators, productCount] = await Promise.all([
    trendingProducts(db),
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
      // A creator with nothing on sale is featured nowhere (a live shop's sample creators, once a demo).
      .having(gt(count(products.id), 0))
      .orderBy(desc(creators.followers))
      .limit(4),
    countPublishedProducts(db),
  ]);
  const showcase = trending.length === 4 ? trending : await newestProducts(db);
  return { trending, showcase, featuredCreators, productCount };
}
