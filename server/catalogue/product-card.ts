import { eq, sql } from "drizzle-orm";
import { creators, productImages, products } from "../db/schema.ts";

// What a product card shows, selected in one query with the creator,
// the category and the first image.
export interface ProductCard {
  id: number;
  title: string;
  creatorName: string;
  priceCents: number;
  originalPriceCents: number | null;
  imageUrl: string | null;
  rating: number;
  reviewCount: number;
  isInstantDownload: boolean;
  isBestseller: boolean;
  /** The first CARD_TAGS of the product's tags. */
  tags: string[];
}

/** How many of its tags a card shows (and so carries). */
const CARD_TAGS = 2;

export const productCardColumns = {
  id: products.id,
  title: products.title,
  creatorName: creators.name,
  priceCents: products.priceCents,
  originalPriceCents: products.originalPriceCents,
  imageUrl: sql<
    string | null
  >`(SELECT ${productImages.url} FROM ${productImages} WHERE ${productImages.productId} = ${products.id} ORDER BY ${productImages.position} LIMIT 1)`,
  rating: products.rating,
  reviewCount: products.reviewCount,
  isInstantDownload: products.isInstantDownload,
  isBestseller: products.isBestseller,
  tags: sql<string[]>`(${products.tags})[1:${sql.raw(String(CARD_TAGS))}]`,
};

export const isPublished = eq(products.status, "published");
