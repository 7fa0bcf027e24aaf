import type { Database } from "../db/client.ts";
import { normaliseQuery, searchProducts } from "./product-search.ts";
import { Vocabulary } from "./vocabulary.ts";
import { queryWords, typoBudget } from "./words.ts";

/** The fixed phrases the header search suggests from (14 of them, up to 5 shown). */
export const SUGGESTED_PHRASES = [
  "digital planner",
  "budget planner",
  "wedding planner",
  "habit tracker",
  "meal planner",
  "wall art prints",
  "minimalist wall art",
  "botanical prints",
  "social media templates",
  "instagram templates",
  "resume template",
  "online course",
  "e-book",
  "printable calendar",
] as const;

const MAX_SUGGESTIONS = 5;
const MAX_LIVE_RESULTS = 5;
/** Suggestions open only when the text is longer than this. */
const MIN_SUGGEST_LENGTH = 2;

interface LiveResult {
  id: number;
  title: string;
  creatorName: string;
  priceCents: number;
}

export interface Suggestions {
  phrases: string[];
  products: LiveResult[];
}

/** What the header search offers for `text`: matching phrases and the most relevant products. */
export async function suggest(db: Database, text: string): Promise<Suggestions> {
  const query = normaliseQuery(text);
  if (query.length < MIN_SUGGEST_LENGTH) return { phrases: [], products: [] };
  return findSuggestions(db, query);
}

// The phrases' words, for typing mistakes in what is typed ("weding" is "wedding").
const phraseWords = new Vocabulary();
for (const phrase of SUGGESTED_PHRASES) for (const word of queryWords(phrase)) phraseWords.add(word);

/**
 * A phrase that holds the text (the storefront's rule), or has every typed word in any order: inside one
 * of its words, or within the word's typo budget of one ("templates social", "weding planer").
 */
function phraseMatches(phrase: string, query: string): boolean {
  if (phrase.includes(query)) return true;
  const words = queryWords(query);
  const own = queryWords(phrase);
  return (
    words.length > 0 &&
    words.every(
      (word) =>
        own.some((phraseWord) => phraseWord.includes(word)) ||
        phraseWords.within(word, typoBudget(word)).some(({ term }) => own.includes(phraseWords.terms[term]!)),
    )
  );
}

async function findSuggestions(db: Database, query: string): Promise<Suggestions> {
  const phrases = SUGGESTED_PHRASES.filter((phrase) => phraseMatches(phrase, query)).slice(0, MAX_SUGGESTIONS);
  const { products } = await searchProducts(db, {
    query,
    sort: "relevance",
    limit: MAX_LIVE_RESULTS,
    namesOnly: true,
    pageOnly: true,
  });
  return {
    phrases,
    products: products.map(({ id, title, creatorName, priceCents }) => ({ id, title, creatorName, priceCents })),
  };
}
