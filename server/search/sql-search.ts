import { and, asc, count, desc, eq, gt, gte, inArray, like, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { productSearch } from "../db/schema.ts";
import type { Sort } from "./listing-query.ts";
import type { FacetCounts, ListingStats, ProductFilters, ProductSearch } from "./product-search.ts";
import { NEW_ARRIVAL_DAYS } from "./search-index.ts";

// The search in PostgreSQL: what answers while an app server's index is first built (a large
// catalogue takes seconds), and for text without a single letter or digit ("&"), which the index
// has no words for. Each word of the text must be a case-insensitive substring of the title,
// creator, category or a tag (the storefront's rule, word by word), through the trigram index.

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

/** The query's space-separated words, each matched on its own. */
function wordsOf(query: string | undefined): string[] {
  return [...new Set(normaliseQuery(query).split(/\s+/u).filter(Boolean))].slice(0, 10);
}

type Facet = "category" | "format" | "style";

/** The conditions of `filters`, leaving out those of the facets in `except` (for facet counts). */
function whereOf(filters: ProductFilters, except: readonly Facet[] = []): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(productSearch.published, true)];
  for (const word of wordsOf(filters.query)) {
    conditions.push(like(productSearch.searchText, `%${escapeLike(word)}%`));
  }
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
      // The words in the title first, then in a tag, then the rest.
      const words = wordsOf(query).map((word) => `%${escapeLike(word)}%`);
      const all = (column: typeof productSearch.title | typeof productSearch.tags) =>
        and(...words.map((word) => like(column, word)));
      const rank = sql`CASE WHEN ${all(productSearch.title)} THEN 0 WHEN ${all(productSearch.tags)} THEN 1 ELSE 2 END`;
      return [asc(rank), desc(productSearch.rating), ...byPopularity];
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

/** The page's product ids in order, and how many match in all. */
export async function sqlSearch(
  db: Database,
  search: ProductSearch & { withTotal?: boolean },
): Promise<{ ids: number[]; total: number }> {
  const where = whereOf(search);
  const sort = search.sort ?? (normaliseQuery(search.query) ? "relevance" : "popular");
  const [page, [total]] = await Promise.all([
    db
      .select({ id: productSearch.productId })
      .from(productSearch)
      .where(where)
      .orderBy(...orderOf(sort, normaliseQuery(search.query)))
      .limit(search.limit ?? 24)
      .offset(search.offset ?? 0),
    search.withTotal === false ? [undefined] : db.select({ value: count() }).from(productSearch).where(where),
  ]);
  return { ids: page.map((row) => row.id), total: total?.value ?? 0 };
}

/**
 * For each filter value, how many products it would show with the other filters as they are,
 * and the total under all of them: one pass over the products that match the filters other
 * than the three facets', then each count applies the other two facets' filters to that.
 */
export async function sqlFacetCounts(db: Database, filters: ProductFilters): Promise<FacetCounts> {
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

/** Figures about the products that match `filters` (the stats cards of /trending). */
export async function sqlListingStats(db: Database, filters: ProductFilters): Promise<ListingStats> {
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
