import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { products, reviews } from "../db/schema.ts";
import { sampleProducts } from "../demo/catalogue/sample-catalogue.ts";
import { seedSampleCatalogue, seedSampleCatalogueIfEmpty } from "../demo/catalogue/seed-sample-catalogue.ts";
import { listReviews, REVIEWS_PER_PAGE, ratingBreakdown } from "./product-reviews.ts";

const database = setUpTestDatabase();
const [first] = sampleProducts;

beforeAll(async () => {
  await seedSampleCatalogueIfEmpty(database.db, database.pool);
});

async function stored(id: number) {
  const [row] = await database.db
    .select({ rating: products.rating, reviewCount: products.reviewCount })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

describe("reviews", () => {
  it("are seeded so that every sample product keeps its review count and rating", async () => {
    for (const sample of sampleProducts) {
      expect(await stored(sample.id), `product ${sample.id}`).toEqual({
        rating: sample.rating,
        reviewCount: sample.reviewCount,
      });
    }
  });

  it("page newest first, all of them, and clamp an out-of-range page", async () => {
    const page1 = await listReviews(database.db, first!.id);
    expect(page1.total).toBe(first!.reviewCount);
    expect(page1.reviews).toHaveLength(REVIEWS_PER_PAGE);
    const dates = page1.reviews.map((review) => review.createdAt.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const last = await listReviews(database.db, first!.id, { page: 10_000 });
    expect(last.page).toBe(page1.pages);
    expect(last.reviews.length).toBe(first!.reviewCount - (page1.pages - 1) * REVIEWS_PER_PAGE);
    expect((await listReviews(database.db, first!.id, { page: -3 })).page).toBe(1);
  });

  it("break down by stars, adding up to the count", async () => {
    const breakdown = await ratingBreakdown(database.db, first!.id);
    expect(breakdown.map((row) => row.stars)).toEqual([5, 4, 3, 2, 1]);
    expect(breakdown.reduce((sum, row) => sum + row.count, 0)).toBe(first!.reviewCount);
  });

  it("move the product's rating and count when one is added or removed, and survive a reseed unchanged", async () => {
    const before = await stored(first!.id);
    const [added] = await database.db
      .insert(reviews)
      .values({ productId: first!.id, authorName: "Test T.", rating: 1, body: "Test review." })
      .returning({ id: reviews.id });
    const after = await stored(first!.id);
    expect(after.reviewCount).toBe(before.reviewCount + 1);
    expect(after.rating).toBeLessThanOrEqual(before.rating);
    await database.db.delete(reviews).where(eq(reviews.id, added!.id));
    expect(await stored(first!.id)).toEqual(before);
    await seedSampleCatalogue(database.db);
    expect(await stored(first!.id)).toEqual(before);
  });
});
