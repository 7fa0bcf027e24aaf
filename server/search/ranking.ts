import type { Sort } from "./listing-query.ts";
import { CATEGORY, CREATOR, TAGS, TITLE } from "./postings.ts";

// The search index's ranking (server/search/search-index.ts): what a match scores, the order of each
// sort with its keys for ties, and the heap that keeps a search's first products in that order
// (docs/decisions/019-search-index-in-memory.md).
//
// Relevance: for each query word its best match's quality (server/search/word-expansion.ts) times
// its field's weight (title 16, tags 8, category 4, creator 2, description 1), summed, plus 10 when
// the words stand together and in order; then rating, then sales (downloads).

/** The weight of a match by the best field it is in (index: the field bits of server/search/postings.ts). */
export const FIELD_WEIGHT = Float32Array.from({ length: 16 }, (_, bits) =>
  bits & TITLE ? 16 : bits & TAGS ? 8 : bits & CATEGORY ? 4 : bits & CREATOR ? 2 : 0,
);
export const DESCRIPTION_WEIGHT = 1;
export const PHRASE_BONUS = 10;

/** A product's rating to a tenth and its downloads in one number (ProductSlots ratingAndDownloads). */
export function ratingAndDownloadsOf(rating: number, downloads: number): number {
  return Math.round(rating * 10) * 2_147_483_648 + Math.min(downloads, 2_147_483_647);
}

/**
 * Relevance's first key (smaller first): the score to a hundredth, the rating to a tenth, then the
 * downloads, in one number below 2^53 (a score under 1,000, 64 rating steps, downloads under 2^31);
 * exact ties are broken after.
 */
export function relevanceKey(score: number, ratingAndDownloads: number): number {
  return -(Math.round(score * 100) * 64 * 2_147_483_648 + ratingAndDownloads);
}

export interface SortOrder {
  /** The first key is `sign * column[slot]`; with no column, the relevance score and the rating, higher first. */
  column: Float64Array | null;
  sign: 1 | -1;
  /** Keys for ties, in turn (smaller first); the last is the product id, so no two slots tie. */
  ties: ((slot: number) => number)[];
}

/** The per-slot columns the sorts read (server/search/product-slots.ts). */
interface SortColumns {
  productOf: Int32Array;
  downloads: Float64Array;
  rating: Float64Array;
  reviewCount: Int32Array;
  price: Float64Array;
  publishedAt: Float64Array;
  bestseller: Float64Array;
  trending: Float64Array;
}

/** A sort: its first key (a column and a sign, or the relevance score), then keys for ties. */
export function sortOrderOf(sort: Sort, slots: SortColumns): SortOrder {
  const id = (slot: number) => -slots.productOf[slot]!;
  const popular = (slot: number) => -slots.downloads[slot]!;
  switch (sort) {
    case "relevance":
      return { column: null, sign: -1, ties: [(slot) => -slots.rating[slot]!, popular, id] };
    case "popular":
      return { column: slots.downloads, sign: -1, ties: [id] };
    case "newest":
      return { column: slots.publishedAt, sign: -1, ties: [id] };
    case "price-low":
      return { column: slots.price, sign: 1, ties: [popular, id] };
    case "price-high":
      return { column: slots.price, sign: -1, ties: [popular, id] };
    case "rating":
      return { column: slots.rating, sign: -1, ties: [(slot) => -slots.reviewCount[slot]!, id] };
    case "bestselling":
      return { column: slots.bestseller, sign: -1, ties: [popular, id] };
    case "trending":
      return { column: slots.trending, sign: -1, ties: [popular, id] };
  }
}

/**
 * The order of products that match some words only: their words' count is the first key, then
 * `order` (with the relevance score of `some`, the sum of its words' best scores).
 */
export function someWordsOrder(
  order: SortOrder,
  some: { slots: Int32Array; scores: Float64Array; count: number },
  ratingAndDownloads: Float64Array,
): SortOrder {
  const { column, sign, ties } = order;
  if (column !== null) return { column: null, sign: -1, ties: [(slot) => sign * column[slot]!, ...ties] };
  const scoreOf = new Map<number, number>();
  for (let i = 0; i < some.count; i++) scoreOf.set(some.slots[i]!, some.scores[i]!);
  return {
    column: null,
    sign: -1,
    ties: [(slot) => relevanceKey(scoreOf.get(slot)!, ratingAndDownloads[slot]!), ...ties],
  };
}

/**
 * The first `size` slots in a sort's order, in a heap whose root is the last of them: the search loop
 * turns away a slot whose first key is above `worst` with one comparison.
 */
export class TopK {
  /** The first key of the last slot kept, once `size` are kept; until then anything is taken. */
  worst = Number.POSITIVE_INFINITY;
  private readonly slots: number[] = [];
  private readonly keys: number[] = [];
  private readonly size: number;
  private readonly order: SortOrder;
  constructor(size: number, order: SortOrder) {
    this.size = size;
    this.order = order;
    if (size === 0) this.worst = Number.NEGATIVE_INFINITY;
  }

  offer(slot: number, key: number) {
    if (this.slots.length < this.size) {
      this.slots.push(slot);
      this.keys.push(key);
      this.up(this.slots.length - 1);
    } else if (this.before(slot, key, 0)) {
      this.slots[0] = slot;
      this.keys[0] = key;
      this.down(0);
    } else return;
    if (this.slots.length === this.size) this.worst = this.keys[0]!;
  }

  sorted(): number[] {
    const order = this.slots.map((_, i) => i);
    order.sort((a, b) => (this.before(this.slots[a]!, this.keys[a]!, b) ? -1 : 1));
    return order.map((i) => this.slots[i]!);
  }

  /** True when the slot (with its first key) comes before the heap's item at `i`. */
  private before(slot: number, key: number, i: number): boolean {
    const other = this.slots[i]!;
    if (key !== this.keys[i]) return key < this.keys[i]!;
    for (const next of this.order.ties) {
      const a = next(slot);
      const b = next(other);
      if (a !== b) return a < b;
    }
    return false;
  }

  // A child never comes after its parent: the root is the last.
  private up(i: number) {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(this.slots[parent]!, this.keys[parent]!, i)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number) {
    const n = this.slots.length;
    for (;;) {
      let last = i;
      const left = 2 * i + 1;
      const right = left + 1;
      if (left < n && this.before(this.slots[last]!, this.keys[last]!, left)) last = left;
      if (right < n && this.before(this.slots[last]!, this.keys[last]!, right)) last = right;
      if (last === i) return;
      this.swap(i, last);
      i = last;
    }
  }

  private swap(a: number, b: number) {
    [this.slots[a], this.slots[b]] = [this.slots[b]!, this.slots[a]!];
    [this.keys[a], this.keys[b]] = [this.keys[b]!, this.keys[a]!];
  }
}
