import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { creators, products } from "../db/schema.ts";
import { seedSampleCatalogue } from "../demo/catalogue/seed-sample-catalogue.ts";
import {
  parseSitemapPage,
  robotsTxt,
  SITEMAP_PAGE_SIZE,
  sitemapEntries,
  sitemapIndexXml,
  sitemapPages,
  sitemapXml,
} from "./sitemap.ts";

// The paging is checked with pages of 10 addresses: the sample catalogue's 66 products make 7.

const database = setUpTestDatabase();
const SHOP = "https://shop.example";
let productIds: number[] = [];

beforeAll(async () => {
  await seedSampleCatalogue(database.db);
  productIds = (await database.db.select({ id: products.id }).from(products))
    .map((row) => row.id)
    .sort((a, b) => a - b);
});

const productPage = async (page: number) =>
  (await sitemapEntries(database.db, { kind: "products", page, size: 10 }))?.map((entry) =>
    Number(entry.path.split("/")[2]),
  ) ?? null;

describe("sitemap pages", () => {
  it("hold at most 50,000 addresses, as sitemaps.org allows", () => {
    expect(SITEMAP_PAGE_SIZE).toBe(50_000);
  });

  it("split the products by id at the page boundary, none twice and none left out", async () => {
    expect(productIds).toEqual(Array.from({ length: 66 }, (_, index) => index + 1));
    expect(await productPage(1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await productPage(2)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(await productPage(7)).toEqual([61, 62, 63, 64, 65, 66]);
    expect(await productPage(8)).toBeNull();

    const pages = await sitemapPages(database.db, 10);
    expect(pages.filter((path) => path.startsWith("/sitemap/products-"))).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((n) => `/sitemap/products-${n}.xml`),
    );
    const listed: number[] = [];
    for (const path of pages.filter((p) => p.startsWith("/sitemap/products-"))) {
      const page = parseSitemapPage(path.slice("/sitemap/".length))!;
      listed.push(...(await productPage(page.page))!);
    }
    expect(listed).toEqual(productIds);
  });

  it("list only the products on show, and leave a page with none out of the index", async () => {
    const offShow = [10, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30];
    await database.db.update(products).set({ status: "hidden" }).where(inArray(products.id, offShow));
    try {
      expect(await productPage(1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(await productPage(2)).toContain(11);
      expect(await productPage(3)).toBeNull();
      const pages = await sitemapPages(database.db, 10);
      expect(pages).toContain("/sitemap/products-2.xml");
      expect(pages).not.toContain("/sitemap/products-3.xml");
      expect(pages).toContain("/sitemap/products-4.xml");
    } finally {
      await database.db.update(products).set({ status: "published" }).where(inArray(products.id, offShow));
    }
  });

  it("list the shop's pages, its categories at their one address, and the creators with products", async () => {
    const pages = (await sitemapEntries(database.db, { kind: "pages", page: 1 }))!.map((entry) => entry.path);
    expect(pages).toEqual(expect.arrayContaining(["/", "/browse", "/trending", "/help", "/license"]));
    expect(pages.some((path) => /^\/(account|seller\/|admin|api|pay)/.test(path))).toBe(false);
    const categories = (await sitemapEntries(database.db, { kind: "categories", page: 1 }))!;
    expect(categories.map((entry) => entry.path)).toEqual([
      "/category/planners",
      "/category/wall-art",
      "/category/templates",
      "/category/digital-courses",
      "/category/e-books",
      "/category/printables",
    ]);
    expect(categories[0]!.lastModified).toBeInstanceOf(Date);
    const creatorCount = (await database.db.select().from(creators)).length;
    const listed = (await sitemapEntries(database.db, { kind: "creators", page: 1 }))!;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThanOrEqual(creatorCount);
    expect(listed.map((entry) => entry.path)).toContain("/creator/design-studio-pro");
    expect(await sitemapEntries(database.db, { kind: "pages", page: 2 })).toBeNull();
  });

  it("are XML with absolute, escaped addresses and their last change", async () => {
    const xml = sitemapXml(SHOP, [
      { path: "/product/1", lastModified: new Date("2026-05-04T10:20:30.456Z") },
      { path: "/creator/a&b" },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(
      "<url><loc>https://shop.example/product/1</loc><lastmod>2026-05-04T10:20:30Z</lastmod></url>",
    );
    expect(xml).toContain("<url><loc>https://shop.example/creator/a&amp;b</loc></url>");
    const index = sitemapIndexXml(SHOP, ["/sitemap/products-1.xml"]);
    expect(index).toContain("<sitemap><loc>https://shop.example/sitemap/products-1.xml</loc></sitemap>");
  });

  it("are named /sitemap/<kind>-<n>.xml, and no other name is one", () => {
    expect(parseSitemapPage("products-12.xml")).toEqual({ kind: "products", page: 12 });
    for (const name of ["products-0.xml", "products-1", "orders-1.xml", "products-01.xml", "../x-1.xml"]) {
      expect(parseSitemapPage(name), name).toBeNull();
    }
  });
});

describe("robots.txt", () => {
  it("keeps crawlers out of accounts, sellers' and admins' pages, the API and payments, and names the sitemap", () => {
    const robots = robotsTxt(SHOP);
    for (const rule of ["/account/", "/seller/", "/admin", "/api/", "/pay/", "/orders/", "/downloads/"]) {
      expect(robots).toContain(`Disallow: ${rule}\n`);
    }
    expect(robots).not.toMatch(/Disallow: \/seller-resources|Disallow: \/seller\n/);
    expect(robots).toContain("Sitemap: https://shop.example/sitemap.xml");
  });
});
