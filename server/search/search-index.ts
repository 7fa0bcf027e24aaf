import { LRUCache } from "lru-cache";
import { nearestFindingQuery } from "./did-you-mean.ts";
import { FacetCells } from "./facets.ts";
import type { IndexAnswer, IndexedProduct, IndexedText, IndexFilters, IndexSearch } from "./index-types.ts";
import { SORTS } from "./listing-query.ts";
import { TermPostings, TITLE } from "./postings.ts";
import { ProductSlots } from "./product-slots.ts";
import { answerSort, QueryPlanner, quickPageWord } from "./query-plan.ts";
import { FIELD_WEIGHT, relevanceKey, someWordsOrder, sortOrderOf, TopK } from "./ranking.ts";
import { DAY_MS, passesFilter, slotFilterOf } from "./slot-filter.ts";
import { TextMatcher } from "./text-match.ts";
import { Vocabulary } from "./vocabulary.ts";
import { WordExpansion } from "./word-expansion.ts";

export type { IndexAnswer, IndexedProduct, IndexedText, IndexFilters, IndexSearch } from "./index-types.ts";
export { NEW_ARRIVAL_DAYS } from "./slot-filter.ts";

// The shop's search: every published product's words and figures in this process's memory, in typed
// arrays, so that a search, its exact facet counts and its sort take a pass over the matching
// products' numbers, not a database round trip per match. Each app server keeps its own, fed from
// product_search (server/search/index-sync.ts). See docs/decisions/019-search-index-in-memory.md.
//
// Every word of the query must match, in any order, in any field; where no product has them all, a
// search that asks for it gets the products that have some, those with the most words first. The
// index is this class and its parts, each in a file of its own:
//   words and their forms           server/search/words.ts, server/search/vocabulary.ts
//   what a query word reaches       server/search/word-expansion.ts (the match qualities)
//   each word's products            server/search/postings.ts
//   each product's figures          server/search/product-slots.ts, filtered by server/search/slot-filter.ts
//   facet counts                    server/search/facets.ts
//   the order of a search's work    server/search/query-plan.ts
//   matching a text                 server/search/text-match.ts
//   scores, sorts, the first k      server/search/ranking.ts
//   "Did you mean"                  server/search/did-you-mean.ts
// This class keeps them in step as products change, and makes a search's answer in one pass over
// its matches (answer()).

export class SearchIndex {
  readonly vocabulary = new Vocabulary();
  private readonly postings = new TermPostings(this.vocabulary);
  private readonly expansion = new WordExpansion(this.vocabulary, this.postings);
  private readonly planner = new QueryPlanner(this.expansion, this.postings);
  private readonly cells = new FacetCells();
  private readonly slots = new ProductSlots();
  private readonly matcher = new TextMatcher(this.slots, this.postings);
  /** Bumped by every change: answers remembered under an older version are not used again. */
  private version = 0;
  // Answers change with the date too (New Arrivals, "new this week"): a minute at most.
  private readonly answers = new LRUCache<string, IndexAnswer>({ max: 1_000, ttl: 60_000 });
  // Each word's first few products (the header's live results), until anything changes.
  private readonly firsts = new LRUCache<string, number[]>({ max: 5_000 });

  /** Products in the index. */
  get documents(): number {
    return this.slots.living;
  }

  /** An estimate of the memory the index holds, in bytes. */
  get bytes(): number {
    return this.vocabulary.bytes + this.postings.bytes + this.slots.bytes + this.matcher.bytes;
  }

  has(productId: number): boolean {
    return this.slots.slotOf(productId) !== -1;
  }

  /** Groups of words that mean the same ("cv", "resume"): a query word matches the others too. */
  setSynonyms(groups: readonly (readonly string[])[]) {
    this.expansion.setSynonyms(groups);
    this.changed();
  }

