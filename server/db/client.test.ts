import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { allQueries, type Queryable } from "./client.ts";

const database = setUpTestDatabase();

describe("allQueries", () => {
  // Two queries that each say when they start and end.
  const twoQueries = (db: Queryable, said: string[]) =>
    [1, 2].map((query) => async () => {
      said.push(`${query} starts`);
      const { rows } = await db.execute<{ query: number }>(sql`SELECT ${query}::int AS query, pg_sleep(0.02)`);
      said.push(`${query} ends`);
      return rows[0]!.query;
    });

  it("asks a pool at once, and answers in the order asked", async () => {
    const said: string[] = [];
    expect(await allQueries(database.db, twoQueries(database.db, said))).toEqual([1, 2]);
    expect(said.slice(0, 2)).toEqual(["1 starts", "2 starts"]);
  });

  it("in a transaction, sends each query once the one before has ended: its one connection runs one at a time", async () => {
    const said: string[] = [];
    const answers = await database.db.transaction((tx) => allQueries(tx, twoQueries(tx, said)));
    expect(answers).toEqual([1, 2]);
    expect(said).toEqual(["1 starts", "1 ends", "2 starts", "2 ends"]);
  });
});
