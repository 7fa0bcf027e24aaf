import { seedSampleCatalogue } from "@server/demo/catalogue/seed-sample-catalogue.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { contextAs, routeAnswer } from "../../../tests/support/route-answer.ts";
import { setUpTestDatabase } from "../../../tests/support/test-database.ts";
import { loader as robots } from "./robots.ts";
import { loader as sitemapIndex } from "./sitemap-index.ts";
import { loader as sitemapPage } from "./sitemap-page.ts";

// What search engines read (app/routes.ts: robots.txt, sitemap.xml, sitemap/:page), over the sample
// catalogue, each address answered by its route as the shop would: the sitemap index's addresses
// are followed to their pages.

const database = setUpTestDatabase();
const PUBLIC_URL = "http://shop.test";

beforeAll(async () => {
  await seedSampleCatalogue(database.db);
});

/** The answer of the shop's address `address` (absolute, or a path) among these three routes. */
async function get(address: string): Promise<Response> {
  const { pathname } = new URL(address, PUBLIC_URL);
  const page = /^\/sitemap\/([^/]+)$/.exec(pathname)?.[1];
  const loader =
    pathname === "/robots.txt"
      ? async (args: Parameters<typeof robots>[0]) => robots(args)
      : pathname === "/sitemap.xml"
        ? sitemapIndex
        : page !== undefined
          ? sitemapPage
          : undefined;
  if (!loader) throw new Error(`${address} is not one of these routes`);
  const answer = await routeAnswer(loader, {
    url: pathname,
    params: page !== undefined ? { page } : {},
    context: contextAs(null, { db: database.db, readDb: database.db, publicUrl: PUBLIC_URL }),
  });
  return answer.response!;
}

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

describe("search engines", () => {
  it("get robots.txt and a sitemap index of every page, category, creator and product", async () => {
    const robotsTxt = await get("/robots.txt");
    expect(robotsTxt.headers.get("content-type")).toMatch(/^text\/plain/);
    const rules = await robotsTxt.text();
    for (const rule of ["/account/", "/seller/", "/admin", "/api/", "/pay/"])
      expect(rules).toContain(`Disallow: ${rule}`);
    expect(rules).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);

    const index = await get("/sitemap.xml");
    expect(index.headers.get("content-type")).toMatch(/^application\/xml/);
    const pages = locations(await index.text());
    expect(pages).toEqual(
      expect.arrayContaining([
        `${PUBLIC_URL}/sitemap/pages-1.xml`,
        `${PUBLIC_URL}/sitemap/categories-1.xml`,
        `${PUBLIC_URL}/sitemap/creators-1.xml`,
        `${PUBLIC_URL}/sitemap/products-1.xml`,
      ]),
    );
    const addresses: string[] = [];
    for (const page of pages) {
      const body = await (await get(page)).text();
      expect(body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      addresses.push(...locations(body));
    }
    expect(addresses).toEqual(
      expect.arrayContaining([`${PUBLIC_URL}/`, `${PUBLIC_URL}/category/planners`, `${PUBLIC_URL}/product/1`]),
    );
    expect(addresses.filter((address) => address.includes("/product/")).length).toBeGreaterThanOrEqual(66);
    expect(addresses.some((address) => /\/(account|admin|api)\b/.test(address))).toBe(false);
    expect((await get("/sitemap/products-999.xml")).status).toBe(404);
  });
});
