import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { listCategories } from "../catalogue/categories.ts";
import { categories, creators, productSearch, products } from "../db/schema.ts";
import { seedSampleCatalogueIfEmpty } from "../demo/catalogue/seed-sample-catalogue.ts";
import type { SORTS } from "./listing-query.ts";
import { findProducts, NEW_ARRIVAL_DAYS, type ProductFilters, searchProducts } from "./product-search.ts";

const database = setUpTestDatabase();
type Row = typeof products.$inferSelect & { creatorName: string; categoryName: string; categoryLabel: string };
let catalogue: Row[] = [];
let categoryIdBySlug = new Map<string, number>();

beforeAll(async () => {
  await seedSampleCatalogueIfEmpty(database.db, database.pool);
  const rows = await database.db
    .select()
    .from(products)
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.status, "published"));
  catalogue = rows.map((row) => ({
    ...row.products,
    creatorName: row.creators.name,
    categoryName: row.categories.name,
    categoryLabel: row.categories.label,
  }));
  categoryIdBySlug = new Map((await listCategories(database.db)).map((c) => [c.slug, c.id]));
});

const everything = { limit: 10_000 };
const idsOf = async (filters: ProductFilters) =>
  (await searchProducts(database.db, { ...filters, ...everything })).products.map((p) => p.id).sort((a, b) => a - b);
const facetCounts = async (db: typeof database.db, filters: ProductFilters) => {
  const found = await findProducts(db, filters, { facets: true });
  return found.facets!;
};
const expected = (keep: (row: Row) => boolean) =>
  catalogue
    .filter(keep)
    .map((row) => row.id)
    .sort((a, b) => a - b);

/** What search matches: a case-insensitive substring of the title, creator, category or any tag. */
function matches(row: Row, text: string) {
  const q = text.trim().toLowerCase();
  return [row.title, row.creatorName, row.categoryName, row.categoryLabel, ...row.tags].some((field) =>
    field.toLowerCase().includes(q),
  );
}

describe("matching text (and every word in any order: search-index.test.ts)", () => {
  it("finds every case-insensitive substring of the title, creator, category or any tag", async () => {
    for (const text of ["PLANNER", "wall art", "studio", "Courses", "minimal", "budget", "ann", "  Boho  "]) {
      const found = await idsOf({ query: text });
      expect(
        expected((row) => matches(row, text)).filter((id) => !found.includes(id)),
        text,
      ).toEqual([]);
    }
  });

  it("finds the words of a query apart and in any order, in the description too", async () => {
    const wallArt = await idsOf({ query: "art wall" });
    expect(wallArt).toEqual(expect.arrayContaining(expected((row) => matches(row, "wall art"))));
    const [described] = catalogue.filter(
      (row) => /\bbeautifully\b/i.test(row.description) && !matches(row, "beautifully"),
    );
    // The sample catalogue has such a product; were it to lose it, this test must say so, not pass.
    expect(described, "a sample product with 'beautifully' in its description only").toBeDefined();
    expect(await idsOf({ query: "beautifully" })).toContain(described!.id);
  });

  it("returns every product for a blank query, and nothing for text no product has", async () => {
    expect(await idsOf({ query: "   " })).toEqual(expected(() => true));
    expect(await idsOf({ query: "zzqxv" })).toEqual([]);
  });

  it("treats % and _ as plain characters", async () => {
    expect(await idsOf({ query: "%" })).toEqual(expected((row) => matches(row, "%")));
    expect(await idsOf({ query: "_" })).toEqual(expected((row) => matches(row, "_")));
  });

  it("follows a renamed creator", async () => {
    const [creator] = await database.db.select().from(creators).limit(1);
    await database.db.update(creators).set({ name: "Quokka Works" }).where(eq(creators.id, creator!.id));
    expect(await idsOf({ query: "quokka" })).toEqual(expected((row) => row.creatorId === creator!.id));
    await database.db.update(creators).set({ name: creator!.name }).where(eq(creators.id, creator!.id));
    expect(await idsOf({ query: "quokka" })).toEqual([]);
  });

  it("ranks title matches first, then by popularity", async () => {
    const { products: found } = await searchProducts(database.db, { query: "planner", ...everything });
    const inTitle = found.map((p) => p.title.toLowerCase().includes("planner"));
    expect(inTitle.indexOf(false) === -1 || inTitle.slice(inTitle.indexOf(false)).every((t) => !t)).toBe(true);
  });
});

