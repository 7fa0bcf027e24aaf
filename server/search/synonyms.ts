import { asc, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { recordIdField } from "../../shared/record-id.ts";
import { isRowId } from "../admin/paging.ts";
import type { Database } from "../db/client.ts";
import { searchSynonyms } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { GROUP_WORDS, MAX_GROUP_TEXT, MAX_SYNONYM_GROUPS, MAX_WORD_LENGTH } from "./search-admin-rules.ts";

// Synonyms: groups of words a search treats as the same ("cv, resume"; "gray, grey"), kept by
// admins on the Search page. The search index reads them with listSynonymGroups, and reloads them
// when a trigger on the table notifies 'search_synonyms_changed' (migration 0021).

export interface SynonymGroup {
  id: number;
  words: string[];
}

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
 * The words of a group as an admin typed them ("CV, résumé"): separated by commas, each one word
 * of letters and digits. Answers them normalised, without repeats, sorted; a Refusal (400) that
 * says what to change otherwise.
 */
export function parseSynonymGroup(text: string): string[] {
  if (text.length > MAX_GROUP_TEXT) {
    throw new Refusal(`Please keep a group under ${MAX_GROUP_TEXT} characters.`, 400);
  }
  const parts = text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (parts.length === 0) throw new Refusal("Type the words that mean the same, separated by commas.", 400);
  const words = new Set<string>();
  for (const part of parts) {
    if (/\s/.test(part)) {
      throw new Refusal(`${quoted(part)} is more than one word: separate the words with commas.`, 400);
    }
    const word = normaliseSynonymWord(part);
    if (!/^[\p{L}\p{N}]+$/u.test(word)) {
      throw new Refusal(`${quoted(part)} must be a single word of letters and digits only.`, 400);
    }
    if ([...word].length > MAX_WORD_LENGTH) {
      throw new Refusal(`${quoted(part)} is too long: a word has at most ${MAX_WORD_LENGTH} characters.`, 400);
    }
    words.add(word);
  }
  if (words.size < GROUP_WORDS.min) {
    throw new Refusal(`A group needs at least ${GROUP_WORDS.min} different words.`, 400);
  }
  if (words.size > GROUP_WORDS.max) {
    throw new Refusal(`A group has at most ${GROUP_WORDS.max} words; this one has ${words.size}.`, 400);
  }
  return [...words].sort();
}

/** Every group's words, oldest group first: what the search index applies. */
export async function listSynonymGroups(db: Database): Promise<string[][]> {
  return (await listSynonymGroupRows(db)).map((group) => group.words);
}

/** Every group with its id, oldest first (the admin page removes them by id). */
export async function listSynonymGroupRows(db: Database): Promise<SynonymGroup[]> {
  return db
    .select({ id: searchSynonyms.id, words: searchSynonyms.words })
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.id));
}

/** Adds the group `text` names (see parseSynonymGroup); refused when it exists or the shop has MAX_SYNONYM_GROUPS. */
export async function addSynonymGroup(db: Database, text: string): Promise<SynonymGroup> {
  const words = parseSynonymGroup(text);
  return db.transaction(async (tx) => {
    // Two admins adding the 500th group at once: one counts after the other has added.
    await tx.execute(sql`LOCK TABLE ${searchSynonyms} IN SHARE ROW EXCLUSIVE MODE`);
    const [{ groups } = { groups: 0 }] = await tx.select({ groups: count() }).from(searchSynonyms);
    if (groups >= MAX_SYNONYM_GROUPS) {
      throw new Refusal(
        `There are already ${MAX_SYNONYM_GROUPS} synonym groups, the most the shop keeps. Remove one first.`,
        409,
      );
    }
    const [added] = await tx
      .insert(searchSynonyms)
      .values({ words })
      .onConflictDoNothing()
      .returning({ id: searchSynonyms.id, words: searchSynonyms.words });
    if (!added) throw new Refusal(`This group already exists: ${words.join(", ")}.`, 409);
    return added;
  });
}

/** Removes one group; answers its words. */
export async function removeSynonymGroup(db: Database, id: number): Promise<string[]> {
  const [removed] = isRowId(id)
    ? await db.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning({ words: searchSynonyms.words })
    : [];
  if (!removed) throw new Refusal("This synonym group was already removed.", 404);
  return removed.words;
}

/** The Search page's synonym forms: add a group from its words, or remove one. */
export const synonymFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add-synonyms"),
    words: z.string({ error: "Type the words that mean the same, separated by commas." }),
  }),
  z.object({ intent: z.literal("remove-synonyms"), groupId: recordIdField("Choose the group to remove.") }),
]);
