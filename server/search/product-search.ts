import { eq, inArray } from "drizzle-orm";
import pLimit from "p-limit";
import { type ProductCard, productCardColumns } from "../catalogue/product-card.ts";
import type { Database } from "../db/client.ts";
import { categories, creators, products } from "../db/schema.ts";
import type { IndexFilters, IndexSearch } from "./search-index.ts";
import { searchServiceOf } from "./search-service.ts";
import { sqlFacetCounts, sqlListingStats, sqlSearch } from "./sql-search.ts";
import { queryWords } from "./words.ts";

// Finding products: every word of the text matched (server/search/search-index.ts), the filters
// that combine with it, the sorts, facet counts and figures, from this app
// server's search index; then the page's cards from PostgreSQL. See docs/decisions/010 and 019.

export { escapeLike, normaliseQuery } from "./sql-search.ts";

/** Products per page of a listing; Load More shows the next this many. */
export const PAGE_SIZE = 24;

export { NEW_ARRIVAL_DAYS } from "./search-index.ts";

export interface ProductFilters extends Omit<IndexFilters, "text"> {
  query?: string;
}

export interface ProductSearch
  extends ProductFilters,
    Pick<IndexSearch, "sort" | "limit" | "offset" | "namesOnly" | "pageOnly" | "fallBackToSomeWords"> {}

export interface FacetCounts {
  /** Products per category id, under every other filter. */
  categories: Record<number, number>;
  formats: Record<string, number>;
  styles: Record<string, number>;
  /** Products that match every filter. */
  total: number;
}

export interface ListingStats {
  products: number;
  downloads: number;
  /** The average rating, 0 when there are no products. */
  averageRating: number;
  /** Products first published in the last 7 days. */
  newThisWeek: number;
}

export interface ProductResults {
  products: ProductCard[];
  /** How many products match in all (for 'Showing N of M'). */
  total: number;
}

export interface FoundProducts extends ProductResults {
  facets?: FacetCounts;
  stats?: ListingStats;
  /** For text that finds nothing: the nearest text that finds something. */
  didYouMean: string | null;
  /** No product matches every word of the text: these match some (ProductSearch.fallBackToSomeWords). */
  someWordsOnly: boolean;
}

// Searches PostgreSQL answers (while the index is first built) take a few of the pool's connections
// at most, so that they cannot keep the other pages waiting.
const SEARCHES_IN_POSTGRES_AT_ONCE = 2;
const inPostgres = pLimit(SEARCHES_IN_POSTGRES_AT_ONCE);

/** The products of a search, with facet counts and figures when asked, all from one pass. */
export async function findProducts(
  db: Database,
  search: ProductSearch,
  { facets = false, stats = false } = {},
): Promise<FoundProducts> {
  // Text without a single letter or digit ("&") has no words for the index: PostgreSQL's rule.
  const answer =
    queryWords(search.query ?? "").length > 0 || !search.query?.trim()
      ? await searchServiceOf(db).find({ ...search, text: search.query, facets, stats })
      : null;
  if (!answer) return findInPostgres(db, search, { facets, stats });
  return {
    products: await cardsOf(db, answer.productIds),
    total: answer.total,
    facets: answer.facets && { ...answer.facets, total: answer.total },
    stats: answer.stats,
    didYouMean: answer.didYouMean,
    someWordsOnly: answer.someWordsOnly === true,
  };
}

async function findInPostgres(
  db: Database,
  search: ProductSearch,
  { facets = false, stats = false },
): Promise<FoundProducts> {
  const [found, counts, figures] = await inPostgres(() =>
    Promise.all([
      sqlSearch(db, search),
      facets ? sqlFacetCounts(db, search) : undefined,
      stats ? sqlListingStats(db, search) : undefined,
    ]),
  );
  return {
    products: await cardsOf(db, found.ids),
    total: found.total,
    facets: counts,
    stats: figures,
    didYouMean: null,
    // PostgreSQL (while the index is first built) matches every word or nothing.
    someWordsOnly: false,
  };
}

export async function searchProducts(db: Database, search: ProductSearch = {}): Promise<ProductResults> {
  const { products, total } = await findProducts(db, search);
  return { products, total };
}

/**
 * The first products of a listing without text, in its order, from PostgreSQL (an index of
 * product_search each): the home page's short lists, which so never wait for this server's search
 * index, first built after a start (docs/decisions/022-cold-start.md).
 */
export async function firstProductsFromPostgres(
  db: Database,
  listing: Omit<ProductSearch, "query" | "offset" | "namesOnly" | "pageOnly">,
): Promise<ProductCard[]> {
  const { ids } = await sqlSearch(db, { ...listing, withTotal: false });
  return cardsOf(db, ids);
}

/** The cards of these products, in this order. */
async function cardsOf(db: Database, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const cards = await db
    .select(productCardColumns)
    .from(products)
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, ids));
  const byId = new Map(cards.map((card) => [card.id, card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
