// Generates a large, believable catalogue on top of the sample one, for load tests and benchmarks
// (`npm run seed -- --products N`, `npm run bench`). Titles, descriptions, tags, counts and prices are
// composed from word lists per kind of product, so a page of 100,000 generated products reads like a shop.
//
// Speed: rows go in by batch with one `INSERT ... SELECT FROM unnest($1::int[], $2::text[], ...)` per table
// and batch, never row by row. Product ids are taken from the sequence first (nextval) so that the images
// of a batch can reference them without relying on the order of RETURNING rows. While one batch is being
// written, the next one is generated, so Node and PostgreSQL work at the same time.
//
// What the products say comes from generated-products/ (one profile of word lists per kind); this file only
// chooses kinds, categories and creators and loads the rows.
import { base, en, Faker } from "@faker-js/faker";
import { asc } from "drizzle-orm";
import type pg from "pg";
import type { Database } from "../../db/client.ts";
import { categories } from "../../db/schema.ts";
import { pick, seededRandom } from "../../lib/random.ts";
import { artUrl } from "../../media/generated-art.ts";
import { composeProduct, type GeneratedProduct } from "./generated-products/compose-product.ts";
import { type CreatorRow, makeCreator } from "./generated-products/creators.ts";
import { isProductKind, kindWeightTotal, type ProductKind, pickKind } from "./generated-products/kinds.ts";

export interface GenerateOptions {
  products: number;
  /** Same seed and same starting table size give the same catalogue. Default 42. */
  seed?: number;
  /** Rows per INSERT statement (and per transaction). Default 5,000. */
  batchSize?: number;
  /** Called after each committed batch with the number of products written so far. */
  onProgress?: (done: number) => void;
  /** Test hook: extra tags given to the first generated product (checks the array encoding). */
  extraTags?: readonly string[];
}

