import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { productSearch, products, productViews } from "../db/schema.ts";
import { sampleProducts } from "../demo/catalogue/sample-catalogue.ts";
import { seedSampleCatalogue } from "../demo/catalogue/seed-sample-catalogue.ts";
import { isTrendingSample } from "../demo/catalogue/trending-sample.ts";
import { searchProducts } from "../search/product-search.ts";
import { getHomePage } from "./home-page.ts";
import { DAILY_DECAY, refreshTrendingScores, SALE_WEIGHT, trendingScoreOf } from "./trending.ts";

const database = setUpTestDatabase();
const NOW = new Date("2026-06-10T12:00:00Z");
const daysAgo = (days: number) => new Date(Date.UTC(2026, 5, 10 - days)).toISOString().slice(0, 10);

async function scoresOf(ids: number[]) {
  const rows = await database.db
    .select({ id: productSearch.productId, score: productSearch.trendingScore })
    .from(productSearch)
    .where(inArray(productSearch.productId, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.score]));
}

describe("the sample catalogue", () => {
  it("comes with a week of shoppers: some of its products trend, not all", async () => {
    await seedSampleCatalogue(database.db);
    const { products: trending, total } = await searchProducts(database.db, {
      trending: true,
      sort: "trending",
      limit: 100,
    });
    const expected = sampleProducts.filter((product) => isTrendingSample(product.id)).map((product) => product.id);
    expect(total).toBe(expected.length);
    expect(total).toBeGreaterThanOrEqual(4); // the home page's four cards
    expect(total).toBeLessThan(sampleProducts.length / 2);
    expect(trending.map((product) => product.id).sort((a, b) => a - b)).toEqual(expected);
  });
});

describe("trending scores", () => {
  beforeAll(async () => {
    // Only this test's signals: no views, no scores.
    await database.db.delete(productViews);
    await refreshTrendingScores(database.db, NOW);
  });

  it("leave a new shop's home page without a Trending section, its hero showing the newest products", async () => {
    const home = await getHomePage(database.db);
    expect(home.trending).toEqual([]);
    const newest = await searchProducts(database.db, { sort: "newest", limit: 4 });
    expect(home.showcase.map((product) => product.id)).toEqual(newest.products.map((product) => product.id));
    expect(home.showcase).toHaveLength(4);
  });

  it("come from the last week's views and paid sales, later days counting more", async () => {
    const [viewed, sold, stale, unpaid, refunded, draft] = [10, 11, 12, 13, 14, 15];
    await database.db.insert(productViews).values([
      { productId: viewed, day: daysAgo(0), views: 5 },
      { productId: viewed, day: daysAgo(2), views: 10 },
      { productId: stale, day: daysAgo(7), views: 500 }, // a day too old
      { productId: draft, day: daysAgo(6), views: 100 },
    ]);
    await createOrder(database.db, { status: "paid", productIds: [sold], paidAt: NOW });
    await createOrder(database.db, { status: "pending_payment", productIds: [unpaid] });
    await createOrder(database.db, { status: "refunded", productIds: [refunded], paidAt: NOW });
    await database.db.update(products).set({ status: "draft" }).where(eq(products.id, draft));

    expect(await refreshTrendingScores(database.db, NOW)).toBe(3);
    const scores = await scoresOf([viewed, sold, stale, unpaid, refunded, draft]);
    expect(scores[viewed]).toBeCloseTo(5 + 10 * DAILY_DECAY ** 2, 4);
    expect(scores[viewed]).toBeCloseTo(
      trendingScoreOf([
        { views: 5, unitsSold: 0 },
        { views: 0, unitsSold: 0 },
        { views: 10, unitsSold: 0 },
      ]),
      4,
    );
    expect(scores[sold]).toBeCloseTo(SALE_WEIGHT, 4);
    expect(scores[draft]).toBeCloseTo(100 * DAILY_DECAY ** 6, 4);
    expect([scores[stale], scores[unpaid], scores[refunded]]).toEqual([0, 0, 0]);

    // /trending: the published products with a score, highest first; nothing else.
    const { products: listed, total } = await searchProducts(database.db, { trending: true, sort: "trending" });
    expect(listed.map((product) => product.id)).toEqual([sold, viewed]);
    expect(total).toBe(2);
    await database.db.update(products).set({ status: "published" }).where(eq(products.id, draft));
    expect((await searchProducts(database.db, { trending: true, sort: "trending" })).products[0]!.id).toBe(draft);
  });

  it("fade: a week later nothing trends, and a product's own writes keep its score meanwhile", async () => {
    await database.db
      .update(products)
      .set({ title: sql`${products.title} || ''` })
      .where(eq(products.id, 10));
    expect((await scoresOf([10]))[10]).toBeGreaterThan(0);
    const weekLater = new Date(NOW.getTime() + 7 * 86_400_000);
    expect(await refreshTrendingScores(database.db, weekLater)).toBe(0);
    expect((await searchProducts(database.db, { trending: true })).total).toBe(0);
  });
});
