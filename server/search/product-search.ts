import { and, asc, count, desc, eq, gte, inArray, like, lte, type SQL, sql } from "drizzle-orm";
import { isPublished, type ProductCard, productCardColumns } from "../catalogue/product-card.ts";
import type { Database } from "../db/client.ts";
import { categories, creators, products } from "../db/schema.ts";

// Finding products: the text match of SPEC section 5 (a case-insensitive substring of the
// title, creator, category or any tag), the filters that combine with it, the sorts of
// SPEC section 9, and facet counts. See docs/decisions/010-search-and-sorts.md.

export const SORTS = [
  "relevance",
  "popular",
  "newest",
  "price-low",
  "price-high",
  "rating",
  "bestselling",
  "trending",
] as const;
export type Sort = (typeof SORTS)[number];

/** The /browse tabs: All Products, Bestsellers, New Arrivals, On Sale. */
export const TABS = ["all", "bestsellers", "new", "sale"] as const;
export type Tab = (typeof TABS)[number];

/** Products per page of a listing; Load More shows the next this many. */
export const PAGE_SIZE = 24;

/** New Arrivals are the products added in this many days. */
export const NEW_ARRIVAL_DAYS = 30;

export interface ProductFilters {
  query?: string;
  /** Category ids; a product's category must be one of them when any are given. */
  categoryIds?: number[];
  formats?: string[];
  /** A product matches when any of its styles is one of these. */
  styles?: string[];
  /** Inclusive bounds, in cents. */
  minPriceCents?: number;
  maxPriceCents?: number;
  tab?: Tab;
  creatorId?: number;
}

export interface ProductSearch extends ProductFilters {
  sort?: Sort;
  limit?: number;
  offset?: number;
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** The text as it is matched: trimmed, lowercased, without line breaks (which separate the fields). */
export function normaliseQuery(query: string | undefined): string {
  return (query ?? "")
    .replace(/[\p{Cc}]+/gu, " ")
    .trim()
    .toLowerCase();
}

type Facet = "category" | "format" | "style";

/** The conditions of `filters`, leaving out one facet's own (for that facet's counts). */
function whereOf(filters: ProductFilters, except?: Facet): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isPublished];
  const query = normaliseQuery(filters.query);
  if (query) conditions.push(like(products.searchText, `%${escapeLike(query)}%`));
  if (filters.categoryIds?.length && except !== "category") {
    conditions.push(inArray(products.categoryId, filters.categoryIds));
  }
  if (filters.formats?.length && except !== "format") conditions.push(inArray(products.format, filters.formats));
  if (filters.styles?.length && except !== "style") {
    conditions.push(sql`${products.styles} && ${sql.param(filters.styles)}::text[]`);
  }
  if (filters.minPriceCents !== undefined) conditions.push(gte(products.priceCents, filters.minPriceCents));
  if (filters.maxPriceCents !== undefined) conditions.push(lte(products.priceCents, filters.maxPriceCents));
  if (filters.creatorId !== undefined) conditions.push(eq(products.creatorId, filters.creatorId));
  if (filters.tab === "bestsellers") conditions.push(eq(products.isBestseller, true));
  if (filters.tab === "sale") conditions.push(sql`${products.originalPriceCents} > ${products.priceCents}`);
  if (filters.tab === "new") {
    conditions.push(sql`${products.createdAt} > now() - make_interval(days => ${NEW_ARRIVAL_DAYS})`);
  }
  return and(...conditions);
}

// Recent popularity: downloads, discounted by age (a product's downloads count for less the
// longer it has been on sale), so that new products that sell well rise to the top.
const trendingScore = sql`${products.downloads} / power(extract(epoch from now() - ${products.createdAt}) / 86400 + 2, 1.5)`;

