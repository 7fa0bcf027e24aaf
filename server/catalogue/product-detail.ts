import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { TierPrices } from "../../shared/license-tiers.ts";
import type { Database } from "../db/client.ts";
import { categories, creators, productFilePreviews, productFiles, productImages, products } from "../db/schema.ts";
import { tierPricesOf } from "../licenses/tier-prices.ts";
import { isPublished, type ProductCard, productCardColumns } from "./product-card.ts";

export interface ProductDetail {
  id: number;
  title: string;
  description: string;
  /** The Personal license's price, the one the storefront's price and sale badge are about. */
  priceCents: number;
  originalPriceCents: number | null;
  /** The price of each license tier the product is sold under (null: not sold under it). */
  tierPrices: TierPrices;
  /** The buyer names the price: `priceCents` is then the least they may pay (0 allowed). */
  payWhatYouWant: boolean;
  /** What a pay-what-you-want product's page proposes (null: the minimum). */
  suggestedPriceCents: number | null;
  rating: number;
  reviewCount: number;
  downloads: number;
  isBestseller: boolean;
  isInstantDownload: boolean;
  format: string;
  /** The files a buyer downloads, as stored: their names and real sizes. */
  files: { fileName: string; sizeBytes: number }[];
  pages: number | null;
  prints: number | null;
  templates: number | null;
  durationMinutes: number | null;
  tags: string[];
  features: string[];
  whatYouGet: string[];
  creator: { name: string; slug: string };
  category: { name: string; label: string; slug: string };
  images: { url: string; alt: string }[];
  /** "Look inside": the first pages of its PDF files, of their current versions (decision 032). */
  previews: FilePreview[];
  related: ProductCard[];
}

export interface FilePreview {
  fileName: string;
  /** 1 for the file's first page. */
  page: number;
  imageUrl: string;
  width: number;
  height: number;
}

/** A published product with its gallery and up to 3 related products of its category; null if none. */
export async function getProductDetail(db: Database, id: number): Promise<ProductDetail | null> {
  const [row] = await db
    .select({
      product: products,
      creator: { name: creators.name, slug: creators.slug },
      category: { name: categories.name, label: categories.label, slug: categories.slug },
    })
    .from(products)
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.id, id), isPublished));
  if (!row) return null;
  const { product } = row;
  const [images, files, previews, related] = await Promise.all([
    db
      .select({ url: productImages.url, alt: productImages.alt })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position)),
    db
      .select({ fileName: productFiles.fileName, sizeBytes: productFiles.sizeBytes })
      .from(productFiles)
      .where(eq(productFiles.productId, id))
      .orderBy(asc(productFiles.position), asc(productFiles.id)),
    db
      .select({
        fileName: productFiles.fileName,
        page: productFilePreviews.page,
        imageUrl: productFilePreviews.imageUrl,
        width: productFilePreviews.width,
        height: productFilePreviews.height,
      })
      .from(productFilePreviews)
      // Only the pages of a file's current version: a newer one's are on their way.
      .innerJoin(
        productFiles,
        and(eq(productFiles.id, productFilePreviews.fileId), eq(productFiles.previewsVersion, productFiles.version)),
      )
      .where(eq(productFiles.productId, id))
      .orderBy(asc(productFiles.position), asc(productFiles.id), asc(productFilePreviews.page)),
    db
      .select(productCardColumns)
      .from(products)
      .innerJoin(creators, eq(creators.id, products.creatorId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(isPublished, eq(products.categoryId, product.categoryId), ne(products.id, id)))
      .orderBy(desc(products.downloads))
      .limit(3),
  ]);
  return {
    id: product.id,
    title: product.title,
    description: product.description,
    priceCents: product.priceCents,
    originalPriceCents: product.originalPriceCents,
    tierPrices: tierPricesOf(product),
    payWhatYouWant: product.payWhatYouWant,
    suggestedPriceCents: product.suggestedPriceCents,
    rating: product.rating,
    reviewCount: product.reviewCount,
    downloads: product.downloads,
    isBestseller: product.isBestseller,
    isInstantDownload: product.isInstantDownload,
    format: product.format,
    files,
    pages: product.pages,
    prints: product.prints,
    templates: product.templates,
    durationMinutes: product.durationMinutes,
    tags: product.tags,
    features: product.features,
    whatYouGet: product.whatYouGet,
    creator: row.creator,
    category: row.category,
    images,
    previews,
    related,
  };
}
