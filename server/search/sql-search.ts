import { and, asc, count, desc, eq, gt, gte, inArray, like, lte, type SQL, sql } from "drizzle-orm";
import { type ProductCard, productCardColumns } from "../catalogue/product-card.ts";
import type { Database } from "../db/client.ts";
import { categories, creators, productSearch, products } from "../db/schema.ts";
import type { Sort, Tab } from "./listing-query.ts";

// Finding products: the text match of SPEC section 5 (a case-insensitive substring of the
// title, creator, category or any tag), the filters that combine with it, the sorts of
// SPEC section 9, and facet counts. See docs/decisions/010-search-and-sorts.md.

/** Products per page of a listing; Load More shows the next this many. */
export const PAGE_SIZE = 24;

/** New Arrivals are the products first published in this many days. */
export const NEW_ARRIVAL_DAYS = 30;

export interface ProductFilters {
  query?: string;
  /** Category ids; a product's category must be one of them when any are given. */
  categoryIds?: number[];
  /** The one category a whole page is about (a category page): not a facet, never counted per value. */
  categoryScope?: number;
  formats?: string[];
  /** A product matches when any of its styles is one of these. */
  styles?: string[];
  /** Inclusive bounds, in cents. */
  minPriceCents?: number;
  maxPriceCents?: number;
  tab?: Tab;
  creatorId?: number;
  /** Only the products trending now (a score from the trending job, server/catalogue/trending.ts). */
  trending?: boolean;
}

export interface ProductSearch extends ProductFilters {
  sort?: Sort;
  limit?: number;
  offset?: number;
}

/** The text with LIKE's wildcards escaped, to match as it is. */
export function escapeLike(text: string) {
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

/** The conditions of `filters`, leaving out those of the facets in `except` (for facet counts). */
function whereOf(filters: ProductFilters, except: readonly Facet[] = []): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(productSearch.published, true)];
  const query = normaliseQuery(filters.query);
  if (query) conditions.push(like(productSearch.searchText, `%${escapeLike(query)}%`));
  if (filters.categoryIds?.length && !except.includes("category")) {
    conditions.push(inArray(productSearch.categoryId, filters.categoryIds));
  }
  if (filters.formats?.length && !except.includes("format")) {
    conditions.push(inArray(productSearch.format, filters.formats));
  }
  if (filters.styles?.length && !except.includes("style")) {
    conditions.push(sql`${productSearch.styles} && ${sql.param(filters.styles)}::text[]`);
  }
  if (filters.categoryScope !== undefined) conditions.push(eq(productSearch.categoryId, filters.categoryScope));
  if (filters.minPriceCents !== undefined) conditions.push(gte(productSearch.priceCents, filters.minPriceCents));
  if (filters.maxPriceCents !== undefined) conditions.push(lte(productSearch.priceCents, filters.maxPriceCents));
  if (filters.creatorId !== undefined) conditions.push(eq(productSearch.creatorId, filters.creatorId));
  if (filters.trending) conditions.push(gt(productSearch.trendingScore, 0));
  if (filters.tab === "bestsellers") conditions.push(eq(productSearch.isBestseller, true));
  if (filters.tab === "sale") conditions.push(sql`${productSearch.originalPriceCents} > ${productSearch.priceCents}`);
  if (filters.tab === "new") {
    conditions.push(sql`${productSearch.publishedAt} > now() - make_interval(days => ${NEW_ARRIVAL_DAYS})`);
  }
  return and(...conditions);
}

function orderOf(sort: Sort, query: string): SQL[] {
  const byPopularity = [desc(productSearch.downloads), desc(productSearch.productId)];
  switch (sort) {
    case "relevance": {
      if (!query) return byPopularity;
      const pattern = escapeLike(query);
      // Title first (starting with the text, then containing it), then a tag, then the rest.
      const rank = sql`CASE
        WHEN ${productSearch.title} LIKE ${`${pattern}%`} THEN 0
        WHEN ${productSearch.title} LIKE ${`%${pattern}%`} THEN 1
        WHEN ${productSearch.tags} LIKE ${`%${pattern}%`} THEN 2
        ELSE 3 END`;
      return [asc(rank), ...byPopularity];
    }
    case "popular":
      return byPopularity;
    case "newest":
      return [desc(productSearch.publishedAt), desc(productSearch.productId)];
    case "price-low":
      return [asc(productSearch.priceCents), ...byPopularity];
    case "price-high":
      return [desc(productSearch.priceCents), ...byPopularity];
    case "rating":
      return [desc(productSearch.rating), desc(productSearch.reviewCount), desc(productSearch.productId)];
    case "bestselling":
      return [desc(productSearch.isBestseller), ...byPopularity];
    case "trending":
      return [desc(productSearch.trendingScore), ...byPopularity];
  }
}

