import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { ProductForm } from "../../shared/product-schema.ts";
import { type ProductCard, productCardColumns } from "../catalogue/product-card.ts";
import type { Database } from "../db/client.ts";
import {
  categories,
  creators,
  orderItems,
  productFilePreviews,
  productFiles,
  productFileVersions,
  productImages,
  products,
} from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import { storedImageKeys } from "../media/image-variants.ts";
import { requireCreatorCanPublish, requireCreatorNotRemoved } from "../moderation/creator-standing.ts";
import { announceFirstPublish } from "../notifications/publish-notices.ts";

// A seller's own products: every function takes the seller's creator id and touches only that
// creator's products. Anything else answers as if the product did not exist.

export const PRODUCT_NOT_IN_SHOP = "We could not find this product in your shop.";

type ProductRow = typeof products.$inferSelect;

/** A product card with where it stands and its licenses' prices; one the platform hid says by what and why. */
export type SellerProductRow = ProductCard & {
  commercialPriceCents: ProductRow["commercialPriceCents"];
  extendedPriceCents: ProductRow["extendedPriceCents"];
  status: ProductRow["status"];
  hiddenBy: ProductRow["hiddenBy"];
  hiddenNote: ProductRow["hiddenNote"];
};

/** A creator's products for their dashboard, drafts too (not deleted ones), newest first. */
export function listSellerProducts(db: Database, creatorId: number): Promise<SellerProductRow[]> {
  return db
    .select({
      ...productCardColumns,
      commercialPriceCents: products.commercialPriceCents,
      extendedPriceCents: products.extendedPriceCents,
      status: products.status,
      hiddenBy: products.hiddenBy,
      hiddenNote: products.hiddenNote,
    })
    .from(products)
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.creatorId, creatorId), ne(products.status, "deleted")))
    .orderBy(desc(products.createdAt));
}

function columnsOf(input: ProductForm) {
  return {
    title: input.title,
    description: input.description,
    categoryId: input.categoryId,
    tags: input.tags,
    format: input.format,
    priceCents: input.price,
    originalPriceCents: input.originalPrice ?? null,
    // A tier left empty is not sold: its price is cleared.
    commercialPriceCents: input.commercialPrice ?? null,
    extendedPriceCents: input.extendedPrice ?? null,
    payWhatYouWant: input.payWhatYouWant,
    suggestedPriceCents: input.payWhatYouWant ? (input.suggestedPrice ?? null) : null,
    features: input.features,
    whatYouGet: input.whatYouGet,
    pages: input.pages,
    prints: input.prints,
    templates: input.templates,
    durationMinutes: input.durationMinutes,
  };
}

async function requireCategory(db: Database, categoryId: number) {
  const [found] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!found) throw new Refusal("Choose a category.", "invalid");
}

/** A new product, as a draft (it goes on sale when published). */
export async function createProduct(db: Database, creatorId: number, input: ProductForm): Promise<number> {
  await requireCategory(db, input.categoryId);
  return db.transaction(async (tx) => {
    // A removed shop adds nothing (its row is share-locked, so a removal hides this draft too).
    await requireCreatorNotRemoved(tx, creatorId);
    const [created] = await tx
      .insert(products)
      .values({ ...columnsOf(input), creatorId, status: "draft" })
      .returning({ id: products.id });
    return created!.id;
  });
}

/** The seller's product (any status but deleted), or a refusal. */
export async function requireOwnProduct(db: Database, creatorId: number, productId: number) {
  const [product] = Number.isSafeInteger(productId)
    ? await db
        .select()
        .from(products)
        .where(and(eq(products.id, productId), eq(products.creatorId, creatorId), ne(products.status, "deleted")))
    : [];
  if (!product) throw new Refusal(PRODUCT_NOT_IN_SHOP, "not-found");
  return product;
}

export async function updateProduct(
  db: Database,
  { creatorId, productId, product }: { creatorId: number; productId: number; product: ProductForm },
) {
  await requireOwnProduct(db, creatorId, productId);
  await requireCategory(db, product.categoryId);
  await db
    .update(products)
    .set({ ...columnsOf(product), updatedAt: sql`now()` })
    .where(and(eq(products.id, productId), eq(products.creatorId, creatorId)));
}

/**
 * Puts the product on sale (it shows in search, its category and the creator page at once) or
 * takes it off. A product goes on sale only with an image and a file to deliver, and only while the
 * shop is in good standing (not suspended or removed); one the platform hid stays hidden.
 */
