import { LRUCache } from "lru-cache";
import { listCategories } from "../catalogue/categories.ts";
import type { Database } from "../db/client.ts";
import { type ListingOptions, type ListingState, priceBoundsOf } from "./listing-query.ts";
import {
  type FacetCounts,
  facetCounts,
  type ListingStats,
  listingStats,
  PAGE_SIZE,
  type ProductFilters,
  searchProducts,
} from "./product-search.ts";

export interface FilterOption {
  value: string;
  label: string;
  /** Products this choice would show, with the other filters as they are. */
  count: number;
}

export interface Listing {
  products: Awaited<ReturnType<typeof searchProducts>>["products"];
  total: number;
  filters: { categories: FilterOption[]; formats: FilterOption[]; styles: FilterOption[] };
  /** Figures about every matching product, when asked for. */
  stats: ListingStats | null;
}

// Facet counts (and the total) cost a pass over every matching product; the same filters
// asked again within a minute reuse them, per app server. The page's products are always fresh.
const FACETS_TTL_MS = 60_000;
const facetCaches = new WeakMap<Database, LRUCache<string, FacetCounts, ProductFilters>>();

function cachedFacetCounts(db: Database, filters: ProductFilters): Promise<FacetCounts> {
  let cache = facetCaches.get(db);
  if (!cache) {
    cache = new LRUCache<string, FacetCounts, ProductFilters>({
      max: 1_000,
      ttl: FACETS_TTL_MS,
      fetchMethod: (_key, _stale, { context }) => facetCounts(db, context),
    });
    facetCaches.set(db, cache);
  }
  return cache.fetch(JSON.stringify(filters), { context: filters }) as Promise<FacetCounts>;
}

/**
 * One listing page's products (every page Load More has shown so far) and its filter panel's
 * choices with their counts. `scope` narrows the whole page (a category page's category, the
 * trending products of /trending).
 */
export async function loadListing(
  db: Database,
  state: ListingState,
  options: ListingOptions,
  scope: Pick<ProductFilters, "categoryScope" | "creatorId" | "trending"> = {},
  { withStats = false } = {},
): Promise<Listing> {
  const categories = await listCategories(db);
  const selectedIds = categories.filter((c) => state.categories.includes(c.slug)).map((c) => c.id);
  const filters: ProductFilters = {
    query: state.q,
    categoryIds: selectedIds,
    ...scope,
    formats: state.formats,
    styles: state.styles,
    tab: state.tab,
    ...priceBoundsOf(state, options),
  };
  const [results, counts, stats] = await Promise.all([
    searchProducts(db, { ...filters, sort: state.sort, limit: state.page * PAGE_SIZE, withTotal: false }),
    cachedFacetCounts(db, filters),
    withStats ? listingStats(db, filters) : null,
  ]);
  const counted = (record: Record<string, number>) => (value: string) => ({
    value,
    label: value,
    count: record[value] ?? 0,
  });
  return {
    products: results.products,
    total: counts.total,
    stats,
    filters: {
      categories: (options.categories ?? []).map((slug) => {
        const category = categories.find((c) => c.slug === slug);
        return {
          value: slug,
          label: category?.label ?? slug,
          count: category ? (counts.categories[category.id] ?? 0) : 0,
        };
      }),
      formats: (options.formats ?? []).map(counted(counts.formats)),
      styles: (options.styles ?? []).map(counted(counts.styles)),
    },
  };
}
