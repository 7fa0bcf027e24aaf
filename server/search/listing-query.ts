// The state of a listing page lives in its address, so that a filtered, sorted page can be
// shared and reloaded: ?q=&category=&format=&style=&min=&max=&sort=&tab=&view=&page=.
// Anything unknown or malformed in it is ignored, never an error.

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
const TABS = ["all", "bestsellers", "new", "sale"] as const;
export type Tab = (typeof TABS)[number];

export interface ListingOptions {
  /** The top of the price slider, in dollars (100 on a category page, 200 elsewhere). */
  priceMax: number;
  categories?: readonly string[];
  formats?: readonly string[];
  styles?: readonly string[];
  sorts: readonly Sort[];
  defaultSort: Sort;
  /** Text no product matches whole shows the products that match some of its words (IndexSearch). */
  fallBackToSomeWords?: boolean;
}

export interface ListingState {
  q: string;
  categories: string[];
  formats: string[];
  styles: string[];
  /** Whole dollars, 0 <= min <= max <= priceMax. */
  min: number;
  max: number;
  sort: Sort;
  tab: Tab;
  view: "grid" | "list";
  /** Which 24 products the address shows (1 to MAX_PAGE): Load More appends the next in the browser. */
  page: number;
}

const MAX_PAGE = 100;
export const MAX_QUERY_LENGTH = 200;

const oneOf = <T extends string>(allowed: readonly T[], value: string | null): T | undefined =>
  allowed.find((item) => item === value);

function wholeNumber(value: string | null, fallback: number, low: number, high: number) {
  if (value === null || value.trim() === "") return fallback;
  const number = Number(value);
  return Number.isFinite(number) ? Math.min(high, Math.max(low, Math.round(number))) : fallback;
}

/** The sort a page starts with: New Arrivals, newest first (the page's own default otherwise). */
function defaultSortOf(tab: Tab, options: ListingOptions): Sort {
  return tab === "new" && options.sorts.includes("newest") ? "newest" : options.defaultSort;
}

export function parseListingState(params: URLSearchParams, options: ListingOptions): ListingState {
  const many = (name: string, allowed: readonly string[] = []) => [
    ...new Set(params.getAll(name).filter((value) => allowed.includes(value))),
  ];
  let min = wholeNumber(params.get("min"), 0, 0, options.priceMax);
  let max = wholeNumber(params.get("max"), options.priceMax, 0, options.priceMax);
  if (min > max) [min, max] = [max, min];
  const tab = oneOf(TABS, params.get("tab")) ?? "all";
  return {
    q: (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH),
    categories: many("category", options.categories),
    formats: many("format", options.formats),
    styles: many("style", options.styles),
    min,
    max,
    sort: oneOf(options.sorts, params.get("sort")) ?? defaultSortOf(tab, options),
    tab,
    view: params.get("view") === "list" ? "list" : "grid",
    page: wholeNumber(params.get("page"), 1, 1, MAX_PAGE),
  };
}

/** True when any filter of the panel narrows the listing (not the text, sort, tab or view). */
export function hasFilters(state: ListingState, options: ListingOptions): boolean {
  return (
    state.categories.length + state.formats.length + state.styles.length > 0 ||
    state.min > 0 ||
    state.max < options.priceMax
  );
}

/** The price bounds in cents, or none when the slider is at its ends. */
export function priceBoundsOf(state: ListingState, options: ListingOptions) {
  return {
    minPriceCents: state.min > 0 ? state.min * 100 : undefined,
    maxPriceCents: state.max < options.priceMax ? state.max * 100 : undefined,
  };
}
