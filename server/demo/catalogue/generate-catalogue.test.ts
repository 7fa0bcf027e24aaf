import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../../tests/support/test-database.ts";
import { generateCatalogue, pgArrayLiteral } from "./generate-catalogue.ts";
import { FORMATS, STYLES } from "./sample-types.ts";
import { seedSampleCatalogue } from "./seed-sample-catalogue.ts";

const database = setUpTestDatabase();
const twin = setUpTestDatabase(); // a second, identical database for the reproducibility check

const GENERATED = 2_000;
const AWKWARD_TAGS = ['say "cheese"', "a, b", "{braces}", "back\\slash", "NULL", " padded ", "it's", ""];

let before: number;
let firstId: number;
let result: Awaited<ReturnType<typeof generateCatalogue>>;
const progress: number[] = [];

async function productCount(db: typeof database.db): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM products`);
  return rows[0]!.n;
}

beforeAll(async () => {
  await seedSampleCatalogue(database.db);
  before = await productCount(database.db);
  const { rows } = await database.db.execute<{ max: number }>(sql`SELECT max(id)::int AS max FROM products`);
  firstId = rows[0]!.max + 1;
  result = await generateCatalogue(database.db, database.pool, {
    products: GENERATED,
    seed: 7,
    batchSize: 700, // several batches, the last one partial
    extraTags: AWKWARD_TAGS,
    onProgress: (done) => progress.push(done),
  });
}, 120_000);

describe("generateCatalogue", () => {
  it("adds exactly the requested number of products, in batches, and reports what it wrote", async () => {
    expect(await productCount(database.db)).toBe(before + GENERATED);
    expect(result.products).toBe(GENERATED);
    expect(result.creators).toBe(20); // at least 20, about one per 200 products
    expect(progress).toEqual([700, 1400, 2000]);
    const { rows } = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM product_images WHERE product_id >= ${firstId}`,
    );
    expect(result.images).toBe(rows[0]!.n);
  });

  it("gives every new product 1-3 images, a real category and a generated creator", async () => {
    const { rows } = await database.db.execute<{
      id: number;
      images: number;
      category: string | null;
      creator: string | null;
    }>(sql`
      SELECT p.id, (SELECT count(*)::int FROM product_images i WHERE i.product_id = p.id) AS images,
             c.slug AS category, cr.slug AS creator
      FROM products p LEFT JOIN categories c ON c.id = p.category_id LEFT JOIN creators cr ON cr.id = p.creator_id
      WHERE p.id >= ${firstId}`);
    expect(rows).toHaveLength(GENERATED);
    for (const row of rows) {
      expect(row.images).toBeGreaterThanOrEqual(1);
      expect(row.images).toBeLessThanOrEqual(3);
      expect(row.category).not.toBeNull();
      expect(row.creator).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*-[0-9a-f]{4,6}$/);
    }
    const urls = await database.db.execute<{ url: string; position: number }>(
      sql`SELECT url, position FROM product_images WHERE product_id >= ${firstId}`,
    );
    for (const { url } of urls.rows) expect(url).toMatch(/^\/media\/generated\/[a-z-]+-\d+\.svg$/);
  });

  it("keeps prices, discounts, ratings and counts consistent", async () => {
    const { rows } = await database.db.execute<{
      price: number;
      original: number | null;
      rating: number;
      reviews: number;
      format: string;
      styles: string[];
      art: string;
      pages: number | null;
      prints: number | null;
      templates: number | null;
      minutes: number | null;
    }>(sql`
      SELECT p.price_cents AS price, p.original_price_cents AS original, p.rating, p.review_count AS reviews, p.format,
             p.styles, c.art_kind AS art, p.pages, p.prints, p.templates, p.duration_minutes AS minutes
      FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id >= ${firstId}`);
    let discounted = 0;
    for (const row of rows) {
      expect(Number.isInteger(row.price)).toBe(true);
      expect(row.price).toBeGreaterThan(0);
      if (row.original !== null) {
        discounted++;
        expect(Number.isInteger(row.original)).toBe(true);
        expect(row.original).toBeGreaterThan(row.price);
      }
      expect(row.rating).toBeGreaterThanOrEqual(0);
      expect(row.rating).toBeLessThanOrEqual(5);
      expect(row.reviews === 0 ? row.rating === 0 : row.rating >= 3).toBe(true);
      expect(FORMATS).toContain(row.format);
      for (const style of row.styles) expect(STYLES).toContain(style);
      expect(row.styles.length).toBeGreaterThan(0);
      const counts = [row.pages, row.prints, row.templates, row.minutes].filter((n) => n !== null);
      expect(counts).toHaveLength(1); // exactly the count that fits the category
      if (row.art === "course") expect([row.format, row.minutes !== null]).toEqual(["Video", true]);
      if (row.art === "wall-art") expect(row.prints).not.toBeNull();
      if (row.art === "template") expect(row.templates).not.toBeNull();
      if (row.art === "ebook") expect([row.format, row.pages !== null]).toEqual(["PDF", true]);
    }
    expect(discounted).toBeGreaterThan(GENERATED * 0.1);
    expect(discounted).toBeLessThan(GENERATED * 0.6);
  });

  it("fills every category", async () => {
    const { rows } = await database.db.execute<{ slug: string; n: number }>(sql`
      SELECT c.slug, count(p.id)::int AS n FROM categories c
      LEFT JOIN products p ON p.category_id = c.id AND p.id >= ${firstId} GROUP BY c.slug`);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) expect(row.n, row.slug).toBeGreaterThan(50);
  });

  it("writes titles and text that read like a real shop", async () => {
    const { rows } = await database.db.execute<{
      title: string;
      description: string;
      tags: string[];
      features: string[];
      what_you_get: string[];
    }>(sql`SELECT title, description, tags, features, what_you_get FROM products WHERE id >= ${firstId}`);
    const broken = /undefined|NaN|\[object|null|\$\{/;
    for (const row of rows) {
      const text = [row.title, row.description, ...row.tags, ...row.features, ...row.what_you_get].join(" | ");
      expect(text).not.toMatch(broken);
      expect(row.title).toMatch(/^[A-Za-z0-9]\S/); // "reMarkable ..." is a real brand spelling
      expect(row.title.length).toBeLessThanOrEqual(80);
      expect(row.description.split(". ").length).toBeGreaterThanOrEqual(2);
      expect(row.features.length).toBeGreaterThanOrEqual(3);
      expect(row.what_you_get.length).toBeGreaterThanOrEqual(2);
    }
    // Variety: a large share of distinct titles.
    expect(new Set(rows.map((r) => r.title)).size).toBeGreaterThan(GENERATED * 0.6);
  });

  it("stores tags with commas, quotes, braces and backslashes exactly as given", async () => {
    const { rows } = await database.db.execute<{ tags: string[] }>(
      sql`SELECT tags FROM products WHERE id = ${firstId}`,
    );
    expect(rows[0]!.tags.slice(-AWKWARD_TAGS.length)).toEqual(AWKWARD_TAGS);
    // The encoding itself, straight through PostgreSQL's array parser.
    const samples = [[], ["plain"], AWKWARD_TAGS, ["é ü 日本", "tab\there", "new\nline"]];
    for (const values of samples) {
      const { rows: parsed } = await database.pool.query<{ value: string[] }>("SELECT $1::text[] AS value", [
        pgArrayLiteral(values),
      ]);
      expect(parsed[0]!.value).toEqual(values);
    }
  });

  it("gives the same products for the same seed on the same starting catalogue", async () => {
    await seedSampleCatalogue(twin.db);
    await generateCatalogue(twin.db, twin.pool, { products: 300, seed: 7 });
    const titles = async (db: typeof database.db) =>
      (
        await db.execute<{ title: string }>(
          sql`SELECT title FROM products WHERE id >= ${firstId} ORDER BY id LIMIT 300`,
        )
      ).rows.map((r) => r.title);
    const first = await titles(database.db);
    expect(await titles(twin.db)).toEqual(first);
    // A second run on the same database adds new products rather than repeating the first run.
    const fresh = await generateCatalogue(twin.db, twin.pool, { products: 300, seed: 7 });
    expect(fresh.products).toBe(300);
    const { rows } = await twin.db.execute<{ title: string }>(
      sql`SELECT title FROM products WHERE id >= ${firstId + 300} ORDER BY id LIMIT 300`,
    );
    expect(rows.map((r) => r.title)).not.toEqual(first);
    const slugs = await twin.db.execute<{ n: number; distinct: number }>(
      sql`SELECT count(*)::int AS n, count(DISTINCT slug)::int AS distinct FROM creators`,
    );
    expect(slugs.rows[0]!.distinct).toBe(slugs.rows[0]!.n);
  });
});
