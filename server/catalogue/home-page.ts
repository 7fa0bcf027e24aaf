import { and, count, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { categories, creators, products } from "../db/schema.ts";
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

export async function getHomePage(db: Database): Promise<HomePage> {
  const [trending, featuredCreators, [total]] = await Promise.all([
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
    db.select({ value: count() }).from(products).where(isPublished),
  ]);
  return { trending, featuredCreators, productCount: total?.value ?? 0 };
}
