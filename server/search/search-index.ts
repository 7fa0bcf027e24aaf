import { LRUCache } from "lru-cache";
import { SORTS, type Sort, type Tab } from "./listing-query.ts";
import { Vocabulary } from "./vocabulary.ts";
import { fieldWords, queryWords, typoBudget } from "./words.ts";

// The shop's search: every published product's words and figures in this process's memory, in typed
// arrays, so that a search, its exact facet counts and its sort take a pass over the matching
// products' numbers, not a database round trip per match. Each app server keeps its own, fed from
// product_search (server/search/index-sync.ts). See docs/decisions/019-search-index-in-memory.md.
//
// Matching (every word of the query must match, in any order, in any field; where no product has them
// all, a search that asks for it gets the products that have some, those with the most words first):
//   the word itself 1, a word of the same stem 0.9, a synonym 0.9, the last word as the beginning of a
//   word 0.8, a word within the typo budget 0.6 (one edit) or 0.45 (two), and the spec's rule: the word
//   inside a word of the title, tags, category or creator 0.3.
// Ranking (Relevance): for each query word its best match's quality times its field's weight (title
// 16, tags 8, category 4, creator 2, description 1), summed, plus 10 when the words stand together and
// in order; then rating, then sales (downloads).

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
  /** Match the title, tags, category and creator only (the header's live results, as the spec's rule). */
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

const DAY_MS = 86_400_000;
/** New Arrivals are the products first published in this many days. */
export const NEW_ARRIVAL_DAYS = 30;
/** Words of a query beyond this many are not matched (a pasted paragraph is not a search). */
const MAX_QUERY_WORDS = 10;

// Field bits of a posting in a word's name list; the description has a list of its own.
const TITLE = 1;
const TAGS = 2;
const CATEGORY = 4;
const CREATOR = 8;
/** The weight of a match by the best field it is in (index: the field bits). */
const FIELD_WEIGHT = Float32Array.from({ length: 16 }, (_, bits) =>
  bits & TITLE ? 16 : bits & TAGS ? 8 : bits & CATEGORY ? 4 : bits & CREATOR ? 2 : 0,
);
const DESCRIPTION_WEIGHT = 1;
const PHRASE_BONUS = 10;
/** Positions are counted in the title and tags; past this a word has none (for phrases). */
const NO_POSITION = 255;

const MATCH_QUALITY = {
  exact: 1,
  stem: 0.9,
  synonym: 0.9,
  prefix: 0.8,
  typo1: 0.6,
  typo2: 0.45,
  inside: 0.3,
} as const;

interface Expansion {
  term: number;
  quality: number;
  /** The word is only inside this term (the spec's substring rule): names only, never the description. */
  namesOnly: boolean;
}

// A word's postings: the products it is in (slots, ascending), in the title, tags, category or creator
// (with the fields' bits and its first position), and separately in the description.
class Postings {
  slots = new Uint32Array(2);
  fields = new Uint8Array(2);
  positions = new Uint8Array(2);
  size = 0;
  descriptionSlots = new Uint32Array(0);
  descriptionSize = 0;

  addName(slot: number, fields: number, position: number) {
    if (this.size === this.slots.length) {
      const length = Math.max(4, this.size * 2);
      this.slots = copyInto(new Uint32Array(length), this.slots, true);
      this.fields = copyInto(new Uint8Array(length), this.fields, true);
      this.positions = copyInto(new Uint8Array(length), this.positions, true);
    }
    this.slots[this.size] = slot;
    this.fields[this.size] = fields;
    this.positions[this.size++] = position;
  }

  addDescription(slot: number) {
    if (this.descriptionSize === this.descriptionSlots.length) {
      this.descriptionSlots = copyInto(
        new Uint32Array(Math.max(2, this.descriptionSize * 2)),
        this.descriptionSlots,
        true,
      );
    }
    this.descriptionSlots[this.descriptionSize++] = slot;
  }

  get bytes() {
    return this.slots.byteLength * 1.5 + this.descriptionSlots.byteLength + 64;
  }

  /** Lists of exactly the sizes counted during a bulk load (server/search/search-index.ts endBulk). */
  allocate() {
    this.slots = new Uint32Array(this.size);
    this.fields = new Uint8Array(this.size);
    this.positions = new Uint8Array(this.size);
    this.descriptionSlots = new Uint32Array(this.descriptionSize);
  }
}

/**
 * The working arrays of a text match, kept from one search to the next (a search never awaits, so
 * one set serves them all) and grown when a search needs more: a common word's quarter of a million
 * matches would otherwise allocate megabytes per search for the garbage collector.
 */
class Scratch {
  candidateSlots = new Int32Array(0);
  best = new Float32Array(0);
  positions = new Uint8Array(0);
  hits = new Uint8Array(0);
  slots = new Int32Array(0);
  scores = new Float64Array(0);

  /** Room for `candidates` products (never more than `most`, the living products) of `words` words. */
  reserve(candidates: number, words: number, most: number): this {
    candidates = Math.min(candidates, most);
    if (this.candidateSlots.length < candidates) {
      const length = Math.min(Math.ceil(candidates * 1.25), most);
      for (const array of [this.candidateSlots, this.hits, this.slots, this.scores]) release(array);
      this.candidateSlots = new Int32Array(length);
      this.hits = new Uint8Array(length);
      this.slots = new Int32Array(length);
      this.scores = new Float64Array(length);
    }
    if (this.best.length < candidates * words) {
      const length = Math.min(Math.ceil(candidates * 1.25), most) * words;
      release(this.best);
      release(this.positions);
      this.best = new Float32Array(length);
      this.positions = new Uint8Array(length);
    }
    return this;
  }

  free() {
    for (const array of this.arrays()) release(array);
  }

  get bytes(): number {
    return this.arrays().reduce((sum, array) => sum + array.byteLength, 0);
  }

  private arrays() {
    return [this.candidateSlots, this.best, this.positions, this.hits, this.slots, this.scores];
  }
}

/** Scratch space beyond this is given back after the search that needed it (a query of many common words). */
const SCRATCH_KEPT_BYTES = 48 << 20;

/** Integers appended one by one, in one buffer that doubles (large, so it goes back to the system when freed). */
class IntStream {
  private buffer = new Int32Array(1 << 16);
  length = 0;
  push(value: number) {
    if (this.length === this.buffer.length) this.buffer = copyInto(new Int32Array(this.length * 2), this.buffer, true);
    this.buffer[this.length++] = value;
  }
  get values(): Int32Array {
    return this.buffer;
  }
  free() {
    release(this.buffer);
  }
}

