import { LRUCache } from "lru-cache";
import type { Database } from "../db/client.ts";
import { normaliseQuery, searchProducts } from "./product-search.ts";

/** The fixed phrases the header search suggests from (SPEC section 9: 14 of them, up to 5 shown). */
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

export const MAX_SUGGESTIONS = 5;
export const MAX_LIVE_RESULTS = 5;
/** Suggestions open only when the text is longer than this (SPEC section 5). */
export const MIN_SUGGEST_LENGTH = 2;

export interface LiveResult {
  id: number;
  title: string;
  creatorName: string;
  priceCents: number;
}

export interface Suggestions {
  phrases: string[];
  products: LiveResult[];
}

// Many shoppers type the same first letters: the same text within a minute gets the same answer.
const caches = new WeakMap<Database, LRUCache<string, Suggestions>>();

/** What the header search offers for `text`: matching phrases and the most relevant products. */
export async function suggest(db: Database, text: string): Promise<Suggestions> {
  const query = normaliseQuery(text);
  if (query.length < MIN_SUGGEST_LENGTH) return { phrases: [], products: [] };
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, Suggestions>({
      max: 2_000,
      ttl: 60_000,
      fetchMethod: (key) => findSuggestions(db, key),
    });
    caches.set(db, cache);
  }
  return (await cache.fetch(query))!;
}

async function findSuggestions(db: Database, query: string): Promise<Suggestions> {
  const phrases = SUGGESTED_PHRASES.filter((phrase) => phrase.includes(query)).slice(0, MAX_SUGGESTIONS);
  const { products } = await searchProducts(db, { query, sort: "relevance", limit: MAX_LIVE_RESULTS });
  return {
    phrases,
    products: products.map(({ id, title, creatorName, priceCents }) => ({ id, title, creatorName, priceCents })),
  };
}
