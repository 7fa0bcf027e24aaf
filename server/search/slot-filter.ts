import type { IndexSearch } from "./index-types.ts";
import { FLAGS, type ProductSlots } from "./product-slots.ts";

// A search's filters besides the facet ones (category, format, style: server/search/facets.ts) as
// the search index's pass over its matches reads them (server/search/search-index.ts): a category
// page's category, a creator, a price range, the tabs and trending, each checked against a slot's
// columns (server/search/product-slots.ts).

export const DAY_MS = 86_400_000;
/** New Arrivals are the products first published in this many days. */
export const NEW_ARRIVAL_DAYS = 30;

/** The filters of a search besides the facet ones (see passesFilter). */
export interface SlotFilter {
  /** Whether any is set. */
  any: boolean;
  /** The category of a category page, or -1. */
  category: number;
  /** A creator's id, or -1. */
  creator: number;
  priced: boolean;
  minPrice: number;
  maxPrice: number;
  /** The FLAGS a slot must have. */
  flags: number;
  /** New Arrivals: published after `publishedAfter` (ms). (Each field keeps one type, so the loop reading it stays optimised.) */
  fresh: boolean;
  publishedAfter: number;
}

/** The search's filters besides the facet ones, `now` being the search's time (for New Arrivals). */
export function slotFilterOf(search: IndexSearch, now: number): SlotFilter {
  const { minPriceCents, maxPriceCents, categoryScope, creatorId, tab } = search;
  const filter: SlotFilter = {
    any: false,
    category: categoryScope ?? -1,
    creator: creatorId ?? -1,
    priced: minPriceCents !== undefined || maxPriceCents !== undefined,
    minPrice: minPriceCents ?? Number.NEGATIVE_INFINITY,
    maxPrice: maxPriceCents ?? Number.POSITIVE_INFINITY,
    flags:
      (search.trending ? FLAGS.trending : 0) |
      (tab === "bestsellers" ? FLAGS.bestseller : 0) |
      (tab === "sale" ? FLAGS.sale : 0),
    fresh: tab === "new",
    publishedAfter: now - NEW_ARRIVAL_DAYS * DAY_MS,
  };
  filter.any = filter.category !== -1 || filter.creator !== -1 || filter.priced || filter.flags !== 0 || filter.fresh;
  return filter;
}

/** Whether a slot passes the filter (each check is off when its filter is not set, the same for every slot). */
export function passesFilter(filter: SlotFilter, slots: ProductSlots, slot: number): boolean {
  if (filter.category !== -1 && slots.category[slot] !== filter.category) return false;
  if (filter.creator !== -1 && slots.creator[slot] !== filter.creator) return false;
  if (filter.priced) {
    const price = slots.price[slot]!;
    if (price < filter.minPrice || price > filter.maxPrice) return false;
  }
  if ((slots.flags[slot]! & filter.flags) !== filter.flags) return false;
  if (filter.fresh && !(slots.publishedAt[slot]! > filter.publishedAfter)) return false;
  return true;
}