/**
 * Gives an array's memory back now rather than at some later garbage collection (the index's
 * arrays are large, and a server's memory is measured: ArrayBuffer.transfer(0) frees it at once).
 * The array must not be used afterwards.
 */
function release(array: { buffer: ArrayBufferLike }) {
  const buffer = array.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
  if (!buffer.detached) buffer.transfer?.(0);
}

function copyInto<T extends Uint32Array | Uint8Array | Int32Array | Float64Array>(
  target: T,
  source: T,
  releaseSource = false,
): T {
  target.set(source.subarray(0, Math.min(source.length, target.length)));
  if (releaseSource) release(source);
  return target;
}

/** A growable column of numbers, one per slot. */
function column<T extends Int32Array | Uint8Array | Uint32Array | Float64Array>(array: T, length: number, fill = 0): T {
  if (length <= array.length) return array;
  const next = new (array.constructor as new (length: number) => T)(Math.max(length, Math.ceil(array.length * 1.5)));
  next.set(array);
  if (fill !== 0) next.fill(fill, array.length);
  release(array);
  return next;
}

type Column = Int32Array | Uint8Array | Uint32Array | Float64Array;

/** The index's columns, one value per slot (besides slotOfProduct, by product id). */
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

/**
 * The combinations of category, format and styles the products have, numbered. The search loop counts
 * its matches per combination (one increment, no branch per style), and the facet counts, each under
 * the other filters, are made from those few counts afterwards.
 */
class FacetCells {
  category = new Int32Array(64);
  format = new Uint8Array(64);
  styles = new Uint32Array(64);
  size = 0;
  private readonly numbers = new Map<number, number>();

  numberOf(category: number, format: number, styles: number): number {
    // Category ids below 2^16 and formats below 32 make the key exact (below 2^53).
    const key = (category * 32 + format) * 2 ** 32 + styles;
    let number = this.numbers.get(key);
    if (number === undefined) {
      number = this.size++;
      this.numbers.set(key, number);
      this.category = column(this.category, this.size);
      this.format = column(this.format, this.size);
      this.styles = column(this.styles, this.size);
      this.category[number] = category;
      this.format[number] = format;
      this.styles[number] = styles;
    }
    return number;
  }
}

export class SearchIndex {
  readonly vocabulary = new Vocabulary();
  private readonly postings: Postings[] = [];
  private synonyms = new Map<string, string[]>();
  private readonly formats = new Dictionary();
  private readonly styleNames = new Dictionary();
  private readonly cells = new FacetCells();
  // One slot per indexed version of a product; a product whose text changes gets a new slot and its
  // old one is marked dead (compact() drops dead slots when they pile up).
  private slotCount = 0;
  private deadCount = 0;
  private alive = new Uint8Array(1024);
  private productOf = new Int32Array(1024);
  private slotOfProduct = new Int32Array(1024).fill(-1);
  private category = new Int32Array(1024);
  private creator = new Int32Array(1024);
  // Every column a sort reads first is a Float64Array, so that the search loop reads them alike.
  private price = new Float64Array(1024);
  private downloads = new Float64Array(1024);
  private rating = new Float64Array(1024);
  private reviewCount = new Int32Array(1024);
  private bestseller = new Float64Array(1024);
  private publishedAt = new Float64Array(1024);
  private trending = new Float64Array(1024);
  /** Relevance's keys after the score, in one number (relevanceKey): one column to read, not two. */
  private ratingAndDownloads = new Float64Array(1024);
  /** The slot's FLAGS: a filter reads one byte, not the wide columns they come from. */
  private flags = new Uint8Array(1024);
  /** The slot's combination of category, format and styles (FacetCells). */
  private facetCell = new Int32Array(1024);
  private bulk: {
    /** Per posting: the word, then its fields' bits and position (fields << 8 | position). */
    names: IntStream;
    descriptions: IntStream;
    /** Per slot: where its postings end in each stream. */
    namesEnd: IntStream;
    descriptionsEnd: IntStream;
  } | null = null;
  // Scratch space of a search, kept between searches (one search runs at a time: it never awaits).
  private candidateOf = new Int32Array(1024).fill(-1);
  /** matchOneWordBySlot()'s score per slot, all 0 between searches. */
  private scoreBySlot = new Float32Array(0);
  private scratch = new Scratch();
  /** Bumped by every change: answers remembered under an older version are not used again. */
  private version = 0;
  // Answers change with the date too (New Arrivals, "new this week"): a minute at most.
  private readonly answers = new LRUCache<string, IndexAnswer>({ max: 1_000, ttl: 60_000 });
  // Each word's first few products (the header's live results), until anything changes.
  private readonly firsts = new LRUCache<string, number[]>({ max: 5_000 });
  private readonly expansionCache = new LRUCache<string, Expansion[]>({ max: 5_000 });
  private expansionCacheSize = -1;

  /** Products in the index. */
  get documents(): number {
    return this.slotCount - this.deadCount;
  }

  /** An estimate of the memory the index holds, in bytes. */
  get bytes(): number {
    let bytes = this.vocabulary.bytes;
    for (const postings of this.postings) bytes += postings.bytes;
    const columns = this.columnsByName();
    for (const name of COLUMNS) bytes += columns[name].byteLength;
    bytes += this.slotOfProduct.byteLength + this.candidateOf.byteLength;
    return bytes;
  }

  has(productId: number): boolean {
    return this.slotOf(productId) !== -1;
  }

  /** Groups of words that mean the same ("cv", "resume"): a query word matches the others too. */
  setSynonyms(groups: readonly (readonly string[])[]) {
    const synonyms = new Map<string, string[]>();
    for (const group of groups) {
      const words = group.flatMap((word) => queryWords(word));
      for (const word of words) {
        const others = words.filter((other) => other !== word);
        synonyms.set(word, [...new Set([...(synonyms.get(word) ?? []), ...others])]);
      }
    }
    this.synonyms = synonyms;
    this.expansionCache.clear();
    this.changed();
  }

  /** Adds a product, or replaces what the index holds for it (its text, when given, or its figures). */
  put(product: IndexedProduct, text?: IndexedText) {
    this.changed();
    const current = this.slotOf(product.productId);
    if (current !== -1 && !text) {
      this.writeFigures(current, product);
      return;
    }
    if (!text) throw new Error(`The search index has no text for product ${product.productId}`);
    if (current !== -1) this.kill(current);
    const slot = this.slotCount++;
    this.ensureSlots(this.slotCount);
    this.alive[slot] = 1;
    this.productOf[slot] = product.productId;
    this.slotOfProduct = column(this.slotOfProduct, product.productId + 1, -1);
    this.slotOfProduct[product.productId] = slot;
    this.writeFigures(slot, product);
    this.writeText(slot, text);
  }

