import { stemmer } from "stemmer";

// How text becomes the words the search index matches: the same for a product's fields and for
// a shopper's query, so that whatever a shopper types is compared like with like.

/** Lowercase, without accents (é is e), ligatures and full-width forms folded (NFKD). */
function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

// An apostrophe inside a word joins it ("kid's" is "kids"); every other character that is not a
// letter or a digit separates words.
const APOSTROPHES = /(?<=[\p{L}\p{N}])['’‘`](?=[\p{L}\p{N}])/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/u;
const SPACES = /\s+/u;

/** Longest word kept; longer runs (a pasted hash, say) are cut here. */
const MAX_WORD_LENGTH = 40;

export interface TextWord {
  word: string;
  /** Its place in the text, counting words; a compound's joined form takes its first part's place. */
  position: number;
}

/**
 * The words of a product's field. A compound written with hyphens or dots ("e-book", "u.s.") gives
 * its parts and also the parts joined ("ebook"), so that either way of writing it finds it.
 */
export function fieldWords(text: string, start = 0): TextWord[] {
  const words: TextWord[] = [];
  let position = start;
  for (const chunk of foldText(text).replace(APOSTROPHES, "").split(SPACES)) {
    const parts = chunk.split(NOT_WORD).filter(Boolean);
    if (parts.length === 0) continue;
    const first = position;
    for (const part of parts) words.push({ word: part.slice(0, MAX_WORD_LENGTH), position: position++ });
    if (parts.length > 1) words.push({ word: parts.join("").slice(0, MAX_WORD_LENGTH), position: first });
  }
  return words;
}

/**
 * The words of a query, in order: each space-separated piece is one word, its compound parts joined
 * ("e-book" is "ebook", which the products' joined forms match).
 */
export function queryWords(query: string): string[] {
  return foldText(query)
    .replace(APOSTROPHES, "")
    .split(SPACES)
    .map((chunk) => chunk.split(NOT_WORD).join("").slice(0, MAX_WORD_LENGTH))
    .filter(Boolean);
}

/** The stem of a word (Porter): "teachers" and "teacher" share one, as do "invoices" and "invoice". */
export function stemOf(word: string): string {
  return /^\p{N}+$/u.test(word) ? word : stemmer(word);
}

/**
 * How many typing mistakes a word may hold and still match, as shoppers know from search engines:
 * none below 5 letters, one from 5, two from 9. Numbers must be exact.
 */
export function typoBudget(word: string): 0 | 1 | 2 {
  if (/\p{N}/u.test(word)) return 0;
  const length = [...word].length;
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}
