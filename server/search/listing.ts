import { listCategories } from "../catalogue/categories.ts";
import type { Database } from "../db/client.ts";
import { type ListingOptions, type ListingState, priceBoundsOf } from "./listing-query.ts";
import { findProducts, type ListingStats, PAGE_SIZE, type ProductFilters } from "./product-search.ts";

export interface FilterOption {
  value: string;
  label: string;
  /** Products this choice would show, with the other filters as they are. */
  count: number;
}

export interface Listing {
  products: Awaited<ReturnType<typeof findProducts>>["products"];
  total: number;
  filters: { categories: FilterOption[]; formats: FilterOption[]; styles: FilterOption[] };
  /** Figures about every matching product, when asked for. */
  stats: ListingStats | null;
  /** For text that finds nothing: the nearest text that finds something. */
  didYouMean: string | null;
  /** No product matches every word of the text: the products shown match some of them. */
  someWordsOnly: boolean;
}

/** Which listing page to load (loadListing). */
interface ListingRequest {
  /** The page's state, from its address (parseListingState). */
  state: ListingState;
  /** The page's filters, sorts and price range (SEARCH_LISTING and the like). */
  options: ListingOptions;
  /** Narrows the whole page: a category page's category, the trending products of /trending. */
  scope?: Pick<ProductFilters, "categoryScope" | "creatorId" | "trending">;
  /** Figures about every matching product too (ListingStats). */
  withStats?: boolean;
}

/**
 * One listing page's products (its own 24: ?page=N is the Nth 24, which Load More appends in the
 * browser, so that no request costs more than a page) and its filter panel's
 * choices with their counts.
 */
export async function loadListing(
  db: Database,
  { state, options, scope = {}, withStats = false }: ListingRequest,
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
  const results = await findProducts(
    db,
    {
      ...filters,
      sort: state.sort,
      limit: PAGE_SIZE,
      offset: (state.page - 1) * PAGE_SIZE,
      fallBackToSomeWords: options.fallBackToSomeWords,
    },
    { facets: true, stats: withStats },
  );
  const counts = results.facets ?? { categories: {}, formats: {}, styles: {}, total: results.total };
  const counted = (record: Record<string, number>) => (value: string) => ({
    value,
    label: value,
    count: record[value] ?? 0,
  });
  return {
    products: results.products,
    total: results.total,
    stats: results.stats ?? null,
    didYouMean: results.didYouMean,
    someWordsOnly: results.someWordsOnly,
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
