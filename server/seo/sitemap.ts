import { and, asc, eq, gt, lte, max, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { categories, creators, products } from "../db/schema.ts";

// The sitemaps search engines read (sitemaps.org): /sitemap.xml is an index of pages of at most
// 50,000 addresses, /sitemap/<kind>-<n>.xml. The shop's own pages and its categories fit in one
// page each; creators and products are paged by id: page n holds those with ids from
// (n - 1) x size + 1 to n x size that are on show, read through the primary key, so page 20 of a
// million products costs what page 1 does (no OFFSET that reads and drops the pages before it).
// A page may hold fewer than `size` (ids of drafts and deleted products leave gaps); the index
// lists only pages that hold at least one address.

/** The most addresses one sitemap may hold (sitemaps.org). */
export const SITEMAP_PAGE_SIZE = 50_000;

const SITEMAP_KINDS = ["pages", "categories", "creators", "products"] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

export interface SitemapEntry {
  /** The path, from the shop's address. */
  path: string;
  lastModified?: Date;
}

/** The shop's pages worth finding in a search engine (not the account, seller or admin pages). */
const SHOP_PAGES = [
  "/",
  "/browse",
  "/trending",
  "/help",
  "/contact",
  "/refund-policy",
  "/license",
  "/become-seller",
  "/seller-resources",
  "/commission",
  "/guidelines",
  "/privacy",
  "/terms",
];

const onShow = eq(products.status, "published");

/** The path of one sitemap page, and the page a path names (null for any other path). */
const sitemapPagePath = (kind: SitemapKind, page: number) => `/sitemap/${kind}-${page}.xml`;

export function parseSitemapPage(name: string): { kind: SitemapKind; page: number } | null {
  const match = /^([a-z]+)-([1-9]\d{0,6})\.xml$/.exec(name);
  const kind = SITEMAP_KINDS.find((known) => known === match?.[1]);
  return kind ? { kind, page: Number(match![2]) } : null;
}

/** The id range of page `page`: (after, upTo]. */
const idRange = (page: number, size: number) => ({ after: (page - 1) * size, upTo: page * size });

/** The pages of the index: every page of each kind that holds an address. */
export async function sitemapPages(db: Database, size = SITEMAP_PAGE_SIZE): Promise<string[]> {
  const paged = async (table: typeof products | typeof creators, shown: ReturnType<typeof sql>) => {
    // One probe per page of ids: does any id of the range have an address?
    const { rows } = await db.execute<{ page: number }>(sql`
      SELECT page FROM generate_series(1, ceil((SELECT coalesce(max(id), 0) FROM ${table})::numeric / ${size}::int)::int) AS page
      WHERE EXISTS (
        SELECT 1 FROM ${table} WHERE ${table.id} > (page - 1) * ${size}::int AND ${table.id} <= page * ${size}::int AND ${shown}
      )
      ORDER BY page`);
    return rows.map((row) => row.page);
  };
  const [creatorPages, productPages] = await Promise.all([
    paged(creators, sql`EXISTS (SELECT 1 FROM ${products} WHERE ${products.creatorId} = ${creators.id} AND ${onShow})`),
    paged(products, onShow),
  ]);
  return [
    sitemapPagePath("pages", 1),
    sitemapPagePath("categories", 1),
    ...creatorPages.map((page) => sitemapPagePath("creators", page)),
    ...productPages.map((page) => sitemapPagePath("products", page)),
  ];
}

/**
 * The addresses of one sitemap page, or null when there is no such page (or it holds none now).
 * Categories and creators
 * were last modified when the latest of their products on show was.
 */
export async function sitemapEntries(
  db: Database,
  { kind, page, size = SITEMAP_PAGE_SIZE }: { kind: SitemapKind; page: number; size?: number },
): Promise<SitemapEntry[] | null> {
  const { after, upTo } = idRange(page, size);
  switch (kind) {
    case "pages":
      return page === 1 ? SHOP_PAGES.map((path) => ({ path })) : null;
    case "categories": {
      if (page !== 1) return null;
      const rows = await db
        .select({ slug: categories.slug, lastModified: max(products.updatedAt) })
        .from(categories)
        .leftJoin(products, and(eq(products.categoryId, categories.id), onShow))
        .groupBy(categories.id)
        .orderBy(asc(categories.position));
      return rows.map((row) => ({ path: `/category/${row.slug}`, lastModified: row.lastModified ?? undefined }));
    }
    case "creators": {
      const rows = await db
        .select({ slug: creators.slug, lastModified: max(products.updatedAt) })
        .from(creators)
        .innerJoin(products, and(eq(products.creatorId, creators.id), onShow))
        .where(and(gt(creators.id, after), lte(creators.id, upTo)))
        .groupBy(creators.id)
        .orderBy(asc(creators.id));
      return rows.length === 0
        ? null
        : rows.map((row) => ({
            path: `/creator/${encodeURIComponent(row.slug)}`,
            lastModified: row.lastModified ?? undefined,
          }));
    }
    case "products": {
      const rows = await db
        .select({ id: products.id, lastModified: products.updatedAt })
        .from(products)
        .where(and(gt(products.id, after), lte(products.id, upTo), onShow))
        .orderBy(asc(products.id));
      return rows.length === 0
        ? null
        : rows.map((row) => ({ path: `/product/${row.id}`, lastModified: row.lastModified }));
    }
  }
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch]!);

/** W3C datetime, to the second. */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

export function sitemapIndexXml(publicUrl: string, pages: string[]): string {
  const items = pages.map((path) => `<sitemap><loc>${escapeXml(`${publicUrl}${path}`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

export function sitemapXml(publicUrl: string, entries: SitemapEntry[]): string {
  const items = entries.map(
    ({ path, lastModified }) =>
      `<url><loc>${escapeXml(`${publicUrl}${path}`)}</loc>${lastModified ? `<lastmod>${w3cDate(lastModified)}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</urlset>\n`;
}

/** robots.txt: crawl the shop, not the pages of accounts, sellers, admins, orders, payments or the API. */
export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Disallow: /account/",
    "Disallow: /wishlist",
    // /seller and /seller/..., but not /seller-resources.
    "Disallow: /seller$",
    "Disallow: /seller/",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /auth/",
    "Disallow: /pay/",
    "Disallow: /orders/",
    "Disallow: /downloads/",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