export interface ProductResults {
  products: ProductCard[];
  /** How many products match in all (for 'Showing N of M'). */
  total: number;
}

export async function searchProducts(
  db: Database,
  search: ProductSearch & { withTotal?: boolean } = {},
): Promise<ProductResults> {
  const where = whereOf(search);
  const sort = search.sort ?? (normaliseQuery(search.query) ? "relevance" : "popular");
  // The page's ids first, then their cards: a card's columns (its first image, say) are then
  // read for the page only, not for every product a sort has to look at.
  const [page, [total]] = await Promise.all([
    db
      .select({ id: productSearch.productId })
      .from(productSearch)
      .where(where)
      .orderBy(...orderOf(sort, normaliseQuery(search.query)))
      .limit(search.limit ?? PAGE_SIZE)
      .offset(search.offset ?? 0),
    search.withTotal === false ? [undefined] : db.select({ value: count() }).from(productSearch).where(where),
  ]);
  const ids = page.map((row) => row.id);
  const cards =
    ids.length === 0
      ? []
      : await db
          .select(productCardColumns)
          .from(products)
          .innerJoin(creators, eq(creators.id, products.creatorId))
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(inArray(products.id, ids));
  const byId = new Map(cards.map((card) => [card.id, card]));
  return { products: ids.flatMap((id) => byId.get(id) ?? []), total: total?.value ?? 0 };
}

export interface FacetCounts {
  /** Products per category id, under every other filter. */
  categories: Record<number, number>;
  formats: Record<string, number>;
  styles: Record<string, number>;
  /** Products that match every filter. */
  total: number;
}

/**
 * For each filter value, how many products it would show with the other filters as they are,
 * and the total under all of them: one pass over the products that match the filters other
 * than the three facets', then each count applies the other two facets' filters to that.
 */
export async function facetCounts(db: Database, filters: ProductFilters): Promise<FacetCounts> {
  const only = (condition: SQL | false) => condition || sql`true`;
  const byCategory = only(
    Boolean(filters.categoryIds?.length) && sql`category_id = ANY(${sql.param(filters.categoryIds)}::int[])`,
  );
  const byFormat = only(Boolean(filters.formats?.length) && sql`format = ANY(${sql.param(filters.formats)}::text[])`);
  const byStyle = only(Boolean(filters.styles?.length) && sql`styles && ${sql.param(filters.styles)}::text[]`);
  const { rows } = await db.execute<{ facet: string; key: string; n: number }>(sql`
    WITH base AS MATERIALIZED (
      SELECT ${productSearch.categoryId} AS category_id, ${productSearch.format} AS format,
        ${productSearch.styles} AS styles
      FROM ${productSearch} WHERE ${whereOf(filters, ["category", "format", "style"])}
    )
    SELECT 'category' AS facet, category_id::text AS key, count(*)::int AS n
      FROM base WHERE ${byFormat} AND ${byStyle} GROUP BY category_id
    UNION ALL
    SELECT 'format', format, count(*)::int FROM base WHERE ${byCategory} AND ${byStyle} GROUP BY format
    UNION ALL
    SELECT 'style', style, count(*)::int FROM base, unnest(styles) AS style
      WHERE ${byCategory} AND ${byFormat} GROUP BY style
    UNION ALL
    SELECT 'total', '', count(*)::int FROM base WHERE ${byCategory} AND ${byFormat} AND ${byStyle}`);
  const counts: FacetCounts = { categories: {}, formats: {}, styles: {}, total: 0 };
  for (const { facet, key, n } of rows) {
    if (facet === "category") counts.categories[Number(key)] = n;
    else if (facet === "format") counts.formats[key] = n;
    else if (facet === "style") counts.styles[key] = n;
    else counts.total = n;
  }
  return counts;
}

export interface ListingStats {
  products: number;
  downloads: number;
  /** The average rating, 0 when there are no products. */
  averageRating: number;
  /** Products first published in the last 7 days. */
  newThisWeek: number;
}

/** Figures about the products that match `filters` (the stats cards of /trending). */
export async function listingStats(db: Database, filters: ProductFilters): Promise<ListingStats> {
  const [row] = await db
    .select({
      products: count(),
      downloads: sql<number>`coalesce(sum(${productSearch.downloads}), 0)::bigint`.mapWith(Number),
      averageRating: sql<number>`coalesce(avg(${productSearch.rating}), 0)`.mapWith(Number),
      newThisWeek:
        sql<number>`count(*) FILTER (WHERE ${productSearch.publishedAt} > now() - interval '7 days')`.mapWith(Number),
    })
    .from(productSearch)
    .where(whereOf(filters));
  return row!;
}
