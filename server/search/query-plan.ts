import type { IndexSearch } from "./index-types.ts";
import type { Sort } from "./listing-query.ts";
import type { TermPostings } from "./postings.ts";
import type { Expansion, WordExpansion } from "./word-expansion.ts";
import { queryWords } from "./words.ts";

// How the search index (server/search/search-index.ts) goes about a search before it looks at a
// product: whether the header's quick way answers it, which words of its text are matched, what each
// reaches and costs, in which order they are walked and how, and the sort of its answer
// (docs/decisions/019-search-index-in-memory.md).

/** Words of a query beyond this many are not matched (a pasted paragraph is not a search). */
export const MAX_QUERY_WORDS = 10;

/** A text's words as matching walks them (server/search/text-match.ts). */
export interface TextPlan {
  /** Match the names only (IndexSearch namesOnly): the descriptions' postings are not walked. */
  withoutDescriptions: boolean;
  /** Per word of the text (in its order, each once, MAX_QUERY_WORDS at most): the words it reaches. */
  expansions: Expansion[][];
  /** Per word: how many postings matching it walks. */
  costs: number[];
  /**
   * The words' indexes in the order a match of every word walks them: the rarest first, so that only
   * the products it finds are looked at for the others. Null when a word finds nothing (then no
   * product has every word).
   */
  order: number[] | null;
}

export class QueryPlanner {
  private readonly expansion: WordExpansion;
  private readonly postings: TermPostings;

  constructor(expansion: WordExpansion, postings: TermPostings) {
    this.expansion = expansion;
    this.postings = postings;
  }

  /** The plan of a search's text (no words: no expansions). */
  planText(text: string, withoutDescriptions: boolean): TextPlan {
    const words = [...new Set(queryWords(text))].slice(0, MAX_QUERY_WORDS);
    if (words.length === 0) return { withoutDescriptions, expansions: [], costs: [], order: [] };
    // The last word may be still being typed: it reaches the words it begins too.
    const lastWord = queryWords(text).at(-1);
    const expansions = words.map((word) => this.expansion.expand(word, word === lastWord));
    const lists = this.postings.lists;
    const costs = expansions.map((list) =>
      list.reduce((sum, { term, namesOnly }) => {
        const postings = lists[term]!;
        return sum + postings.size + (namesOnly || withoutDescriptions ? 0 : postings.descriptionSize);
      }, 0),
    );
    const order = costs.some((n) => n === 0) ? null : words.map((_, i) => i).sort((a, b) => costs[a]! - costs[b]!);
    return { withoutDescriptions, expansions, costs, order };
  }
}

/**
 * Whether one word is matched with a score per slot rather than a list of candidates: its postings
 * are many times the slots (one or two letters are inside thousands of words).
 */
export function matchesBySlot(cost: number, slotCount: number): boolean {
  return cost > slotCount * 2;
}

/**
 * The one word of a search the header's quick way answers (SearchIndex quickPage: names only, no
 * filters, the first few by relevance, the page only), or null when the search is not of that kind.
 */
export function quickPageWord(search: IndexSearch): string | null {
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
  return words[0]!;
}

/** The sort of a search's answer: its own, but relevance only with text; by default relevance with text, else popular. */
export function answerSort(sort: Sort | undefined, hasText: boolean): Sort {
  return sort === "relevance" && !hasText ? "popular" : (sort ?? (hasText ? "relevance" : "popular"));
}