  /** Adds a product, or replaces what the index holds for it (its text, when given, or its figures). */
  put(product: IndexedProduct, text?: IndexedText) {
    this.changed();
    const current = this.slots.slotOf(product.productId);
    if (current !== -1 && !text) {
      this.writeFigures(current, product);
      return;
    }
    if (!text) throw new Error(`The search index has no text for product ${product.productId}`);
    if (current !== -1) this.slots.kill(current);
    const slot = this.slots.add(product.productId);
    this.matcher.fitSlots(this.slots.capacity);
    this.writeFigures(slot, product);
    this.postings.addText(slot, text);
  }

  /** Takes a product out (unpublished, hidden or deleted). */
  remove(productId: number) {
    this.changed();
    const slot = this.slots.slotOf(productId);
    if (slot !== -1) this.slots.kill(slot);
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
    const slots = this.slots;
    const quick = this.quickPage(search);
    if (quick) return { productIds: quick.map((slot) => slots.productOf[slot]!), total: quick.length };
    const now = search.now ?? Date.now();
    const plan = this.planner.planText(search.text ?? "", search.namesOnly === true);
    const all = this.matcher.matchAll(plan);
    const some =
      search.fallBackToSomeWords && all.hasText && all.count === 0 ? this.matcher.matchSomeWords(plan) : null;
    const { slots: matches, scores, count, hasText } = some ?? all;
    const wanted = Math.max(0, (search.offset ?? 0) + (search.limit ?? 24));
    const order = sortOrderOf(answerSort(search.sort, hasText), slots);
    // The first sort key of a slot is `sign * column[slot]`, or the relevance score (smaller first).
    const { column, sign } = order;
    // Products that match some words only: the most words first, then the search's own order.
    const wordsMatched = some?.wordsMatched ?? null;
    const top = new TopK(wanted, some ? someWordsOrder(order, some, slots.ratingAndDownloads) : order);
    const filter = slotFilterOf(search, now);
    const facetFilters = this.cells.filtersOf(search);
    const passes = this.cells.passing(facetFilters);
    const withStats = search.stats === true;
    const { alive, facetCell, rating, publishedAt, ratingAndDownloads } = slots;
    // Matches per facet cell (under every filter but the category, format and style ones).
    const cellHits = new Int32Array(this.cells.size);
    let downloads = 0;
    let ratings = 0;
    let newThisWeek = 0;
    const weekAgo = now - 7 * DAY_MS;
    // Without text every living slot matches: the loop walks the slots themselves.
    const end = hasText ? count : slots.count;
    for (let i = 0; i < end; i++) {
      const slot = hasText ? matches[i]! : i;
      if (alive[slot] === 0) continue;
      if (filter.any && !passesFilter(filter, slots, slot)) continue;
      const cell = facetCell[slot]!;
      cellHits[cell]!++;
      if (passes[cell] === 0) continue;
      if (withStats) {
        downloads += slots.downloads[slot]!;
        ratings += rating[slot]!;
        if (publishedAt[slot]! > weekAgo) newThisWeek++;
      }
      const key =
        wordsMatched !== null
          ? -wordsMatched[i]!
          : column === null
            ? relevanceKey(scores[i]!, ratingAndDownloads[slot]!)
            : sign * column[slot]!;
      if (key <= top.worst) top.offer(slot, key);
    }
    const { total, facets } = this.cells.count(cellHits, facetFilters);
    this.matcher.freeLargeScratch();
    const offset = search.offset ?? 0;
    return {
      productIds: top
        .sorted()
        .slice(offset)
        .map((slot) => slots.productOf[slot]!),
      total,
      facets: search.facets ? facets : undefined,
      stats: withStats
        ? { products: total, downloads, averageRating: total ? ratings / total : 0, newThisWeek }
        : undefined,
      ...(some ? { someWordsOnly: true } : {}),
    };
  }

  /** For a query that finds nothing: the nearest query that finds something (server/search/did-you-mean.ts). */
  didYouMean(text: string, filters: IndexFilters = {}): string | null {
    return nearestFindingQuery(text, {
      vocabulary: this.vocabulary,
      frequency: (term) => this.postings.frequency(term),
      finds: (query) => this.search({ ...filters, text: query, limit: 0 }).total > 0,
    });
  }