  /** Takes a product out (unpublished, hidden or deleted). */
  remove(productId: number) {
    this.changed();
    const slot = this.slotOf(productId);
    if (slot !== -1) this.kill(slot);
  }

  /** The products' ids of a search, in order, with the total and, when asked, facet counts and figures. */
  search(search: IndexSearch): IndexAnswer {
    // The same search of the same index (no change since) has the same answer: many shoppers open
    // the same category page or type the same word. Anything written to the index starts afresh.
    const key = `${this.version}:${JSON.stringify(search)}`;
    const known = this.answers.get(key);
    if (known) return known;
    const answer = this.answer(search);
    this.answers.set(key, answer);
    return answer;
  }

  private answer(search: IndexSearch): IndexAnswer {
    const quick = this.quickPage(search);
    if (quick) return { productIds: quick.map((slot) => this.productOf[slot]!), total: quick.length };
    const now = search.now ?? Date.now();
    const text = search.text ?? "";
    const all = this.match(text, search.namesOnly === true);
    const some =
      search.fallBackToSomeWords && all.hasText && all.count === 0
        ? this.matchSomeWords(text, search.namesOnly === true)
        : null;
    const { slots, scores, count, hasText } = some ?? all;
    const wanted = Math.max(0, (search.offset ?? 0) + (search.limit ?? 24));
    const sort =
      search.sort === "relevance" && !hasText ? "popular" : (search.sort ?? (hasText ? "relevance" : "popular"));
    const order = this.sortOf(sort);
    // The first sort key of a slot is `sign * column[slot]`, or the relevance score (smaller first).
    const { column, sign } = order;
    // Products that match some words only: the most words first, then the search's own order.
    const wordsMatched = some?.wordsMatched ?? null;
    const top = new TopK(wanted, some ? this.someWordsOrder(order, some) : order);
    const { filter, facetFilters, passes } = this.filterOf(search, now);
    const withStats = search.stats === true;
    const { alive, facetCell } = this;
    // Matches per facet cell (under every filter but the category, format and style ones).
    const cellHits = new Int32Array(this.cells.size);
    let downloads = 0;
    let ratings = 0;
    let newThisWeek = 0;
    const weekAgo = now - 7 * DAY_MS;
    // Without text every living slot matches: the loop walks the slots themselves.
    const end = hasText ? count : this.slotCount;
    for (let i = 0; i < end; i++) {
      const slot = hasText ? slots[i]! : i;
      if (alive[slot] === 0) continue;
      if (filter.any && !this.passesFilter(filter, slot)) continue;
      const cell = facetCell[slot]!;
      cellHits[cell]!++;
      if (passes[cell] === 0) continue;
      if (withStats) {
        downloads += this.downloads[slot]!;
        ratings += this.rating[slot]!;
        if (this.publishedAt[slot]! > weekAgo) newThisWeek++;
      }
      const key =
        wordsMatched !== null
          ? -wordsMatched[i]!
          : column === null
            ? this.relevanceKey(scores[i]!, slot)
            : sign * column[slot]!;
      if (key <= top.worst) top.offer(slot, key);
    }
    const { total, facets } = this.countCells(cellHits, facetFilters);
    if (this.scratch.bytes > SCRATCH_KEPT_BYTES) {
      this.scratch.free();
      this.scratch = new Scratch();
    }
    const offset = search.offset ?? 0;
    return {
      productIds: top
        .sorted()
        .slice(offset)
        .map((slot) => this.productOf[slot]!),
      total,
      facets: search.facets ? facets : undefined,
      stats: withStats
        ? { products: total, downloads, averageRating: total ? ratings / total : 0, newThisWeek }
        : undefined,
      ...(some ? { someWordsOnly: true } : {}),
    };
  }

  /**
   * The products that match at least one word of the text (for a text no product matches whole):
   * each with how many of the words it matches and the sum of its words' best scores. Null when
   * the text has one word, or none of its words matches anything.
   */
  private matchSomeWords(
    text: string,
    withoutDescriptions: boolean,
  ): { slots: Int32Array; scores: Float64Array; wordsMatched: Uint8Array; count: number; hasText: true } | null {
    const words = [...new Set(queryWords(text))].slice(0, MAX_QUERY_WORDS);
    if (words.length < 2) return null;
    const lastWord = queryWords(text).at(-1);
    const found = new Map<number, { words: number; score: number }>();
    for (const word of words) {
      const expansions = this.expand(word, word === lastWord);
      const cost = expansions.reduce((sum, { term, namesOnly }) => {
        const postings = this.postings[term]!;
        return sum + postings.size + (namesOnly || withoutDescriptions ? 0 : postings.descriptionSize);
      }, 0);
      if (cost === 0) continue;
      const scratch = this.scratch.reserve(Math.min(cost, this.documents), 1, this.documents);
      const matched =
        cost > this.slotCount * 2
          ? this.matchOneWordBySlot(expansions, withoutDescriptions, scratch)
          : this.matchOneWord(expansions, withoutDescriptions, scratch);
      for (let i = 0; i < matched.count; i++) {
        const slot = matched.slots[i]!;
        const seen = found.get(slot);
        if (seen) {
          seen.words++;
          seen.score += matched.scores[i]!;
        } else found.set(slot, { words: 1, score: matched.scores[i]! });
      }
    }
    if (found.size === 0) return null;
    const slots = new Int32Array(found.size);
    const scores = new Float64Array(found.size);
    const wordsMatched = new Uint8Array(found.size);
    let i = 0;
    for (const [slot, { words: count, score }] of found) {
      slots[i] = slot;
      scores[i] = score;
      wordsMatched[i++] = count;
    }
    return { slots, scores, wordsMatched, count: found.size, hasText: true };
  }

  /** The order of products that match some words only: their words' count is the first key, then `order`. */
  private someWordsOrder(
    order: SortOrder,
    some: { slots: Int32Array; scores: Float64Array; count: number },
  ): SortOrder {
    const { column, sign, ties } = order;
    if (column !== null) return { column: null, sign: -1, ties: [(slot) => sign * column[slot]!, ...ties] };
    const scoreOf = new Map<number, number>();
    for (let i = 0; i < some.count; i++) scoreOf.set(some.slots[i]!, some.scores[i]!);
    return { column: null, sign: -1, ties: [(slot) => this.relevanceKey(scoreOf.get(slot)!, slot), ...ties] };
  }

