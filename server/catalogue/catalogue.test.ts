import { count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { bundlesOnSale } from "../bundles/bundles.ts";
import { bundles, categories, productImages, products } from "../db/schema.ts";
import { sampleProducts } from "../demo/catalogue/sample-catalogue.ts";
import { FORMATS, STYLES } from "../demo/catalogue/sample-types.ts";
import { seedSampleCatalogue, seedSampleCatalogueIfEmpty } from "../demo/catalogue/seed-sample-catalogue.ts";
import { isTrendingSample } from "../demo/catalogue/trending-sample.ts";
import { searchProducts } from "../search/product-search.ts";
import { findCategoryBySlug, listCategories } from "./categories.ts";
import { getCreatorProfile } from "./creator-profile.ts";
import { getHomePage } from "./home-page.ts";
import { getProductDetail } from "./product-detail.ts";

const database = setUpTestDatabase();

beforeAll(async () => {
  expect(await seedSampleCatalogueIfEmpty(database.db, database.pool)).not.toBeNull();
});

describe("the sample catalogue", () => {
  it("has the six categories with the storefront's slug rule", async () => {
    const rows = await listCategories(database.db);
    expect(rows.map((c) => [c.name, c.slug])).toEqual([
      ["Planners", "planners"],
      ["Wall Art", "wall-art"],
      ["Templates", "templates"],
      ["Digital Courses", "digital-courses"],
      ["E-books", "e-books"],
      ["Printables", "printables"],
    ]);
    for (const row of rows) expect(row.slug).toBe(row.name.toLowerCase().replace(" ", "-"));
  });

  it("has the four catalogue items with their exact prices and categories", async () => {
    const rows = await database.db
      .select({ id: products.id, title: products.title, price: products.priceCents, category: categories.label })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(sql`${products.id} <= 4`)
      .orderBy(products.id);
    expect(rows).toEqual([
      { id: 1, title: "Digital Planner Bundle", price: 2999, category: "Planners" },
      { id: 2, title: "Abstract Wall Art Collection", price: 1599, category: "Wall Art" },
      { id: 3, title: "Social Media Template Pack", price: 1999, category: "Templates" },
      { id: 4, title: "Digital Marketing Course", price: 8999, category: "Courses" },
    ]);
  });

  it("has at least 60 products covering every category, format and style", async () => {
    const [total] = await database.db.select({ value: count() }).from(products);
    expect(total!.value).toBeGreaterThanOrEqual(60);
    const ids = (await database.db.select({ id: products.id }).from(products).orderBy(products.id)).map((r) => r.id);
    expect(ids.slice(0, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const category of await listCategories(database.db)) {
      expect((await searchProducts(database.db, { categoryIds: [category.id] })).total).toBeGreaterThanOrEqual(5);
    }
    const formats = await database.db.selectDistinct({ format: products.format }).from(products);
    expect(formats.map((f) => f.format).sort()).toEqual([...FORMATS].sort());
    const styles = await database.db.execute<{ style: string }>(
      sql`SELECT DISTINCT unnest(styles) AS style FROM products`,
    );
    expect(styles.rows.map((r) => r.style).sort()).toEqual([...STYLES].sort());
    const [discounted] = await database.db
      .select({ value: count() })
      .from(products)
      .where(sql`original_price_cents IS NOT NULL`);
    const [bestsellers] = await database.db
      .select({ value: count() })
      .from(products)
      .where(eq(products.isBestseller, true));
    expect(discounted!.value).toBeGreaterThan(0);
    expect(bestsellers!.value).toBeGreaterThan(0);
  });

  it("gives every product at least one locally served image", async () => {
    const rows = await database.db.execute<{ id: number; images: number }>(
      sql`SELECT p.id, count(i.id)::int AS images FROM products p LEFT JOIN product_images i ON i.product_id = p.id GROUP BY p.id`,
    );
    for (const row of rows.rows) expect(row.images).toBeGreaterThan(0);
    const urls = await database.db.select({ url: productImages.url }).from(productImages);
    for (const { url } of urls) expect(url).toMatch(/^\/media\/generated\/[a-z-]+-\d+\.svg$/);
  });

  it("sells a bundle of Design Studio Pro's prints for less than they cost one by one (the README's)", async () => {
    const [bundle] = await bundlesOnSale(database.db, [1], null);
    expect(bundle).toMatchObject({
      title: "Modern Geometric Art Kit",
      creatorSlug: "design-studio-pro",
      priceCents: 2499,
      valueCents: 1199 + 1899,
    });
    expect(bundle!.products.map((product) => product.productId)).toEqual([14, 20]);
    // Loading the sample again keeps one bundle.
    await seedSampleCatalogue(database.db);
    expect(await database.db.select({ value: count() }).from(bundles)).toEqual([{ value: 1 }]);
  });

  it("is loaded once: a second first-start leaves it alone, and an explicit re-seed updates in place", async () => {
    expect(await seedSampleCatalogueIfEmpty(database.db, database.pool)).toBeNull();
    await database.db.update(products).set({ priceCents: 1 }).where(eq(products.id, 1));
    await seedSampleCatalogue(database.db);
    const [total] = await database.db.select({ value: count() }).from(products);
    expect(total!.value).toBe(sampleProducts.length);
    const [first] = await database.db.select({ price: products.priceCents }).from(products).where(eq(products.id, 1));
    expect(first!.price).toBe(2999);
  });
});

describe("catalogue queries", () => {
  it("finds a category by its slug or by an alias the storefront links to", async () => {
    expect((await findCategoryBySlug(database.db, "planners"))?.name).toBe("Planners");
    expect((await findCategoryBySlug(database.db, "digital-planners"))?.slug).toBe("planners");
    expect((await findCategoryBySlug(database.db, "wall-art-prints"))?.slug).toBe("wall-art");
    expect(await findCategoryBySlug(database.db, "no-such-category")).toBeNull();
  });

  it("hides unpublished products everywhere", async () => {
    await database.db.update(products).set({ status: "hidden" }).where(eq(products.id, 2));
    try {
      expect(await getProductDetail(database.db, 2)).toBeNull();
      expect((await searchProducts(database.db, { limit: 200 })).products.map((p) => p.id)).not.toContain(2);
    } finally {
      await database.db.update(products).set({ status: "published" }).where(eq(products.id, 2));
    }
  });

  it("returns a product's detail with its gallery and up to 3 related products of its category", async () => {
    const detail = await getProductDetail(database.db, 1);
    expect(detail?.title).toBe("Digital Planner Bundle");
    expect(detail?.images.length).toBeGreaterThan(0);
    expect(detail!.related.length).toBeLessThanOrEqual(3);
    const [product] = await database.db.select().from(products).where(eq(products.id, 1));
    for (const related of detail!.related) {
      const [row] = await database.db.select().from(products).where(eq(products.id, related.id));
      expect(row!.categoryId).toBe(product!.categoryId);
      expect(related.id).not.toBe(1);
    }
    expect(await getProductDetail(database.db, 999_999)).toBeNull();
  });

  it("builds the home page and creator profiles from the database", async () => {
    const home = await getHomePage(database.db);
    expect(home.trending).toHaveLength(4);
    // The four trending most (server/catalogue/trending.test.ts): the demo's recent shoppers' picks.
    expect(home.trending.every((product) => isTrendingSample(product.id))).toBe(true);
    expect(home.featuredCreators.map((c) => c.slug)).toEqual(
      expect.arrayContaining(["design-studio-pro", "creative-templates"]),
    );
    const creator = await getCreatorProfile(database.db, "design-studio-pro");
    expect(creator?.name).toBe("Design Studio Pro");
    expect(creator?.totalProducts).toBeGreaterThan(0);
    expect(await getCreatorProfile(database.db, "nobody")).toBeNull();
  });
});