export async function setPublished(
  db: Database,
  {
    creatorId,
    productId,
    published,
    jobs,
  }: {
    creatorId: number;
    productId: number;
    published: boolean;
    /** Where the first publish queues its followers' emails (absent only in tests of other rules). */
    jobs?: JobQueue;
  },
) {
  await requireOwnProduct(db, creatorId, productId);
  await db.transaction(async (tx) => {
    // A suspended or removed shop cannot publish; the shop row stays share-locked until the change
    // is made, so a suspension issued meanwhile waits for it (and then hides the product).
    if (published) await requireCreatorCanPublish(tx, creatorId);
    const [product] = await tx
      .select({ status: products.status, publishedAt: products.publishedAt })
      .from(products)
      .where(eq(products.id, productId));
    if (product?.status === "hidden") {
      throw new Refusal("The platform has hidden this product; contact support.", "conflict");
    }
    if (published) {
      const [counts] = await tx
        .execute<{ images: number; files: number }>(sql`
        SELECT (SELECT count(*) FROM ${productImages} WHERE ${productImages.productId} = ${productId})::int AS images,
               (SELECT count(*) FROM ${productFiles} WHERE ${productFiles.productId} = ${productId})::int AS files`)
        .then((result) => result.rows);
      if (!counts?.images || !counts.files) {
        throw new Refusal("Add at least one image and one file before publishing.", "conflict");
      }
    }
    await tx
      .update(products)
      .set({ status: published ? "published" : "draft", updatedAt: sql`now()` })
      .where(eq(products.id, productId));
    // On sale for the first time (published_at is set once, by trigger): its creator's followers
    // who asked are emailed. A republish, or a product back from moderation, is not announced again.
    if (published && !product?.publishedAt && jobs) await announceFirstPublish(jobs, tx, productId);
  });
}

/**
 * Deletes the product. One nobody bought goes with its images and files; one that was sold is
 * only marked deleted, so its buyers keep their downloads. The caller removes the stored files
 * this returns.
 */
export async function deleteProduct(db: Database, creatorId: number, productId: number): Promise<string[]> {
  await requireOwnProduct(db, creatorId, productId);
  return db.transaction(async (tx) => {
    const [sold] = await tx
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.productId, productId))
      .limit(1);
    if (sold) {
      await tx.update(products).set({ status: "deleted", updatedAt: sql`now()` }).where(eq(products.id, productId));
      return [];
    }
    const stored = await tx
      .select({ key: productFiles.storageKey })
      .from(productFiles)
      .where(eq(productFiles.productId, productId));
    // The versions its files replaced (file-versions.ts) go with them.
    const earlier = await tx
      .select({ key: productFileVersions.storageKey })
      .from(productFileVersions)
      .innerJoin(productFiles, eq(productFiles.id, productFileVersions.fileId))
      .where(eq(productFiles.productId, productId));
    const images = await tx
      .select({ url: productImages.url })
      .from(productImages)
      .where(eq(productImages.productId, productId));
    // And the pictures of its PDFs' first pages (server/previews/; their rows go by the cascade).
    const previews = await tx
      .select({ url: productFilePreviews.imageUrl })
      .from(productFilePreviews)
      .innerJoin(productFiles, eq(productFiles.id, productFilePreviews.fileId))
      .where(eq(productFiles.productId, productId));
    await tx.delete(products).where(eq(products.id, productId));
    return [
      ...stored.map((file) => file.key),
      ...earlier.map((version) => version.key),
      ...[...images, ...previews].flatMap((image) => imageKeysOf(image.url)),
    ];
  });
}

/** Where uploaded product images are served from; the rest of the address is the store key. */
export const PRODUCT_IMAGE_PREFIX = "/media/products/";

/** The store keys of an uploaded image and of its variants (none for generated art). */
export function imageKeysOf(url: string): string[] {
  return url.startsWith(PRODUCT_IMAGE_PREFIX) ? storedImageKeys(url.slice(PRODUCT_IMAGE_PREFIX.length)) : [];
}

/** A product with its images and files, for the seller's editor. */
export async function productForEditor(db: Database, creatorId: number, productId: number) {
  const product = await requireOwnProduct(db, creatorId, productId);
  const [images, files] = await Promise.all([
    db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position), asc(productImages.id)),
    db
      .select()
      .from(productFiles)
      .where(eq(productFiles.productId, productId))
      .orderBy(asc(productFiles.position), asc(productFiles.id)),
  ]);
  return { product, images, files };
}