  /**
   * For a query that finds nothing: the nearest query that finds something, made of the query's own
   * words where they find something and the catalogue's closest words (fewest edits, then the most
   * used) where they do not; failing that, the words that find something on their own.
   */
  didYouMean(text: string, filters: IndexFilters = {}): string | null {
    const words = queryWords(text).slice(0, MAX_QUERY_WORDS);
    if (words.length === 0) return null;
    const finds = (query: string) => this.search({ ...filters, text: query, limit: 0 }).total > 0;
    const alone = words.map((word) => finds(word));
    // Each word's choices: itself when the catalogue has it, else its closest words.
    const options = words.map((word, i) => {
      const close = this.vocabulary
        .within(word, Math.min(3, Math.max(1, Math.floor(word.length / 3))))
        .filter(({ term }) => this.vocabulary.terms[term] !== word && this.frequency(term) > 0)
        .sort((a, b) => a.distance - b.distance || this.frequency(b.term) - this.frequency(a.term))
        .slice(0, 3)
        .map(({ term, distance }) => ({ word: this.vocabulary.terms[term]!, cost: distance }));
      const known = this.vocabulary.idOf(word) !== undefined && alone[i];
      return known || (alone[i] && close.length === 0) ? [{ word, cost: 0 }, ...close] : close;
    });
    const original = words.join(" ");
    if (options.every((list) => list.length > 0)) {
      // The combinations of each word's options, cheapest first; a dozen tries at most.
      let combinations: { words: string[]; cost: number }[] = [{ words: [], cost: 0 }];
      for (const list of options) {
        combinations = combinations
          .flatMap((combination) =>
            list.map((option) => ({
              words: [...combination.words, option.word],
              cost: combination.cost + option.cost,
            })),
          )
          .sort((a, b) => a.cost - b.cost)
          .slice(0, 12);
      }
      for (const combination of combinations) {
        const query = combination.words.join(" ");
        if (query !== original && finds(query)) return query;
      }
    }
    // Failing that, the words that find something on their own (as the word they were taken for).
    const kept = words.flatMap((_, i) => (alone[i] && options[i]!.length > 0 ? [options[i]![0]!.word] : []));
    const query = kept.join(" ");
    return kept.length > 0 && query !== original && finds(query) ? query : null;
  }

  /**
   * Loads many products into an empty index: their postings go to two flat streams first and are
   * laid out in each word's list at its exact size by endBulk(). (Lists that grow by copying, a
   * million products' worth, leave hundreds of MB of freed but unreturned memory behind.)
   */
  beginBulk() {
    if (this.slotCount > 0) throw new Error("A bulk load starts from an empty search index");
    this.bulk = {
      names: new IntStream(),
      descriptions: new IntStream(),
      namesEnd: new IntStream(),
      descriptionsEnd: new IntStream(),
    };
  }

  endBulk() {
    const bulk = this.bulk;
    if (!bulk) return;
    this.bulk = null;
    for (const postings of this.postings) postings.allocate();
    const names = bulk.names.values;
    const descriptions = bulk.descriptions.values;
    const filled = new Int32Array(this.postings.length);
    const filledDescriptions = new Int32Array(this.postings.length);
    let name = 0;
    let description = 0;
    for (let slot = 0; slot < this.slotCount; slot++) {
      for (const end = bulk.namesEnd.values[slot]!; name < end; name += 2) {
        const term = names[name]!;
        const postings = this.postings[term]!;
        const at = filled[term]!++;
        postings.slots[at] = slot;
        postings.fields[at] = names[name + 1]! >>> 8;
        postings.positions[at] = names[name + 1]! & 0xff;
      }
      for (const end = bulk.descriptionsEnd.values[slot]!; description < end; description++) {
        const term = descriptions[description]!;
        this.postings[term]!.descriptionSlots[filledDescriptions[term]!++] = slot;
      }
    }
    for (const stream of [bulk.names, bulk.descriptions, bulk.namesEnd, bulk.descriptionsEnd]) stream.free();
    this.trimColumns();
  }

  /** Columns at the slots' count and a little room, after a bulk load. */
  private trimColumns() {
    const length = Math.ceil(this.slotCount * 1.05) + 1024;
    if (length >= this.alive.length) return;
    const cut = <T extends Column>(array: T) => {
      const kept = array.slice(0, length) as T;
      release(array);
      return kept;
    };
    this.eachColumn(cut);
    this.candidateOf = cut(this.candidateOf);
  }

  /**
   * The header's live results for one typed word (names only, no filters, the first few by
   * relevance), without the pass over every match: the first `limit` products of each word the typed
   * word reaches, by field, rating and downloads, hold the first `limit` of all. (A product among the
   * first of all is first for its best word: were `limit` products before it there, they would all
   * come before it overall.) Null when the search is not of that kind.
   */
  private quickPage(search: IndexSearch): number[] | null {
    const limit = search.limit ?? 24;
    const words = queryWords(search.text ?? "");
    const filtered =
      search.categoryIds?.length ||
      search.categoryScope !== undefined ||
      search.formats?.length ||
      search.styles?.length ||
      search.minPriceCents !== undefined ||
      search.maxPriceCents !== undefined ||
      (search.tab !== undefined && search.tab !== "all") ||
      search.creatorId !== undefined ||
      search.trending;
    if (!search.pageOnly || !search.namesOnly || words.length !== 1 || filtered || search.offset || limit > 20) {
      return null;
    }
    if (search.sort !== undefined && search.sort !== "relevance") return null;
    const scores = new Map<number, number>();
    const expansions = [...this.expand(words[0]!, true)].sort((a, b) => b.quality - a.quality);
    for (const { term, quality } of expansions) {
      // No word of this quality or lower can reach the first `limit` any more: their best (a title
      // match) scores below the `limit`-th score so far.
      if (
        scores.size >= limit &&
        [...scores.values()].sort((a, b) => b - a)[limit - 1]! > quality * FIELD_WEIGHT[TITLE]!
      ) {
        break;
      }
      const postings = this.postings[term]!;
      for (const at of this.firstOfTerm(term, limit)) {
        const slot = postings.slots[at]!;
        const score = quality * FIELD_WEIGHT[postings.fields[at]!]!;
        if (score > (scores.get(slot) ?? 0)) scores.set(slot, score);
      }
    }
    const order = this.sortOf("relevance");
    const top = new TopK(limit, order);
    for (const [slot, score] of scores) top.offer(slot, this.relevanceKey(score, slot));
    return top.sorted();
  }