  /**
   * Loads many products into an empty index: their postings are laid out in each word's list at its
   * exact size by endBulk() (TermPostings beginBulk, server/search/postings.ts).
   */
  beginBulk() {
    if (this.slots.count > 0) throw new Error("A bulk load starts from an empty search index");
    this.postings.beginBulk();
  }

  endBulk() {
    if (!this.postings.loadingInBulk) return;
    this.postings.endBulk(this.slots.count);
    this.slots.trim();
    this.matcher.fitSlots(this.slots.capacity);
  }

  /**
   * The header's live results for one typed word (names only, no filters, the first few by
   * relevance), without the pass over every match: the first `limit` products of each word the typed
   * word reaches, by field, rating and downloads, hold the first `limit` of all. (A product among the
   * first of all is first for its best word: were `limit` products before it there, they would all
   * come before it overall.) Null when the search is not of that kind.
   */
  private quickPage(search: IndexSearch): number[] | null {
    const word = quickPageWord(search);
    if (word === null) return null;
    const limit = search.limit ?? 24;
    const scores = new Map<number, number>();
    const expansions = [...this.expansion.expand(word, true)].sort((a, b) => b.quality - a.quality);
    for (const { term, quality } of expansions) {
      // No word of this quality or lower can reach the first `limit` any more: their best (a title
      // match) scores below the `limit`-th score so far.
      if (
        scores.size >= limit &&
        [...scores.values()].sort((a, b) => b - a)[limit - 1]! > quality * FIELD_WEIGHT[TITLE]!
      ) {
        break;
      }
      const postings = this.postings.lists[term]!;
      for (const at of this.firstOfTerm(term, limit)) {
        const slot = postings.slots[at]!;
        const score = quality * FIELD_WEIGHT[postings.fields[at]!]!;
        if (score > (scores.get(slot) ?? 0)) scores.set(slot, score);
      }
    }
    const top = new TopK(limit, sortOrderOf("relevance", this.slots));
    const { ratingAndDownloads } = this.slots;
    for (const [slot, score] of scores) top.offer(slot, relevanceKey(score, ratingAndDownloads[slot]!));
    return top.sorted();
  }

  /** The places in a word's name postings of its first `count` living products by field, rating, downloads. */
  private firstOfTerm(term: number, count: number): number[] {
    const key = `${this.version}:${term}:${count}`;
    const known = this.firsts.get(key);
    if (known) return known;
    const postings = this.postings.lists[term]!;
    const slots = this.slots;
    const top = new TopK(count, {
      column: null,
      sign: -1,
      ties: [(at) => -slots.productOf[postings.slots[at]!]!],
    });
    const { alive, ratingAndDownloads } = slots;
    for (let at = 0; at < postings.size; at++) {
      const slot = postings.slots[at]!;
      if (alive[slot] === 0) continue;
      const key = relevanceKey(FIELD_WEIGHT[postings.fields[at]!]!, ratingAndDownloads[slot]!);
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
    const { postings } = this;
    const common = [...postings.lists.keys()].sort((a, b) => postings.frequency(b) - postings.frequency(a)).slice(0, 3);
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
      { categoryIds: [this.slots.category[0]!] },
      { categoryScope: this.slots.category[0]! },
      { creatorId: this.slots.creator[0]! },
      { formats: this.cells.formats.values.slice(0, 1) },
      { styles: this.cells.styleNames.values.slice(0, 2) },
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
    if (this.slots.dead < 10_000 || this.slots.dead * 4 < this.slots.count) return;
    this.compact();
  }

  compact() {
    this.changed();
    this.postings.renumberSlots(this.slots.compact());
  }

  private changed() {
    if (this.answers.size > 0) this.answers.clear();
    if (this.firsts.size > 0) this.firsts.clear();
    this.version++;
  }

  private writeFigures(slot: number, product: IndexedProduct) {
    this.slots.writeFigures(slot, product, this.cells.cellOf(product.categoryId, product.format, product.styles));
  }
}