export interface GenerateResult {
  products: number;
  creators: number;
  images: number;
  milliseconds: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Encoding of text[] values

/**
 * A PostgreSQL array literal for a text[] value. Every element is double-quoted with `"` and `\` escaped, so
 * commas, quotes, braces, backslashes, spaces and the word NULL all survive as plain text.
 */
export function pgArrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Creators

async function insertCreators(pool: pg.Pool, f: Faker, rows: CreatorRow[]): Promise<number[]> {
  // Slugs are unique: regenerate the suffix of any slug already taken (by this run or an earlier one).
  const seen = new Set<string>();
  for (;;) {
    const { rows: taken } = await pool.query<{ slug: string }>(
      "SELECT slug FROM creators WHERE slug = ANY($1::text[])",
      [rows.map((c) => c.slug)],
    );
    const clash = new Set(taken.map((row) => row.slug));
    let changed = false;
    for (const row of rows) {
      if (clash.has(row.slug) || seen.has(row.slug)) {
        row.slug = `${row.slug.replace(/-[0-9a-f]{4,}$/, "")}-${f.string.hexadecimal({ length: 6, casing: "lower", prefix: "" })}`;
        changed = true;
      }
      seen.add(row.slug);
    }
    if (!changed) break;
    seen.clear();
  }
  const { rows: inserted } = await pool.query<{ id: number; slug: string }>(
    `INSERT INTO creators (slug, name, avatar_url, specialty, bio, location, website, join_date, badges, followers, total_sales, rating)
     SELECT slug, name, avatar_url, specialty, bio, location, website, join_date, badges::text[], followers, total_sales, rating
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::date[], $9::text[],
                 $10::int[], $11::int[], $12::float8[])
       AS t(slug, name, avatar_url, specialty, bio, location, website, join_date, badges, followers, total_sales, rating)
     RETURNING id, slug`,
    [
      rows.map((c) => c.slug),
      rows.map((c) => c.name),
      rows.map((c) => c.avatarUrl),
      rows.map((c) => c.specialty),
      rows.map((c) => c.bio),
      rows.map((c) => c.location),
      rows.map((c) => c.website),
      rows.map((c) => c.joinDate),
      rows.map((c) => pgArrayLiteral(c.badges)),
      rows.map((c) => c.followers),
      rows.map((c) => c.totalSales),
      rows.map((c) => c.rating),
    ],
  );
  const ids = new Map(inserted.map((row) => [row.slug, row.id]));
  return rows.map((c) => ids.get(c.slug)!);
}

// ---------------------------------------------------------------------------------------------------------------
// Products

interface CategoryInfo {
  id: number;
  kind: ProductKind;
}

interface BatchRow extends GeneratedProduct {
  categoryId: number;
  creatorId: number;
}

const PRODUCT_SQL = `
INSERT INTO products (id, title, creator_id, category_id, price_cents, original_price_cents, rating, review_count, downloads,
  is_bestseller, format, styles, tags, description, features, what_you_get, pages, prints, templates,
  duration_minutes, created_at, updated_at)
SELECT id, title, creator_id, category_id, price_cents, original_price_cents, rating, review_count, downloads,
  is_bestseller, format, styles::text[], tags::text[], description, features::text[], what_you_get::text[],
  pages, prints, templates, duration_minutes, created_at, updated_at
FROM unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::int[], $6::int[], $7::float8[], $8::int[], $9::int[],
  $10::bool[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[], $17::int[], $18::int[],
  $19::int[], $20::int[], $21::timestamptz[], $22::timestamptz[])
  AS t(id, title, creator_id, category_id, price_cents, original_price_cents, rating, review_count, downloads,
  is_bestseller, format, styles, tags, description, features, what_you_get, pages, prints, templates,
  duration_minutes, created_at, updated_at)`;

const IMAGE_SQL = `
INSERT INTO product_images (product_id, url, alt, position)
SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[])`;

// Ids come from the products sequence up front, in generation order, so that images can name their product
// and batches written side by side still number products in the order they were generated.
async function allocateIds(pool: pg.Pool, count: number): Promise<number[]> {
  const { rows } = await pool.query<{ id: string }>(
    "SELECT nextval(pg_get_serial_sequence('products', 'id')) AS id FROM generate_series(1, $1::int)",
    [count],
  );
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

async function writeBatch(pool: pg.Pool, batch: readonly BatchRow[], ids: number[]): Promise<number> {
  const column = <K extends keyof BatchRow>(key: K) => batch.map((row) => row[key]);
  const textArray = (key: "styles" | "tags" | "features" | "whatYouGet") =>
    batch.map((row) => pgArrayLiteral(row[key]));
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    // A crash can lose the last batches but never corrupts anything; this is generated data.
    await client.query("SET LOCAL synchronous_commit = off");
    await client.query(PRODUCT_SQL, [
      ids,
      column("title"),
      column("creatorId"),
      column("categoryId"),
      column("priceCents"),
      column("originalPriceCents"),
      column("rating"),
      column("reviewCount"),
      column("downloads"),
      column("isBestseller"),
      column("format"),
      textArray("styles"),
      textArray("tags"),
      column("description"),
      textArray("features"),
      textArray("whatYouGet"),
      column("pages"),
      column("prints"),
      column("templates"),
      column("durationMinutes"),
      column("createdAt"),
      column("updatedAt"),
    ]);
    const productId: number[] = [];
    const url: string[] = [];
    const alt: string[] = [];
    const position: number[] = [];
    for (const [i, row] of batch.entries()) {
      for (let p = 0; p < row.imageCount; p++) {
        productId.push(ids[i]!);
        url.push(artUrl(row.kind, ids[i]! * 10 + p)); // the sample catalogue's seed rule
        alt.push(p === 0 ? row.title : `${row.title}, preview ${p + 1}`);
        position.push(p);
      }
    }
    await client.query(IMAGE_SQL, [productId, url, alt, position]);
    await client.query("COMMIT");
    return productId.length;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Adds `products` generated products (and about one new creator per 200 products, at least 20) to the
 * categories already in the database. Run the sample catalogue seed first.
 */
export async function generateCatalogue(
  db: Database,
  pool: pg.Pool,
  options: GenerateOptions,
): Promise<GenerateResult> {
  const started = performance.now();
  const total = options.products;
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`products must be a whole number >= 0, got ${total}`);
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 5_000));