  /**
   * Relevance's first key (smaller first): the score to a hundredth, the rating to a tenth, then the
   * downloads, in one number below 2^53 (a score under 1,000, 64 rating steps, downloads under 2^31);
   * exact ties are broken after.
   */
  private relevanceKey(score: number, slot: number): number {
    return -(Math.round(score * 100) * 64 * 2_147_483_648 + this.ratingAndDownloads[slot]!);
  }

  /** The places in a word's name postings of its first `count` living products by field, rating, downloads. */
  private firstOfTerm(term: number, count: number): number[] {
    const key = `${this.version}:${term}:${count}`;
    const known = this.firsts.get(key);
    if (known) return known;
    const postings = this.postings[term]!;
    const top = new TopK(count, {
      column: null,
      sign: -1,
      ties: [(at) => -this.productOf[postings.slots[at]!]!],
    });
    for (let at = 0; at < postings.size; at++) {
      const slot = postings.slots[at]!;
      if (this.alive[slot] === 0) continue;
      const key = this.relevanceKey(FIELD_WEIGHT[postings.fields[at]!]!, slot);
      if (key <= top.worst) top.offer(at, key);
    }
    const first = top.sorted();
    this.firsts.set(key, first);
    return first;
  }

  /**
   * Runs the kinds of search shoppers run, a few times, on a freshly built index, so that the
   * first shoppers do not wait while the engine compiles the search's loops.
   */
  warmUp() {
    const common = [...this.postings.keys()].sort((a, b) => this.frequency(b) - this.frequency(a)).slice(0, 3);
    const words = common.map((term) => this.vocabulary.terms[term]!);
    const texts = ["", ...words, words.join(" "), ...words.map((word) => word.slice(0, 3))];
    // Every filter and every sort: a kind of search first met by a shopper would make the engine
    // drop the search loop's compiled code and run it slowly while it compiles it again.
    // Values of the first slot (zeros in an empty index): which ones does not matter, only their kinds.
    const filters: IndexSearch[] = [
      { tab: "bestsellers" },
      { tab: "sale" },
      { tab: "new" },
      { trending: true },
      { minPriceCents: 500, maxPriceCents: 2_000 },
      { categoryIds: [this.category[0]!] },
      { categoryScope: this.category[0]! },
      { creatorId: this.creator[0]! },
      { formats: this.formats.values.slice(0, 1) },
      { styles: this.styleNames.values.slice(0, 2) },
    ];
    for (let round = 0; round < 3; round++) {
      for (const text of texts) {
        for (const sort of SORTS) this.answer({ text, sort, facets: true, stats: round === 0 });
        this.answer({ text, namesOnly: true, limit: 5 });
        this.answer({ text: text.slice(0, 2), namesOnly: true, pageOnly: true, limit: 5 });
      }
      for (const text of texts.slice(0, 2)) {
        for (const filter of filters) this.answer({ ...filter, text, facets: true });
      }
      if (words[0]) this.didYouMean(`${words[0]}x`);
    }
    this.answers.clear();
  }

  /** Drops dead slots once they are a quarter of all: postings and columns shrink to the living. */
  compactIfWorthIt() {
    if (this.deadCount < 10_000 || this.deadCount * 4 < this.slotCount) return;
    this.compact();
  }

  compact() {
    this.changed();
    const newSlot = new Int32Array(this.slotCount).fill(-1);
    let next = 0;
    for (let slot = 0; slot < this.slotCount; slot++) if (this.alive[slot]) newSlot[slot] = next++;
    for (const postings of this.postings) {
      let kept = 0;
      for (let i = 0; i < postings.size; i++) {
        const slot = newSlot[postings.slots[i]!]!;
        if (slot === -1) continue;
        postings.slots[kept] = slot;
        postings.fields[kept] = postings.fields[i]!;
        postings.positions[kept++] = postings.positions[i]!;
      }
      postings.size = kept;
      let keptDescriptions = 0;
      for (let i = 0; i < postings.descriptionSize; i++) {
        const slot = newSlot[postings.descriptionSlots[i]!]!;
        if (slot !== -1) postings.descriptionSlots[keptDescriptions++] = slot;
      }
      postings.descriptionSize = keptDescriptions;
    }
    const columns = this.columnsByName();
    for (const name of COLUMNS) {
      const array = columns[name];
      for (let slot = 0; slot < this.slotCount; slot++) {
        const to = newSlot[slot]!;
        if (to !== -1) array[to] = array[slot]!;
      }
    }
    for (let slot = 0; slot < next; slot++) this.slotOfProduct[this.productOf[slot]!] = slot;
    this.slotCount = next;
    this.deadCount = 0;
  }

  // -------------------------------------------------------------------------------------------------
  // Writing

  private changed() {
    if (this.answers.size > 0) this.answers.clear();
    if (this.firsts.size > 0) this.firsts.clear();
    this.version++;
  }

  private slotOf(productId: number): number {
    return productId >= 0 && productId < this.slotOfProduct.length ? this.slotOfProduct[productId]! : -1;
  }

  private kill(slot: number) {
    this.alive[slot] = 0;
    this.deadCount++;
    this.slotOfProduct[this.productOf[slot]!] = -1;
  }

  private ensureSlots(length: number) {
    if (length <= this.alive.length) return;
    this.eachColumn((array) => column(array, length));
    this.candidateOf = column(this.candidateOf, length, -1);
  }

  /** Replaces each per-slot column (not the scratch candidateOf) with what `change` makes of it. */
  private eachColumn(change: <T extends Column>(array: T) => T) {
    const columns = this.columnsByName();
    for (const name of COLUMNS) columns[name] = change(columns[name]);
  }

  /** The per-slot columns, by their names in COLUMNS (they are this index's own fields). */
  private columnsByName(): Record<ColumnName, Column> {
    return this as unknown as Record<ColumnName, Column>;
  }

  private writeFigures(slot: number, product: IndexedProduct) {
    this.category[slot] = product.categoryId;
    this.creator[slot] = product.creatorId;
    this.price[slot] = product.priceCents;
    this.downloads[slot] = product.downloads;
    this.rating[slot] = product.rating;
    this.ratingAndDownloads[slot] =
      Math.round(product.rating * 10) * 2_147_483_648 + Math.min(product.downloads, 2_147_483_647);
    this.reviewCount[slot] = product.reviewCount;
    this.bestseller[slot] = product.isBestseller ? 1 : 0;
    this.publishedAt[slot] = product.publishedAt ?? Number.NEGATIVE_INFINITY;
    this.trending[slot] = product.trendingScore;
    this.flags[slot] =
      (product.isBestseller ? FLAGS.bestseller : 0) |
      (product.originalPriceCents !== null && product.originalPriceCents > product.priceCents ? FLAGS.sale : 0) |
      (product.trendingScore > 0 ? FLAGS.trending : 0);
    let styles = 0;
    for (const style of product.styles) {
      const number = this.styleNames.numberOf(style);
      // More than 32 styles would need a wider set; the shop has a fixed list of about ten.
      if (number < 32) styles |= 1 << number;
    }
    this.facetCell[slot] = this.cells.numberOf(product.categoryId, this.formats.numberOf(product.format), styles >>> 0);
  }

