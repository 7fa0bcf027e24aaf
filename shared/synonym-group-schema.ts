import { z } from "zod";
import { recordIdField } from "./record-id.ts";
import { GROUP_WORDS, MAX_GROUP_TEXT, MAX_WORD_LENGTH } from "./search-admin-rules.ts";

// A synonym group as an admin types it on the Search page ("CV, résumé"), checked the same way in
// the browser as it is typed and by the server before it is stored (server/search/synonyms.ts).

const NO_WORDS = "Type the words that mean the same, separated by commas.";

/** A word as synonyms keep it: lowercase, accents removed ("Résumé" is "resume"). */
export function normaliseSynonymWord(word: string): string {
  return word
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .normalize("NFC");
}

const quoted = (word: string) => `"${word.length > MAX_WORD_LENGTH ? `${word.slice(0, MAX_WORD_LENGTH)}…` : word}"`;

/**
 * The words of `text`, separated by commas, each one word of letters and digits: normalised,
 * without repeats, sorted. Otherwise the message that says what to change.
 */
export function synonymGroupWords(text: string): string[] | string {
  if (text.length > MAX_GROUP_TEXT) return `Please keep a group under ${MAX_GROUP_TEXT} characters.`;
  const parts = text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (parts.length === 0) return NO_WORDS;
  const words = new Set<string>();
  for (const part of parts) {
    if (/\s/.test(part)) return `${quoted(part)} is more than one word: separate the words with commas.`;
    const word = normaliseSynonymWord(part);
    if (!/^[\p{L}\p{N}]+$/u.test(word)) return `${quoted(part)} must be a single word of letters and digits only.`;
    if ([...word].length > MAX_WORD_LENGTH) {
      return `${quoted(part)} is too long: a word has at most ${MAX_WORD_LENGTH} characters.`;
    }
    words.add(word);
  }
  if (words.size < GROUP_WORDS.min) return `A group needs at least ${GROUP_WORDS.min} different words.`;
  if (words.size > GROUP_WORDS.max) return `A group has at most ${GROUP_WORDS.max} words; this one has ${words.size}.`;
  return [...words].sort();
}

/** The group's words field: the text as typed, its problem as the field's error. */
const synonymWordsField = z.string({ error: NO_WORDS }).superRefine((text, context) => {
  const words = synonymGroupWords(text);
  if (typeof words === "string") context.addIssue({ code: "custom", message: words });
});

/** The Search page's forms, each named by its submit button's `intent`. */
export const synonymIntentSchema = z.object({ intent: z.enum(["add-synonyms", "remove-synonyms"]) });

/** Add a group from its words. */
export const addSynonymsSchema = z.object({ words: synonymWordsField });

/** Remove a group. */
export const removeSynonymsSchema = z.object({ groupId: recordIdField("Choose the group to remove.") });