function orderOf(sort: Sort, query: string): SQL[] {
  const byPopularity = [desc(products.downloads), desc(products.id)];
  switch (sort) {
    case "relevance": {
      if (!query) return byPopularity;
      const pattern = escapeLike(query);
      // Title first (starting with the text, then containing it), then a tag, then the rest.
      const rank = sql`CASE
        WHEN lower(${products.title}) LIKE ${`${pattern}%`} THEN 0
        WHEN lower(${products.title}) LIKE ${`%${pattern}%`} THEN 1
        WHEN EXISTS (SELECT 1 FROM unnest(${products.tags}) AS tag WHERE lower(tag) LIKE ${`%${pattern}%`}) THEN 2
        ELSE 3 END`;
      return [asc(rank), ...byPopularity];
    }
    case "popular":
      return byPopularity;
    case "newest":
      return [desc(products.createdAt), desc(products.id)];
    case "price-low":
      return [asc(products.priceCents), ...byPopularity];
    case "price-high":
      return [desc(products.priceCents), ...byPopularity];
    case "rating":
      return [desc(products.rating), desc(products.reviewCount), desc(products.id)];
    case "bestselling":
      return [desc(products.isBestseller), ...byPopularity];
    case "trending":
      return [desc(trendingScore), desc(products.id)];
  }
}

export interface ProductResults {
  products: ProductCard[];
  /** How many products match in all (for 'Showing N of M'). */
  total: number;
}

export async function searchProducts(db: Database, search: ProductSearch = {}): Promise<ProductResults> {
  const where = whereOf(search);
  const sort = search.sort ?? (normaliseQuery(search.query) ? "relevance" : "popular");
  const [rows, [total]] = await Promise.all([
    db
      .select(productCardColumns)
      .from(products)
      .innerJoin(creators, eq(creators.id, products.creatorId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(...orderOf(sort, normaliseQuery(search.query)))
      .limit(search.limit ?? PAGE_SIZE)
      .offset(search.offset ?? 0),
    db.select({ value: count() }).from(products).where(where),
  ]);
  return { products: rows, total: total?.value ?? 0 };
}

export interface FacetCounts {
  /** Products per category id, under every other filter. */
  categories: Record<number, number>;
  formats: Record<string, number>;
  styles: Record<string, number>;
}

/** For each filter value, how many products it would show with the other filters as they are. */
export async function facetCounts(db: Database, filters: ProductFilters): Promise<FacetCounts> {
  const [byCategory, byFormat, byStyle] = await Promise.all([
    db
      .select({ key: products.categoryId, value: count() })
      .from(products)
      .where(whereOf(filters, "category"))
      .groupBy(products.categoryId),
    db
      .select({ key: products.format, value: count() })
      .from(products)
      .where(whereOf(filters, "format"))
      .groupBy(products.format),
    db
      .select({ key: sql<string>`style`, value: count() })
      .from(sql`${products}, unnest(${products.styles}) AS style`)
      .where(whereOf(filters, "style"))
      .groupBy(sql`style`),
  ]);
  const record = <K extends string | number>(rows: { key: K; value: number }[]) =>
    Object.fromEntries(rows.map((row) => [row.key, row.value])) as Record<K, number>;
  return { categories: record(byCategory), formats: record(byFormat), styles: record(byStyle) };
}

export interface ListingStats {
  products: number;
  downloads: number;
  /** The average rating, 0 when there are no products. */
  averageRating: number;
  /** Products added in the last 7 days. */
  newThisWeek: number;
}

/** Figures about the products that match `filters` (the stats cards of /trending). */
export async function listingStats(db: Database, filters: ProductFilters): Promise<ListingStats> {
  const [row] = await db
    .select({
      products: count(),
      downloads: sql<number>`coalesce(sum(${products.downloads}), 0)::bigint`.mapWith(Number),
      averageRating: sql<number>`coalesce(avg(${products.rating}), 0)`.mapWith(Number),
      newThisWeek: sql<number>`count(*) FILTER (WHERE ${products.createdAt} > now() - interval '7 days')`.mapWith(
        Number,
      ),
    })
    .from(products)
    .where(whereOf(filters));
  return row!;
}