  private writeText(slot: number, text: IndexedText) {
    // Per word of this product: its fields' bits and its first position (title, then each tag).
    const names = new Map<number, { fields: number; position: number }>();
    const addName = (word: string, field: number, position: number) => {
      const term = this.termOf(word);
      const known = names.get(term);
      if (known) {
        known.fields |= field;
        if (position < known.position) known.position = position;
      } else names.set(term, { fields: field, position: Math.min(position, NO_POSITION) });
    };
    let position = 0;
    for (const { word, position: at } of fieldWords(text.title)) {
      addName(word, TITLE, at);
      position = at + 1;
    }
    for (const tag of text.tags.split("\n")) {
      position++; // a gap: the last word of one tag and the first of the next are not a phrase
      for (const { word, position: at } of fieldWords(tag, position)) {
        addName(word, TAGS, at);
        position = at + 1;
      }
    }
    for (const { word } of fieldWords(text.categoryName)) addName(word, CATEGORY, NO_POSITION);
    for (const { word } of fieldWords(text.creatorName)) addName(word, CREATOR, NO_POSITION);
    const described = new Set<number>();
    for (const { word } of fieldWords(text.description)) described.add(this.termOf(word));
    const bulk = this.bulk;
    if (bulk) {
      for (const [term, { fields, position: at }] of names) {
        bulk.names.push(term);
        bulk.names.push((fields << 8) | at);
        this.postings[term]!.size++;
      }
      for (const term of described) {
        bulk.descriptions.push(term);
        this.postings[term]!.descriptionSize++;
      }
      bulk.namesEnd.push(bulk.names.length);
      bulk.descriptionsEnd.push(bulk.descriptions.length);
      return;
    }
    for (const [term, { fields, position: at }] of names) this.postings[term]!.addName(slot, fields, at);
    for (const term of described) this.postings[term]!.addDescription(slot);
  }

  private termOf(word: string): number {
    const term = this.vocabulary.add(word);
    if (term === this.postings.length) this.postings.push(new Postings());
    return term;
  }

  private frequency(term: number): number {
    const postings = this.postings[term];
    return postings ? postings.size + postings.descriptionSize : 0;
  }

  // -------------------------------------------------------------------------------------------------
  // Matching

  /** The words a query word reaches, each with the quality of the match. */
  private expand(word: string, last: boolean): Expansion[] {
    if (this.expansionCacheSize !== this.vocabulary.size) {
      this.expansionCache.clear();
      this.expansionCacheSize = this.vocabulary.size;
    }
    const key = `${last ? "1" : "0"}${word}`;
    const cached = this.expansionCache.get(key);
    if (cached) return cached;
    const best = new Map<number, Expansion>();
    const offer = (term: number, quality: number, namesOnly = false) => {
      const known = best.get(term);
      if (!known) best.set(term, { term, quality, namesOnly });
      else if (quality > known.quality || (known.namesOnly && !namesOnly)) {
        best.set(term, {
          term,
          quality: Math.max(quality, known.quality),
          namesOnly: known.namesOnly && namesOnly,
        });
      }
    };
    const vocabulary = this.vocabulary;
    const terms = vocabulary.terms;
    const exact = vocabulary.idOf(word);
    if (exact !== undefined) offer(exact, MATCH_QUALITY.exact);
    for (const term of vocabulary.sameStem(word)) offer(term, MATCH_QUALITY.stem);
    for (const synonym of this.synonyms.get(word) ?? []) {
      const term = vocabulary.idOf(synonym);
      if (term !== undefined) offer(term, MATCH_QUALITY.synonym);
      for (const same of vocabulary.sameStem(synonym)) offer(same, MATCH_QUALITY.synonym * MATCH_QUALITY.stem);
    }
    // One or two letters begin a great many words: those count in the names only, as the spec's rule does.
    if (last) for (const term of vocabulary.withPrefix(word)) offer(term, MATCH_QUALITY.prefix, word.length < 3);
    const budget = typoBudget(word);
    if (budget > 0) {
      for (const { term, distance } of vocabulary.within(word, budget)) {
        if (distance === 0) continue;
        const quality = distance === 1 ? MATCH_QUALITY.typo1 : MATCH_QUALITY.typo2;
        offer(term, quality);
        // The word meant, in its other forms ("prnts" is "prints", so "print" too).
        for (const same of vocabulary.sameStem(terms[term]!)) offer(same, quality * MATCH_QUALITY.stem);
      }
    }
    // The spec's rule: a case-insensitive substring of the title, creator, category or a tag.
    for (let term = 0; term < terms.length; term++) {
      if (this.postings[term]!.size > 0 && terms[term]!.includes(word)) offer(term, MATCH_QUALITY.inside, true);
    }
    const expansions = [...best.values()].filter((expansion) => this.frequency(expansion.term) > 0);
    this.expansionCache.set(key, expansions);
    return expansions;
  }

