import { asc, count, eq, sql } from "drizzle-orm";
import { MAX_SYNONYM_GROUPS } from "../../shared/search-admin-rules.ts";
import { synonymGroupWords } from "../../shared/synonym-group-schema.ts";
import { isRowId } from "../admin/paging.ts";
import type { Database } from "../db/client.ts";
import { searchSynonyms } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";

// Synonyms: groups of words a search treats as the same ("cv, resume"; "gray, grey"), kept by
// admins on the Search page. The search index reads them with listSynonymGroups, and reloads them
// when a trigger on the table notifies 'search_synonyms_changed' (migration 0021).

export interface SynonymGroup {
  id: number;
  words: string[];
}

/**
 * The words of a group as an admin typed them ("CV, résumé"), normalised, without repeats, sorted
 * (shared/synonym-group-schema.ts); a Refusal (400) that says what to change otherwise.
 */
export function parseSynonymGroup(text: string): string[] {
  const words = synonymGroupWords(text);
  if (typeof words === "string") throw new Refusal(words, "invalid");
  return words;
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
        "conflict",
      );
    }
    const [added] = await tx
      .insert(searchSynonyms)
      .values({ words })
      .onConflictDoNothing()
      .returning({ id: searchSynonyms.id, words: searchSynonyms.words });
    if (!added) throw new Refusal(`This group already exists: ${words.join(", ")}.`, "conflict");
    return added;
  });
}

/** Removes one group; answers its words. */
export async function removeSynonymGroup(db: Database, id: number): Promise<string[]> {
  const [removed] = isRowId(id)
    ? await db.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning({ words: searchSynonyms.words })
    : [];
  if (!removed) throw new Refusal("This synonym group was already removed.", "not-found");
  return removed.words;
}
