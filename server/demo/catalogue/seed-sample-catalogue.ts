import { eq, sql } from "drizzle-orm";
import type pg from "pg";
import { loadShopCategories, shopCategories, whenNoCategories } from "../../catalogue/shop-categories.ts";
import { refreshTrendingScores } from "../../catalogue/trending.ts";
import type { Database } from "../../db/client.ts";
import { bundleProducts, bundles, creators, discountCodes, productImages, products, reviews } from "../../db/schema.ts";
import { artUrl } from "../../media/generated-art.ts";
import { seedDemoAccounts } from "../accounts/demo-accounts.ts";
import { sampleBundles, sampleCreators, sampleDiscountCodes, sampleProducts } from "./sample-catalogue.ts";
import { sampleReviewsFor } from "./sample-reviews.ts";
import { seedSampleViews } from "./trending-sample.ts";

export interface SeedResult {
  categories: number;
  creators: number;
  products: number;
}

// Loads (or refreshes) the hand-written sample catalogue and the demo accounts. Idempotent: rows are matched by
// slug (categories, creators) and id (products), so running it again updates them in place.
export async function seedSampleCatalogue(db: Database): Promise<SeedResult> {
  const result = await loadSampleCatalogue(db);
  await seedDemoAccounts(db);
  return result;
}

function loadSampleCatalogue(db: Database): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const { categoryIds, artKinds } = await loadShopCategories(tx);
    const creatorIds = new Map<string, number>();
    for (const [index, creator] of sampleCreators.entries()) {
      const values = { ...creator, avatarUrl: artUrl("avatar", index + 1) };
      const [row] = await tx
        .insert(creators)
        .values(values)
        .onConflictDoUpdate({ target: creators.slug, set: values })
        .returning({ id: creators.id });
      creatorIds.set(creator.slug, row!.id);
    }

    const addedAt = sampleDatesEndingYesterday();
    for (const product of sampleProducts) {
      const { creatorSlug, categorySlug, imageCount, createdAt, ...fields } = product;
      const values = {
        ...fields,
        originalPriceCents: fields.originalPriceCents ?? null,
        commercialPriceCents: fields.commercialPriceCents ?? null,
        extendedPriceCents: fields.extendedPriceCents ?? null,
        payWhatYouWant: fields.payWhatYouWant ?? false,
        suggestedPriceCents: fields.suggestedPriceCents ?? null,
        pages: fields.pages ?? null,
        prints: fields.prints ?? null,
        templates: fields.templates ?? null,
        durationMinutes: fields.durationMinutes ?? null,
        creatorId: creatorIds.get(creatorSlug)!,
        categoryId: categoryIds.get(categorySlug)!,
        createdAt: addedAt(createdAt),
        updatedAt: addedAt(createdAt),
        publishedAt: addedAt(createdAt),
        // Demo content: a live shop withdraws it (server/catalogue/shop-mode.ts).
        isSample: true,
        // Loading the sample catalogue again (the demo shop's daily restore) puts it back on sale.
        status: "published" as const,
        hiddenBy: null,
        hiddenNote: null,
      };
      await tx.insert(products).values(values).onConflictDoUpdate({ target: products.id, set: values });
      await tx.delete(productImages).where(sql`${productImages.productId} = ${product.id}`);
      const kind = artKinds.get(categorySlug)!;
      await tx.insert(productImages).values(
        Array.from({ length: imageCount }, (_, position) => ({
          productId: product.id,
          url: artUrl(kind, product.id * 10 + position),
          alt: position === 0 ? product.title : `${product.title}, preview ${position + 1}`,
          position,
        })),
      );
    }
    // Their reviews (the rating and count then follow them, by trigger).
    const now = new Date();
    for (const product of sampleProducts) {
      await tx.delete(reviews).where(sql`${reviews.productId} = ${product.id} AND ${reviews.userId} IS NULL`);
      const rows = sampleReviewsFor(product, addedAt(product.createdAt), now).map((review) => ({
        ...review,
        productId: product.id,
      }));
      for (let start = 0; start < rows.length; start += 2000) {
        await tx.insert(reviews).values(rows.slice(start, start + 2000));
      }
    }
    for (const { creatorSlug, ...code } of sampleDiscountCodes) {
      const creatorId = creatorSlug === null ? null : creatorIds.get(creatorSlug)!;
      await tx
        .insert(discountCodes)
        .values({ ...code, creatorId })
        .onConflictDoNothing();
    }
    for (const { creatorSlug, productIds, ...bundle } of sampleBundles) {
      const values = { ...bundle, creatorId: creatorIds.get(creatorSlug)!, status: "published" as const };
      await tx.insert(bundles).values(values).onConflictDoUpdate({ target: bundles.id, set: values });
      await tx.delete(bundleProducts).where(eq(bundleProducts.bundleId, bundle.id));
      await tx
        .insert(bundleProducts)
        .values(productIds.map((productId, position) => ({ bundleId: bundle.id, productId, position })));
    }
    await tx.execute(sql`SELECT setval(pg_get_serial_sequence('bundles', 'id'), (SELECT max(id) FROM bundles))`);
    // Products were inserted with explicit ids: move the sequence past them.
    await tx.execute(sql`SELECT setval(pg_get_serial_sequence('products', 'id'), (SELECT max(id) FROM products))`);
    // The last week's shoppers of the demo, and what trends with them (the job keeps it current).
    await seedSampleViews(
      tx,
      sampleProducts.map((product) => product.id),
      now,
    );
    await refreshTrendingScores(tx, now);

    return { categories: shopCategories.length, creators: sampleCreators.length, products: sampleProducts.length };
  });
}

/** On first start: load the sample catalogue into an empty database. Returns what it loaded, or null. */
export function seedSampleCatalogueIfEmpty(db: Database, pool: pg.Pool): Promise<SeedResult | null> {
  return whenNoCategories(db, pool, () => seedSampleCatalogue(db));
}

/**
 * The sample products keep the spacing of their dates, moved so that the newest was added
 * yesterday: whenever the shop is first started, its New Arrivals and trending are current.
 */
function sampleDatesEndingYesterday(now = new Date()) {
  const at = (date: string) => new Date(`${date}T12:00:00Z`).getTime();
  const newest = Math.max(...sampleProducts.map((product) => at(product.createdAt)));
  const shift = now.getTime() - 24 * 3600_000 - newest;
  return (date: string) => new Date(at(date) + shift);
}