  /** The living slots every word of `text` matches, with their relevance (all slots when no words). */
  private match(
    text: string,
    withoutDescriptions: boolean,
  ): { slots: Int32Array; scores: Float64Array; count: number; hasText: boolean } {
    const words = [...new Set(queryWords(text))].slice(0, MAX_QUERY_WORDS);
    if (words.length === 0) return { slots: new Int32Array(0), scores: new Float64Array(0), count: 0, hasText: false };
    const lastWord = queryWords(text).at(-1);
    const expansions = words.map((word) => this.expand(word, word === lastWord));
    const cost = expansions.map((list) =>
      list.reduce((sum, { term, namesOnly }) => {
        const postings = this.postings[term]!;
        return sum + postings.size + (namesOnly || withoutDescriptions ? 0 : postings.descriptionSize);
      }, 0),
    );
    if (cost.some((n) => n === 0))
      return { slots: new Int32Array(0), scores: new Float64Array(0), count: 0, hasText: true };
    // The rarest word first: only the products it finds are looked at for the others.
    const order = words.map((_, i) => i).sort((a, b) => cost[a]! - cost[b]!);
    const width = words.length;
    const capacity = Math.min(cost[order[0]!]!, this.documents);
    const scratch = this.scratch.reserve(capacity, width, this.documents);
    if (width === 1) {
      return cost[0]! > this.slotCount * 2
        ? this.matchOneWordBySlot(expansions[0]!, withoutDescriptions, scratch)
        : this.matchOneWord(expansions[0]!, withoutDescriptions, scratch);
    }
    // The rarest word gathers the candidates; each next word keeps those it is in too.
    let candidates = 0;
    for (let step = 0; step < width; step++) {
      const word = order[step]!;
      for (const expansion of expansions[word]!) {
        for (const run of this.runsOf(expansion, withoutDescriptions)) {
          if (step === 0) candidates = this.gather(scratch, candidates, width, word, run);
          else this.confirm(scratch, step, width, word, run);
        }
      }
      if (step > 0) candidates = this.keepConfirmed(scratch, candidates, step, width);
      if (candidates === 0) break;
    }
    const { candidateSlots, best, positions, slots, scores } = scratch;
    for (let c = 0; c < candidates; c++) {
      this.candidateOf[candidateSlots[c]!] = -1;
      let score = 0;
      let together = true;
      for (let w = 0; w < width; w++) {
        score += best[c * width + w]!;
        if (w > 0) {
          const before = positions[c * width + w - 1]!;
          if (before === NO_POSITION || positions[c * width + w] !== before + 1) together = false;
        }
      }
      slots[c] = candidateSlots[c]!;
      scores[c] = together ? score + PHRASE_BONUS : score;
    }
    return { slots, scores, count: candidates, hasText: true };
  }

  /** A word's postings as runs: its names (with fields and positions), and its description unless left out. */
  private runsOf({ term, quality, namesOnly }: Expansion, withoutDescriptions: boolean): PostingRun[] {
    const postings = this.postings[term]!;
    const { slots, fields, positions, size } = postings;
    const names: PostingRun = { slots, fields, positions, length: size, quality };
    if (namesOnly || withoutDescriptions) return [names];
    const { descriptionSlots, descriptionSize } = postings;
    return [names, { slots: descriptionSlots, fields: null, positions: null, length: descriptionSize, quality }];
  }

  /**
   * The first (rarest) word of a match: each living product of the run becomes a candidate, with its
   * best score and position for the word. Answers the candidates' count.
   */
  private gather(scratch: Scratch, candidates: number, width: number, word: number, run: PostingRun): number {
    const { slots: postingSlots, fields, positions: postingPositions, length, quality } = run;
    const { candidateOf, alive } = this;
    const { candidateSlots, best, positions, hits } = scratch;
    for (let i = 0; i < length; i++) {
      const slot = postingSlots[i]!;
      const score = fields === null ? quality * DESCRIPTION_WEIGHT : quality * FIELD_WEIGHT[fields[i]!]!;
      const position = postingPositions === null ? NO_POSITION : postingPositions[i]!;
      let c = candidateOf[slot]!;
      if (c === -1) {
        if (alive[slot] === 0) continue;
        c = candidates++;
        candidateOf[slot] = c;
        candidateSlots[c] = slot;
        hits[c] = 1;
        best[c * width + word] = score;
        positions[c * width + word] = position;
      } else if (score > best[c * width + word]!) {
        best[c * width + word] = score;
        if (position !== NO_POSITION) positions[c * width + word] = position;
      }
    }
    return candidates;
  }

  /** A next word of a match (its `step`): marks the candidates the run holds, with their best score and position. */
  private confirm(scratch: Scratch, step: number, width: number, word: number, run: PostingRun) {
    const { slots: postingSlots, fields, positions: postingPositions, length, quality } = run;
    const { candidateOf } = this;
    const { best, positions, hits } = scratch;
    for (let i = 0; i < length; i++) {
      const c = candidateOf[postingSlots[i]!]!;
      if (c === -1) continue;
      const score = fields === null ? quality * DESCRIPTION_WEIGHT : quality * FIELD_WEIGHT[fields[i]!]!;
      const position = postingPositions === null ? NO_POSITION : postingPositions[i]!;
      const at = c * width + word;
      const seen = hits[c]!;
      if (seen === step) {
        hits[c] = step + 1;
        best[at] = score;
        positions[at] = position;
      } else if (seen === step + 1 && score > best[at]!) {
        best[at] = score;
        if (position !== NO_POSITION) positions[at] = position;
      }
    }
  }

  /** Drops the candidates the step's word is not in (they need not be looked at again); answers how many are left. */
  private keepConfirmed(scratch: Scratch, candidates: number, step: number, width: number): number {
    const { candidateOf } = this;
    const { candidateSlots, best, positions, hits } = scratch;
    let kept = 0;
    for (let c = 0; c < candidates; c++) {
      const slot = candidateSlots[c]!;
      if (hits[c] !== step + 1) {
        candidateOf[slot] = -1;
        continue;
      }
      if (kept !== c) {
        candidateSlots[kept] = slot;
        candidateOf[slot] = kept;
        hits[kept] = step + 1;
        for (let w = 0; w < width; w++) {
          best[kept * width + w] = best[c * width + w]!;
          positions[kept * width + w] = positions[c * width + w]!;
        }
      }
      kept++;
    }
    return kept;
  }

  /**
   * matchOneWord() for a word whose words have many times more postings than there are products (one
   * or two letters are inside thousands of words): each posting keeps the best score in a score per
   * slot, read back in order, so the work is the postings and one pass over the slots.
   */
  private matchOneWordBySlot(
    expansions: readonly Expansion[],
    withoutDescriptions: boolean,
    scratch: Scratch,
  ): { slots: Int32Array; scores: Float64Array; count: number; hasText: boolean } {
    if (this.scoreBySlot.length < this.slotCount) {
      release(this.scoreBySlot);
      this.scoreBySlot = new Float32Array(this.alive.length);
    }
    const bySlot = this.scoreBySlot;
    for (const expansion of expansions) {
      for (const { slots: at, fields, length, quality } of this.runsOf(expansion, withoutDescriptions)) {
        for (let i = 0; i < length; i++) {
          const slot = at[i]!;
          const score = fields === null ? quality * DESCRIPTION_WEIGHT : quality * FIELD_WEIGHT[fields[i]!]!;
          if (score > bySlot[slot]!) bySlot[slot] = score;
        }
      }
    }
    // Every score is above 0 (a quality times a weight): 0 is "no match". All 0 again for the next search.
    const { slots, scores } = scratch;
    const alive = this.alive;
    let count = 0;
    for (let slot = 0; slot < this.slotCount; slot++) {
      const score = bySlot[slot]!;
      if (score === 0) continue;
      bySlot[slot] = 0;
      if (alive[slot] === 0) continue;
      slots[count] = slot;
      scores[count++] = score;
    }
    return { slots, scores, count, hasText: true };
  }

