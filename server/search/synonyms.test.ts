import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { MAX_SYNONYM_GROUPS } from "../../shared/search-admin-rules.ts";
import { normaliseSynonymWord } from "../../shared/synonym-group-schema.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { searchSynonyms } from "../db/schema.ts";
import {
  addSynonymGroup,
  listSynonymGroupRows,
  listSynonymGroups,
  parseSynonymGroup,
  removeSynonymGroup,
} from "./synonyms.ts";

const database = setUpTestDatabase();

describe("a synonym group as an admin types it", () => {
  it("is its words lowercase, without accents or repeats, sorted", () => {
    expect(parseSynonymGroup("CV, Résumé")).toEqual(["cv", "resume"]);
    expect(parseSynonymGroup(" grey ,gray,, GREY ")).toEqual(["gray", "grey"]);
    expect(parseSynonymGroup("colour, color, 3d, ３Ｄ, Ｘmas")).toEqual(["3d", "color", "colour", "xmas"]);
    expect(normaliseSynonymWord("Ñandú")).toBe("nandu");
    expect(parseSynonymGroup("планер, planner")).toEqual(["planner", "планер"]);
  });

  it("is refused with a message that says what to change", () => {
    const refused = (text: string) => expect(() => parseSynonymGroup(text));
    refused("").toThrow("Type the words that mean the same, separated by commas.");
    refused(" , ,").toThrow("Type the words that mean the same, separated by commas.");
    refused("cv").toThrow("A group needs at least 2 different words.");
    refused("cv, CV, cv").toThrow("A group needs at least 2 different words.");
    refused("a,b,c,d,e,f,g,h,i,j,k").toThrow("A group has at most 10 words; this one has 11.");
    refused("wall art, poster").toThrow('"wall art" is more than one word: separate the words with commas.');
    refused("e-book, ebook").toThrow('"e-book" must be a single word of letters and digits only.');
    refused("c++, cpp").toThrow('"c++" must be a single word of letters and digits only.');
    refused(`${"a".repeat(41)}, b`).toThrow(`"${"a".repeat(40)}…" is too long: a word has at most 40 characters.`);
    expect(parseSynonymGroup(`${"a".repeat(40)}, b`)).toHaveLength(2);
    refused(`${"a, ".repeat(200)}b`).toThrow("Please keep a group under 500 characters.");
  });
});

describe("the shop's synonyms", () => {
  it("start with the two example groups of the migration", async () => {
    expect(await listSynonymGroups(database.db)).toEqual([
      ["cv", "resume"],
      ["gray", "grey"],
    ]);
  });

  it("are added and removed; a group that exists, in any order or case, is refused", async () => {
    const added = await addSynonymGroup(database.db, "Colour, color");
    expect(added.words).toEqual(["color", "colour"]);
    await expect(addSynonymGroup(database.db, "COLOR, colour")).rejects.toThrow(
      "This group already exists: color, colour.",
    );
    await expect(addSynonymGroup(database.db, "cv")).rejects.toThrow("A group needs at least 2 different words.");
    expect(await listSynonymGroups(database.db)).toEqual([
      ["cv", "resume"],
      ["gray", "grey"],
      ["color", "colour"],
    ]);

    expect(await removeSynonymGroup(database.db, added.id)).toEqual(["color", "colour"]);
    await expect(removeSynonymGroup(database.db, added.id)).rejects.toThrow("This synonym group was already removed.");
    for (const id of [0, -1, Number.NaN, 2 ** 40]) {
      await expect(removeSynonymGroup(database.db, id)).rejects.toThrow("This synonym group was already removed.");
    }
    expect((await listSynonymGroupRows(database.db)).map((group) => group.words)).toEqual([
      ["cv", "resume"],
      ["gray", "grey"],
    ]);
  });

  it(`are at most ${MAX_SYNONYM_GROUPS} groups, even when two admins add the last one at once`, async () => {
    const existing = (await listSynonymGroups(database.db)).length;
    await database.db
      .insert(searchSynonyms)
      .values(Array.from({ length: MAX_SYNONYM_GROUPS - existing - 1 }, (_, n) => ({ words: [`v${n}`, `w${n}`] })));
    const results = await Promise.allSettled([
      addSynonymGroup(database.db, "last, final"),
      addSynonymGroup(database.db, "end, finish"),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(String((results.find((result) => result.status === "rejected") as PromiseRejectedResult).reason)).toContain(
      `There are already ${MAX_SYNONYM_GROUPS} synonym groups, the most the shop keeps. Remove one first.`,
    );
    expect(await listSynonymGroups(database.db)).toHaveLength(MAX_SYNONYM_GROUPS);
    await database.db.delete(searchSynonyms).where(sql`${searchSynonyms.words}[1] LIKE 'v%'`);
  });

  it("tell every app server when they change (pg_notify 'search_synonyms_changed', once per statement)", async () => {
    const listener = new pg.Client(database.pool.options);
    await listener.connect();
    const heard: string[] = [];
    listener.on("notification", (message) => heard.push(message.channel));
    await listener.query("LISTEN search_synonyms_changed");
    try {
      const added = await addSynonymGroup(database.db, "invoice, bill");
      await expect.poll(() => heard).toEqual(["search_synonyms_changed"]);
      await removeSynonymGroup(database.db, added.id);
      await database.db.update(searchSynonyms).set({ createdAt: sql`created_at` });
      await expect.poll(() => heard).toHaveLength(3);
    } finally {
      await listener.end();
    }
  });
});
