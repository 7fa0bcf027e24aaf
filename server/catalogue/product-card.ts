import { and, eq, sql } from "drizzle-orm";
import { categories, creators, productImages, products } from "../db/schema.ts";

// What a product card shows (SPEC section 3), selected in one query with the creator,
// the category and the first image.
export interface ProductCard {
  id: number;
  title: string;
  creatorName: string;
  creatorSlug: string;
  priceCents: number;
  originalPriceCents: number | null;
  imageUrl: string | null;
  imageAlt: string;
  rating: number;
  reviewCount: number;
  downloads: number;
  isInstantDownload: boolean;
  isBestseller: boolean;
  categoryLabel: string;
  categorySlug: string;
  format: string;
  tags: string[];
}

export const productCardColumns = {
  id: products.id,
  title: products.title,
  creatorName: creators.name,
  creatorSlug: creators.slug,
  priceCents: products.priceCents,
  originalPriceCents: products.originalPriceCents,
  imageUrl: sql<
    string | null
  >`(SELECT ${productImages.url} FROM ${productImages} WHERE ${productImages.productId} = ${products.id} ORDER BY ${productImages.position} LIMIT 1)`,
  imageAlt: products.title,
  rating: products.rating,
  reviewCount: products.reviewCount,
  downloads: products.downloads,
  isInstantDownload: products.isInstantDownload,
  isBestseller: products.isBestseller,
  categoryLabel: categories.label,
  categorySlug: categories.slug,
  format: products.format,
  tags: products.tags,
};

export const isPublished = eq(products.status, "published");

export function publishedIn(categoryId: number) {
  return and(isPublished, eq(products.categoryId, categoryId));
}