describe("filters combine", () => {
  it("keep prices within the range, both bounds included", async () => {
    const price = catalogue[0]!.priceCents;
    const atBounds = await idsOf({ minPriceCents: price, maxPriceCents: price });
    expect(atBounds).toContain(catalogue[0]!.id);
    expect(atBounds).toEqual(expected((row) => row.priceCents === price));
    expect(await idsOf({ minPriceCents: 1000, maxPriceCents: 3000 })).toEqual(
      expected((row) => row.priceCents >= 1000 && row.priceCents <= 3000),
    );
  });

  it("keep the selected categories, formats and styles, and all of them together with text and price", async () => {
    const planners = categoryIdBySlug.get("planners")!;
    const wallArt = categoryIdBySlug.get("wall-art")!;
    expect(await idsOf({ categoryIds: [planners, wallArt] })).toEqual(
      expected((row) => [planners, wallArt].includes(row.categoryId)),
    );
    expect(await idsOf({ formats: ["PDF", "PNG"] })).toEqual(expected((row) => ["PDF", "PNG"].includes(row.format)));
    expect(await idsOf({ styles: ["Boho", "Vintage"] })).toEqual(
      expected((row) => row.styles.some((style) => ["Boho", "Vintage"].includes(style))),
    );
    const combined: ProductFilters = {
      query: "planner",
      categoryIds: [planners, wallArt],
      formats: ["PDF", "PNG", "JPG"],
      minPriceCents: 500,
      maxPriceCents: 5000,
    };
    const result = await idsOf(combined);
    expect(result.length).toBeGreaterThan(0);
    const filtered = (row: Row) =>
      [planners, wallArt].includes(row.categoryId) &&
      ["PDF", "PNG", "JPG"].includes(row.format) &&
      row.priceCents >= 500 &&
      row.priceCents <= 5000;
    expect(result).toEqual(expect.arrayContaining(expected((row) => matches(row, "planner") && filtered(row))));
    expect(result.filter((id) => !filtered(catalogue.find((row) => row.id === id)!))).toEqual([]);
  });

  it("give the /browse tabs their meanings: bestsellers, new arrivals, on sale", async () => {
    expect(await idsOf({ tab: "bestsellers" })).toEqual(expected((row) => row.isBestseller));
    expect(await idsOf({ tab: "sale" })).toEqual(
      expected((row) => row.originalPriceCents !== null && row.originalPriceCents > row.priceCents),
    );
    const since = Date.now() - NEW_ARRIVAL_DAYS * 24 * 3600_000;
    const newest = await idsOf({ tab: "new" });
    expect(newest.length).toBeGreaterThan(0);
    expect(newest).toEqual(expected((row) => row.publishedAt!.getTime() > since));
  });

  it("count each facet's values under the other filters only", async () => {
    const planners = categoryIdBySlug.get("planners")!;
    const filters: ProductFilters = { categoryIds: [planners], formats: ["PDF"], maxPriceCents: 4000 };
    const counts = await facetCounts(database.db, filters);
    const under = (keep: (row: Row) => boolean) => catalogue.filter((row) => row.priceCents <= 4000 && keep(row));
    for (const [slug, id] of categoryIdBySlug) {
      const n = under((row) => row.categoryId === id && row.format === "PDF").length;
      expect(counts.categories[id] ?? 0, slug).toBe(n);
    }
    for (const format of ["PDF", "PNG", "Video"]) {
      const n = under((row) => row.categoryId === planners && row.format === format).length;
      expect(counts.formats[format] ?? 0, format).toBe(n);
    }
    const boho = under((row) => row.categoryId === planners && row.format === "PDF" && row.styles.includes("Boho"));
    expect(counts.styles.Boho ?? 0).toBe(boho.length);
    expect(counts.total).toBe((await searchProducts(database.db, filters)).total);
  });

  it("keep a category page's own category out of the facets, and inside every count", async () => {
    const planners = categoryIdBySlug.get("planners")!;
    const counts = await facetCounts(database.db, { categoryScope: planners, formats: ["PNG"] });
    expect(Object.keys(counts.categories)).toEqual([String(planners)]);
    expect(counts.total).toBe(catalogue.filter((row) => row.categoryId === planners && row.format === "PNG").length);
    expect(counts.formats.PDF).toBe(
      catalogue.filter((row) => row.categoryId === planners && row.format === "PDF").length,
    );
    expect(await idsOf({ categoryScope: planners })).toEqual(expected((row) => row.categoryId === planners));
  });
});

describe("sorts", () => {
  it("all really sort", async () => {
    const byId = new Map(catalogue.map((row) => [row.id, row]));
    const sorted = async (sort: (typeof SORTS)[number]) =>
      (await searchProducts(database.db, { sort, ...everything })).products.map((p) => byId.get(p.id)!);
    const isOrdered = <T>(rows: Row[], key: (row: Row) => T, direction: 1 | -1) =>
      rows.every(
        (row, index) =>
          index === 0 ||
          ((key(rows[index - 1]!) > key(row) ? direction === -1 : true) &&
            (key(rows[index - 1]!) < key(row) ? direction === 1 : true)),
      );
    expect(isOrdered(await sorted("popular"), (r) => r.downloads, -1)).toBe(true);
    expect(isOrdered(await sorted("newest"), (r) => r.publishedAt!.getTime(), -1)).toBe(true);
    expect(isOrdered(await sorted("price-low"), (r) => r.priceCents, 1)).toBe(true);
    expect(isOrdered(await sorted("price-high"), (r) => r.priceCents, -1)).toBe(true);
    expect(isOrdered(await sorted("rating"), (r) => r.rating, -1)).toBe(true);
    const bestselling = await sorted("bestselling");
    expect(isOrdered(bestselling, (r) => Number(r.isBestseller), -1)).toBe(true);
    // Trending: the trending job's score (server/catalogue/trending.test.ts), then popularity.
    const scores = new Map(
      (await database.db.select().from(productSearch)).map((row) => [row.productId, row.trendingScore]),
    );
    const trending = await sorted("trending");
    expect(isOrdered(trending, (r) => scores.get(r.id)!, -1)).toBe(true);
    expect(trending.map((r) => r.id)).not.toEqual((await sorted("popular")).map((r) => r.id));
  });

  it("pages through the results without repeats", async () => {
    const first = await searchProducts(database.db, { sort: "price-low", limit: 10, offset: 0 });
    const second = await searchProducts(database.db, { sort: "price-low", limit: 10, offset: 10 });
    expect(first.total).toBe(catalogue.length);
    const ids = [...first.products, ...second.products].map((p) => p.id);
    expect(new Set(ids).size).toBe(20);
  });

  it("leaves out products that are not published", async () => {
    const [first] = catalogue;
    await database.db
      .update(products)
      .set({ status: "hidden" })
      .where(inArray(products.id, [first!.id]));
    expect(await idsOf({})).not.toContain(first!.id);
    await database.db.update(products).set({ status: "published" }).where(eq(products.id, first!.id));
  });
});
