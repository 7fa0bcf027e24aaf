import type { ListingOptions } from "@server/search/listing-query.ts";

// The filter panels, page by page. Category choices are category slugs.

// The spec's four categories in its order, then the two more the shop sells: a panel that left them
// out would count a third of the catalogue nowhere.
const CATEGORIES = ["planners", "wall-art", "templates", "digital-courses", "e-books", "printables"] as const;
const ALL_FORMATS = ["PDF", "PNG", "SVG", "JPG", "PSD", "AI", "Video"] as const;

export const CATEGORY_LISTING: ListingOptions = {
  priceMax: 100,
  formats: ["PDF", "PNG", "SVG", "JPG", "PSD"],
  styles: ["Minimalist", "Aesthetic", "Boho", "Modern", "Vintage", "Colorful"],
  sorts: ["popular", "newest", "price-low", "price-high", "rating", "bestselling"],
  defaultSort: "popular",
};

export const BROWSE_LISTING: ListingOptions = {
  priceMax: 200,
  categories: CATEGORIES,
  formats: ALL_FORMATS,
  styles: ["Minimalist", "Abstract", "Modern", "Geometric", "Typography", "Colorful"],
  sorts: ["popular", "bestselling", "newest", "price-low", "price-high", "rating"],
  defaultSort: "popular",
};

export const TRENDING_LISTING: ListingOptions = {
  priceMax: 200,
  categories: CATEGORIES,
  sorts: ["trending", "popular", "newest", "price-low", "price-high", "rating"],
  defaultSort: "trending",
};

export const SEARCH_LISTING: ListingOptions = {
  priceMax: 200,
  categories: CATEGORIES,
  formats: ALL_FORMATS,
  sorts: ["relevance", "popular", "newest", "price-low", "price-high", "rating"],
  defaultSort: "relevance",
  fallBackToSomeWords: true,
};

/**
 * The address of this page with one parameter set, or removed when `value` is its default
 * (null); the other parameters are kept except those in `drop`.
 */
export function hrefWith(
  location: { pathname: string; search: string },
  name: string,
  value: string | null,
  drop: string[] = [],
) {
  const params = new URLSearchParams(location.search);
  for (const dropped of drop) params.delete(dropped);
  if (value === null) params.delete(name);
  else params.set(name, value);
  const search = params.toString();
  return search ? `?${search}` : location.pathname;
}

/** The address of the page with the panel's filters cleared, keeping `keep` (text, tab, sort, view). */
export function clearedHref(pathname: string, search: string, keep: string[] = ["q", "tab", "sort", "view"]) {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of keep) for (const value of params.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}
