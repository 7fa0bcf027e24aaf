import type { Sort, Tab } from "./listing-query.ts";

// What goes into the search index (server/search/search-index.ts), and what a search of it asks and
// answers: the types its parts and its callers share.

export interface IndexedProduct {
  productId: number;
  categoryId: number;
  creatorId: number;
  priceCents: number;
  originalPriceCents: number | null;
  downloads: number;
  rating: number;
  reviewCount: number;
  isBestseller: boolean;
  /** Milliseconds since the epoch, or null. */
  publishedAt: number | null;
  trendingScore: number;
  format: string;
  styles: readonly string[];
}

export interface IndexedText {
  title: string;
  /** The tags, one per line. */
  tags: string;
  creatorName: string;
  categoryName: string;
  description: string;
}

/** The filters of a search; the shop's own (server/search/product-search.ts) are these, with `query` for `text`. */
export interface IndexFilters {
  text?: string;
  /** Category ids; a product's category must be one of them when any are given. */
  categoryIds?: readonly number[];
  /** The one category a whole page is about (a category page): not a facet, never counted per value. */
  categoryScope?: number;
  formats?: readonly string[];
  /** A product matches when any of its styles is one of these. */
  styles?: readonly string[];
  /** Inclusive bounds, in cents. */
  minPriceCents?: number;
  maxPriceCents?: number;
  tab?: Tab;
  creatorId?: number;
  /** Only the products trending now (a score from the trending job, server/catalogue/trending.ts). */
  trending?: boolean;
}

export interface IndexSearch extends IndexFilters {
  sort?: Sort;
  limit?: number;
  offset?: number;
  /** Count products per category, format and style (each under the other filters). */
  facets?: boolean;
  stats?: boolean;
  /** Milliseconds since the epoch, for New Arrivals and "new this week" (tests pass their own). */
  now?: number;
  /**
   * Match the title, tags, category and creator only (the header's live results, as the substring
   * rule of docs/decisions/010-search-and-sorts.md).
   */
  namesOnly?: boolean;
  /** Only the page is wanted, not the total (the header's live results): `total` is then the page's length. */
  pageOnly?: boolean;
  /**
   * When no product matches every word of the text: the products that match some of them, those
   * that match the most first, then in the search's order (/search: a shopper's extra word, or one
   * the shop has not got, does not leave them with nothing).
   */
  fallBackToSomeWords?: boolean;
}

export interface IndexFacets {
  categories: Record<number, number>;
  formats: Record<string, number>;
  styles: Record<string, number>;
}

interface IndexStats {
  products: number;
  downloads: number;
  averageRating: number;
  newThisWeek: number;
}

export interface IndexAnswer {
  /** The page's product ids, in order. */
  productIds: number[];
  /** Products that match every filter. */
  total: number;
  facets?: IndexFacets;
  stats?: IndexStats;
  /** The products match only some of the text's words: none matches them all (fallBackToSomeWords). */
  someWordsOnly?: boolean;
}