  const rows = await db
    .select({ id: categories.id, artKind: categories.artKind })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id));
  const usable: CategoryInfo[] = rows.flatMap((row) =>
    isProductKind(row.artKind) ? [{ id: row.id, kind: row.artKind }] : [],
  );
  if (usable.length === 0) throw new Error("There are no categories to fill: load the sample catalogue first.");
  if (total === 0)
    return { products: 0, creators: 0, images: 0, milliseconds: Math.round(performance.now() - started) };

  // The seed and the table's current size choose the streams, so a second run adds new products instead of
  // repeating the first run's titles, while the same seed on the same database reproduces its output.
  const { rows: sizeRows } = await pool.query<{ n: string }>("SELECT count(*) AS n FROM products");
  const f = new Faker({ locale: [en, base] });
  f.seed([options.seed ?? 42, Number(sizeRows[0]!.n)]);
  const r = seededRandom(f.number.int({ min: 0, max: 2 ** 32 - 1 }));

  const kinds = [...new Set(usable.map((c) => c.kind))];
  const weightTotal = kindWeightTotal(kinds);
  const categoriesByKind = new Map(kinds.map((kind) => [kind, usable.filter((c) => c.kind === kind)]));

  const creatorCount = Math.max(20, Math.round(total / 200));
  const { rows: avatarRows } = await pool.query<{ n: string }>("SELECT coalesce(max(id), 0) AS n FROM creators");
  const avatarBase = Number(avatarRows[0]!.n) + 1;
  const creatorRows = Array.from({ length: creatorCount }, (_, i) =>
    makeCreator(f, kinds[i % kinds.length]!, (avatarBase + i) % 2 ** 31),
  );
  const creatorIds = await insertCreators(pool, f, creatorRows);
  const creatorsByKind = new Map(
    kinds.map((kind) => [kind, creatorIds.filter((_, i) => creatorRows[i]!.kind === kind)]),
  );

  // Two batches are written at once (one PostgreSQL backend each) while the next one is generated.
  const inFlight: { size: number; write: Promise<number> }[] = [];
  let generated = 0;
  let written = 0;
  let images = 0;
  const settleOldest = async () => {
    const oldest = inFlight.shift()!;
    images += await oldest.write;
    written += oldest.size;
    options.onProgress?.(written);
  };
  const extraTags = options.extraTags ?? [];
  try {
    while (generated < total) {
      const batch: BatchRow[] = [];
      const size = Math.min(batchSize, total - generated);
      for (let i = 0; i < size; i++) {
        const kind = pickKind(r, kinds, weightTotal);
        const category = pick(r, categoriesByKind.get(kind)!);
        // Most products come from a creator of that kind; a few creators sell a lot more than the rest.
        const own = r() < 0.9 ? creatorsByKind.get(kind)! : creatorIds;
        const creatorId = own[Math.floor(own.length * r() ** 2)]!;
        const product = composeProduct(r, kind, generated === 0 && i === 0 ? extraTags : []);
        batch.push({ ...product, categoryId: category.id, creatorId });
      }
      generated += size;
      const ids = await allocateIds(pool, size);
      if (inFlight.length >= 2) await settleOldest();
      const write = writeBatch(pool, batch, ids);
      write.catch(() => {}); // awaited in settleOldest; this only keeps Node from reporting it as unhandled meanwhile
      inFlight.push({ size, write });
    }
    while (inFlight.length > 0) await settleOldest();
  } finally {
    // On failure, let the other writes finish (or fail) before the caller closes the pool.
    await Promise.allSettled(inFlight.map((entry) => entry.write));
  }
  await pool.query("ANALYZE creators, products, product_images");
  return { products: total, creators: creatorCount, images, milliseconds: Math.round(performance.now() - started) };
}