  /** match() for one word, the most common search: each product's best match, no phrase to look for. */
  private matchOneWord(
    expansions: readonly Expansion[],
    withoutDescriptions: boolean,
    scratch: Scratch,
  ): { slots: Int32Array; scores: Float64Array; count: number; hasText: boolean } {
    const { slots, scores } = scratch;
    const { candidateOf, alive } = this;
    let count = 0;
    for (const expansion of expansions) {
      for (const { slots: at, fields, length, quality } of this.runsOf(expansion, withoutDescriptions)) {
        for (let i = 0; i < length; i++) {
          const slot = at[i]!;
          const score = fields === null ? quality * DESCRIPTION_WEIGHT : quality * FIELD_WEIGHT[fields[i]!]!;
          const c = candidateOf[slot]!;
          if (c === -1) {
            if (alive[slot] === 0) continue;
            candidateOf[slot] = count;
            slots[count] = slot;
            scores[count++] = score;
          } else if (score > scores[c]!) scores[c] = score;
        }
      }
    }
    for (let c = 0; c < count; c++) candidateOf[slots[c]!] = -1;
    return { slots, scores, count, hasText: true };
  }

  // -------------------------------------------------------------------------------------------------
  // Filters, facets, sorts

  /** The filters as the search loop reads them: the slot filter, and which facet cells pass. */
  private filterOf(search: IndexSearch, now: number) {
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
    // The facet filters (category, format, style), per cell: 1 where the cell's products pass them all.
    const { category: cellCategory, format: cellFormat, styles: cellStyles, size } = this.cells;
    const passes = new Uint8Array(size);
    const facetFilters = this.facetFiltersOf(search);
    const { inCategory, inFormat, inStyle } = facetFilters;
    for (let cell = 0; cell < size; cell++) {
      passes[cell] =
        inCategory(cellCategory[cell]!) && inFormat(cellFormat[cell]!) && inStyle(cellStyles[cell]!) ? 1 : 0;
    }
    return { filter, facetFilters, passes };
  }

  /** Whether a slot passes the filter (each check is off when its filter is not set, the same for every slot). */
  private passesFilter(filter: SlotFilter, slot: number): boolean {
    if (filter.category !== -1 && this.category[slot] !== filter.category) return false;
    if (filter.creator !== -1 && this.creator[slot] !== filter.creator) return false;
    if (filter.priced) {
      const price = this.price[slot]!;
      if (price < filter.minPrice || price > filter.maxPrice) return false;
    }
    if ((this.flags[slot]! & filter.flags) !== filter.flags) return false;
    if (filter.fresh && !(this.publishedAt[slot]! > filter.publishedAfter)) return false;
    return true;
  }

  /** Whether a category, a format's number and a set of styles' bits pass the search's facet filters. */
  private facetFiltersOf(search: IndexFilters) {
    const categoryIds = search.categoryIds?.length ? new Set(search.categoryIds) : null;
    const formatBits = search.formats?.length ? this.bitsOf(this.formats, search.formats) : null;
    const styleBits = search.styles?.length ? this.bitsOf(this.styleNames, search.styles) : null;
    return {
      inCategory: (category: number) => categoryIds === null || categoryIds.has(category),
      inFormat: (format: number) => formatBits === null || ((formatBits >>> format) & 1) === 1,
      inStyle: (styles: number) => styleBits === null || (styles & styleBits) !== 0,
    };
  }

  /**
   * The total (matches that pass every filter) and the facet counts, from the matches per cell: a
   * category's count is of the matches that pass the format and style filters, and so on.
   */
  private countCells(
    cellHits: Int32Array,
    { inCategory, inFormat, inStyle }: ReturnType<SearchIndex["facetFiltersOf"]>,
  ): { total: number; facets: IndexFacets } {
    const categories: Record<number, number> = {};
    const formats = new Int32Array(32);
    const styles = new Int32Array(32);
    let total = 0;
    for (let cell = 0; cell < cellHits.length; cell++) {
      const hits = cellHits[cell]!;
      if (hits === 0) continue;
      const category = this.cells.category[cell]!;
      const format = this.cells.format[cell]!;
      const styleBits = this.cells.styles[cell]!;
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

  private bitsOf(dictionary: Dictionary, values: readonly string[]): number {
    let bits = 0;
    for (const value of values) {
      const number = dictionary.find(value);
      if (number !== undefined && number < 32) bits |= 1 << number;
    }
    return bits;
  }

  /** A sort: its first key (a column and a sign, or the relevance score), then keys for ties. */
  private sortOf(sort: Sort): SortOrder {
    const id = (slot: number) => -this.productOf[slot]!;
    const popular = (slot: number) => -this.downloads[slot]!;
    switch (sort) {
      case "relevance":
        return { column: null, sign: -1, ties: [(slot) => -this.rating[slot]!, popular, id] };
      case "popular":
        return { column: this.downloads, sign: -1, ties: [id] };
      case "newest":
        return { column: this.publishedAt, sign: -1, ties: [id] };
      case "price-low":
        return { column: this.price, sign: 1, ties: [popular, id] };
      case "price-high":
        return { column: this.price, sign: -1, ties: [popular, id] };
      case "rating":
        return { column: this.rating, sign: -1, ties: [(slot) => -this.reviewCount[slot]!, id] };
      case "bestselling":
        return { column: this.bestseller, sign: -1, ties: [popular, id] };
      case "trending":
        return { column: this.trending, sign: -1, ties: [popular, id] };
    }
  }
}

/** What a product is, as bits: trending now, a bestseller, on sale (below its original price). */
const FLAGS = { trending: 1, bestseller: 2, sale: 4 } as const;

/** Postings of one word to walk: its names' (with fields and positions), or its description's (weight DESCRIPTION_WEIGHT, no position). */
interface PostingRun {
  slots: Uint32Array;
  fields: Uint8Array | null;
  positions: Uint8Array | null;
  length: number;
  quality: number;
}

/** The filters of a search besides the facet ones (see passesFilter). */
interface SlotFilter {
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

interface SortOrder {
  /** The first key is `sign * column[slot]`; with no column, the relevance score and the rating, higher first. */
  column: Float64Array | null;
  sign: 1 | -1;
  /** Keys for ties, in turn (smaller first); the last is the product id, so no two slots tie. */
  ties: ((slot: number) => number)[];
}

/**
 * The first `size` slots in a sort's order, in a heap whose root is the last of them: the search loop
 * turns away a slot whose first key is above `worst` with one comparison.
 */
class TopK {
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
