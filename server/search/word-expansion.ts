import { LRUCache } from "lru-cache";
import type { TermPostings } from "./postings.ts";
import type { Vocabulary } from "./vocabulary.ts";
import { queryWords, typoBudget } from "./words.ts";

// The words of the index's vocabulary (server/search/vocabulary.ts) a query word reaches, each with
// the quality of the match (docs/decisions/019-search-index-in-memory.md):
//   the word itself 1, a word of the same stem 0.9, a synonym 0.9, the last word as the beginning of a
//   word 0.8, a word within the typo budget 0.6 (one edit) or 0.45 (two), and the substring rule of
//   docs/decisions/010-search-and-sorts.md: the word inside a word of the title, tags, category or
//   creator 0.3.

const MATCH_QUALITY = {
  exact: 1,
  stem: 0.9,
  synonym: 0.9,
  prefix: 0.8,
  typo1: 0.6,
  typo2: 0.45,
  inside: 0.3,
} as const;

/** A word a query word reaches. */
export interface Expansion {
  term: number;
  quality: number;
  /** The word is only inside this term (the substring rule): names only, never the description. */
  namesOnly: boolean;
}

export class WordExpansion {
  private synonyms = new Map<string, string[]>();
  private readonly cache = new LRUCache<string, Expansion[]>({ max: 5_000 });
  /** The vocabulary's size when the cache was last emptied: a new word may be reached by a known query word. */
  private cacheSize = -1;
  private readonly vocabulary: Vocabulary;
  private readonly postings: TermPostings;

  constructor(vocabulary: Vocabulary, postings: TermPostings) {
    this.vocabulary = vocabulary;
    this.postings = postings;
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
    this.cache.clear();
  }

  /** The words a query word reaches (`last`: the query's last word, which may be still being typed), with their quality. */
  expand(word: string, last: boolean): Expansion[] {
    if (this.cacheSize !== this.vocabulary.size) {
      this.cache.clear();
      this.cacheSize = this.vocabulary.size;
    }
    const key = `${last ? "1" : "0"}${word}`;
    const cached = this.cache.get(key);
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
    // One or two letters begin a great many words: those count in the names only, as the substring rule does.
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
    // The substring rule: a case-insensitive substring of the title, creator, category or a tag.
    const lists = this.postings.lists;
    for (let term = 0; term < terms.length; term++) {
      if (lists[term]!.size > 0 && terms[term]!.includes(word)) offer(term, MATCH_QUALITY.inside, true);
    }
    const expansions = [...best.values()].filter((expansion) => this.postings.frequency(expansion.term) > 0);
    this.cache.set(key, expansions);
    return expansions;
  }
}
