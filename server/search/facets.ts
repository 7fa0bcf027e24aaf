import type { IndexFacets, IndexFilters } from "./index-types.ts";
import { grownColumn } from "./typed-arrays.ts";

// The search index's facet counts (server/search/search-index.ts): the products per category,
// format and style, each counted under the other filters, exact for every search. A search counts
// its matches per facet cell, and the counts per value are made from those few cells afterwards
// (docs/decisions/019-search-index-in-memory.md).

/** A value's small number in a dictionary of up to 32 values (formats, styles), for bit sets. */
class Dictionary {
  readonly values: string[] = [];
  private readonly numbers = new Map<string, number>();
  numberOf(value: string): number {
    let number = this.numbers.get(value);
    if (number === undefined) {
      number = this.values.length;
      this.values.push(value);
      this.numbers.set(value, number);
    }
    return number;
  }
  find(value: string): number | undefined {
    return this.numbers.get(value);
  }
}

/** Whether a category, a format's number and a set of styles' bits pass a search's facet filters. */
export interface FacetFilters {
  inCategory: (category: number) => boolean;
  inFormat: (format: number) => boolean;
  inStyle: (styles: number) => boolean;
}

/**
 * The combinations of category, format and styles the products have, numbered. The search loop counts
 * its matches per combination (one increment, no branch per style), and the facet counts, each under
 * the other filters, are made from those few counts afterwards.
 */
export class FacetCells {
  readonly formats = new Dictionary();
  readonly styleNames = new Dictionary();
  category = new Int32Array(64);
  format = new Uint8Array(64);
  styles = new Uint32Array(64);
  size = 0;
  private readonly numbers = new Map<number, number>();

  /** The cell of a product's category, format and styles, numbered when new. */
  cellOf(categoryId: number, format: string, styleNames: readonly string[]): number {
    let styles = 0;
    for (const style of styleNames) {
      const number = this.styleNames.numberOf(style);
      // More than 32 styles would need a wider set; the shop has a fixed list of about ten.
      if (number < 32) styles |= 1 << number;
    }
    return this.numberOf(categoryId, this.formats.numberOf(format), styles >>> 0);
  }

  /** The search's category, format and style filters, as tests of a cell's values. */
  filtersOf(search: IndexFilters): FacetFilters {
    const categoryIds = search.categoryIds?.length ? new Set(search.categoryIds) : null;
    const formatBits = search.formats?.length ? bitsOf(this.formats, search.formats) : null;
    const styleBits = search.styles?.length ? bitsOf(this.styleNames, search.styles) : null;
    return {
      inCategory: (category: number) => categoryIds === null || categoryIds.has(category),
      inFormat: (format: number) => formatBits === null || ((formatBits >>> format) & 1) === 1,
      inStyle: (styles: number) => styleBits === null || (styles & styleBits) !== 0,
    };
  }

  /** Per cell: 1 where the cell's products pass every facet filter. */
  passing({ inCategory, inFormat, inStyle }: FacetFilters): Uint8Array {
    const { category, format, styles, size } = this;
    const passes = new Uint8Array(size);
    for (let cell = 0; cell < size; cell++) {
      passes[cell] = inCategory(category[cell]!) && inFormat(format[cell]!) && inStyle(styles[cell]!) ? 1 : 0;
    }
    return passes;
  }

  /**
   * The total (matches that pass every filter) and the facet counts, from the matches per cell: a
   * category's count is of the matches that pass the format and style filters, and so on.
   */
  count(cellHits: Int32Array, { inCategory, inFormat, inStyle }: FacetFilters): { total: number; facets: IndexFacets } {
    const categories: Record<number, number> = {};
    const formats = new Int32Array(32);
    const styles = new Int32Array(32);
    let total = 0;
    for (let cell = 0; cell < cellHits.length; cell++) {
      const hits = cellHits[cell]!;
      if (hits === 0) continue;
      const category = this.category[cell]!;
      const format = this.format[cell]!;
      const styleBits = this.styles[cell]!;
      const [c, f, s] = [inCategory(category), inFormat(format), inStyle(styleBits)];
      if (f && s) categories[category] = (categories[category] ?? 0) + hits;
      if (c && s) formats[format]! += hits;
      if (c && f) {
        // Each style the cell has: its lowest set bit, then the next.
        for (let bits = styleBits | 0; bits !== 0; bits &= bits - 1) styles[31 - Math.clz32(bits & -bits)]! += hits;
      }
      if (c && f && s) total += hits;
    }
    const named = (dictionary: Dictionary, numbers: Int32Array) =>
      Object.fromEntries(dictionary.values.map((value, n) => [value, numbers[n] ?? 0]).filter(([, n]) => n));
    return {
      total,
      facets: { categories, formats: named(this.formats, formats), styles: named(this.styleNames, styles) },
    };
  }

  private numberOf(category: number, format: number, styles: number): number {
    // Category ids below 2^16 and formats below 32 make the key exact (below 2^53).
    const key = (category * 32 + format) * 2 ** 32 + styles;
    let number = this.numbers.get(key);
    if (number === undefined) {
      number = this.size++;
      this.numbers.set(key, number);
      this.category = grownColumn(this.category, this.size);
      this.format = grownColumn(this.format, this.size);
      this.styles = grownColumn(this.styles, this.size);
      this.category[number] = category;
      this.format[number] = format;
      this.styles[number] = styles;
    }
    return number;
  }
}

function bitsOf(dictionary: Dictionary, values: readonly string[]): number {
  let bits = 0;
  for (const value of values) {
    const number = dictionary.find(value);
    if (number !== undefined && number < 32) bits |= 1 << number;
  }
  return bits;
}
