import type { IndexedProduct } from "./index-types.ts";
import { ratingAndDownloadsOf } from "./ranking.ts";
import { type Column, cutColumn, grownColumn } from "./typed-arrays.ts";

// The search index's products (server/search/search-index.ts): each indexed version of a product
// has a slot, and each figure a search filters, sorts or sums by is a typed array with one value per
// slot, so that a search's pass over its matches reads numbers, not objects.

/** What a product is, as bits: trending now, a bestseller, on sale (below its original price). */
export const FLAGS = { trending: 1, bestseller: 2, sale: 4 } as const;

/** The slots' columns, one value per slot (besides slotOfProduct, by product id). */
const COLUMNS = [
  "alive",
  "productOf",
  "category",
  "creator",
  "price",
  "downloads",
  "rating",
  "reviewCount",
  "bestseller",
  "publishedAt",
  "trending",
  "facetCell",
  "flags",
  "ratingAndDownloads",
] as const;
type ColumnName = (typeof COLUMNS)[number];

export class ProductSlots {
  // One slot per indexed version of a product; a product whose text changes gets a new slot and its
  // old one is marked dead (compact() drops dead slots when they pile up).
  count = 0;
  dead = 0;
  alive = new Uint8Array(1024);
  productOf = new Int32Array(1024);
  slotOfProduct = new Int32Array(1024).fill(-1);
  category = new Int32Array(1024);
  creator = new Int32Array(1024);
  // Every column a sort reads first is a Float64Array, so that the search loop reads them alike.
  price = new Float64Array(1024);
  downloads = new Float64Array(1024);
  rating = new Float64Array(1024);
  reviewCount = new Int32Array(1024);
  bestseller = new Float64Array(1024);
  publishedAt = new Float64Array(1024);
  trending = new Float64Array(1024);
  /** Relevance's keys after the score, in one number (ratingAndDownloadsOf): one column to read, not two. */
  ratingAndDownloads = new Float64Array(1024);
  /** The slot's FLAGS: a filter reads one byte, not the wide columns they come from. */
  flags = new Uint8Array(1024);
  /** The slot's combination of category, format and styles (FacetCells, server/search/facets.ts). */
  facetCell = new Int32Array(1024);

  /** Living slots: the products indexed. */
  get living(): number {
    return this.count - this.dead;
  }

  /** How many slots the columns have room for. */
  get capacity(): number {
    return this.alive.length;
  }

  /** An estimate of the memory the columns hold, in bytes. */
  get bytes(): number {
    let bytes = 0;
    const columns = this.columnsByName();
    for (const name of COLUMNS) bytes += columns[name].byteLength;
    return bytes + this.slotOfProduct.byteLength;
  }

  /** The product's living slot, or -1. */
  slotOf(productId: number): number {
    return productId >= 0 && productId < this.slotOfProduct.length ? this.slotOfProduct[productId]! : -1;
  }

  /** A new living slot for the product (its figures still to be written). */
  add(productId: number): number {
    const slot = this.count++;
    this.ensure(this.count);
    this.alive[slot] = 1;
    this.productOf[slot] = productId;
    this.slotOfProduct = grownColumn(this.slotOfProduct, productId + 1, -1);
    this.slotOfProduct[productId] = slot;
    return slot;
  }

  kill(slot: number) {
    this.alive[slot] = 0;
    this.dead++;
    this.slotOfProduct[this.productOf[slot]!] = -1;
  }

  /** Writes the product's figures in its slot, with its facet cell (FacetCells cellOf). */
  writeFigures(slot: number, product: IndexedProduct, facetCell: number) {
    this.category[slot] = product.categoryId;
    this.creator[slot] = product.creatorId;
    this.price[slot] = product.priceCents;
    this.downloads[slot] = product.downloads;
    this.rating[slot] = product.rating;
    this.ratingAndDownloads[slot] = ratingAndDownloadsOf(product.rating, product.downloads);
    this.reviewCount[slot] = product.reviewCount;
    this.bestseller[slot] = product.isBestseller ? 1 : 0;
    this.publishedAt[slot] = product.publishedAt ?? Number.NEGATIVE_INFINITY;
    this.trending[slot] = product.trendingScore;
    this.flags[slot] =
      (product.isBestseller ? FLAGS.bestseller : 0) |
      (product.originalPriceCents !== null && product.originalPriceCents > product.priceCents ? FLAGS.sale : 0) |
      (product.trendingScore > 0 ? FLAGS.trending : 0);
    this.facetCell[slot] = facetCell;
  }

  /**
   * Drops the dead slots: the living move down, in order. Answers each old slot's new number (-1 for
   * a dead one), for the postings to follow (TermPostings renumberSlots, server/search/postings.ts).
   */
  compact(): Int32Array {
    const newSlot = new Int32Array(this.count).fill(-1);
    let next = 0;
    for (let slot = 0; slot < this.count; slot++) if (this.alive[slot]) newSlot[slot] = next++;
    const columns = this.columnsByName();
    for (const name of COLUMNS) {
      const array = columns[name];
      for (let slot = 0; slot < this.count; slot++) {
        const to = newSlot[slot]!;
        if (to !== -1) array[to] = array[slot]!;
      }
    }
    for (let slot = 0; slot < next; slot++) this.slotOfProduct[this.productOf[slot]!] = slot;
    this.count = next;
    this.dead = 0;
    return newSlot;
  }

  /** Columns at the slots' count and a little room, after a bulk load. */
  trim() {
    const length = Math.ceil(this.count * 1.05) + 1024;
    if (length >= this.alive.length) return;
    this.eachColumn((array) => cutColumn(array, length));
  }

  private ensure(length: number) {
    if (length <= this.alive.length) return;
    this.eachColumn((array) => grownColumn(array, length));
  }

  /** Replaces each per-slot column with what `change` makes of it. */
  private eachColumn(change: <T extends Column>(array: T) => T) {
    const columns = this.columnsByName();
    for (const name of COLUMNS) columns[name] = change(columns[name]);
  }

  /** The per-slot columns, by their names in COLUMNS (they are this object's own fields). */
  private columnsByName(): Record<ColumnName, Column> {
    return this as unknown as Record<ColumnName, Column>;
  }
}
