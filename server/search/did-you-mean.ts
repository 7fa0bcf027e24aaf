import { MAX_QUERY_WORDS } from "./query-plan.ts";
import type { Vocabulary } from "./vocabulary.ts";
import { queryWords } from "./words.ts";

// "Did you mean" for a query the search index (server/search/search-index.ts) finds nothing for: the
// nearest query that finds something, from the catalogue's own words.

interface Catalogue {
  vocabulary: Vocabulary;
  /** How many products have the word (TermPostings frequency, server/search/postings.ts). */
  frequency: (term: number) => number;
  /** Whether a query finds any product (under the search's filters). */
  finds: (query: string) => boolean;
}

/**
 * The nearest query that finds something, made of the query's own words where they find something
 * and the catalogue's closest words (fewest edits, then the most used) where they do not; failing
 * that, the words that find something on their own. Null when there is none.
 */
export function nearestFindingQuery(text: string, { vocabulary, frequency, finds }: Catalogue): string | null {
  const words = queryWords(text).slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return null;
  const alone = words.map((word) => finds(word));
  // Each word's choices: itself when the catalogue has it, else its closest words.
  const options = words.map((word, i) => {
    const close = vocabulary
      .within(word, Math.min(3, Math.max(1, Math.floor(word.length / 3))))
      .filter(({ term }) => vocabulary.terms[term] !== word && frequency(term) > 0)
      .sort((a, b) => a.distance - b.distance || frequency(b.term) - frequency(a.term))
      .slice(0, 3)
      .map(({ term, distance }) => ({ word: vocabulary.terms[term]!, cost: distance }));
    const known = vocabulary.idOf(word) !== undefined && alone[i];
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
