import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { parseReportDays } from "../../shared/search-admin-rules.ts";
import { createProducts } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { searchClicks, searchLog } from "../db/schema.ts";
import { REPORT_ROWS, searchReport } from "./search-report.ts";

const database = setUpTestDatabase();
let productIds: number[] = [];
beforeAll(async () => {
  productIds = (await createProducts(database.db, 4)).map((product) => product.id);
});

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600_000);

/** One search `days` ago; with `clicks`, that many of its results opened. */
async function search(query: string, results: number, days: number, clicks = 0) {
  const id = crypto.randomUUID();
  await database.db.insert(searchLog).values({ id, query, results, searchedAt: daysAgo(days) });
  for (let n = 0; n < clicks; n++) {
    await database.db
      .insert(searchClicks)
      .values({ searchId: id, productId: productIds[n]!, position: n + 1, clickedAt: daysAgo(days) });
  }
}

describe("the admin's search report", () => {
  it("reads the period from the address: 7 or 30 days, 7 otherwise", () => {
    expect(parseReportDays("30")).toBe(30);
    expect(parseReportDays("7")).toBe(7);
    for (const value of [null, "", "14", "30.0", "abc"]) expect(parseReportDays(value)).toBe(7);
  });

  it("is empty, without shares, when nobody has searched", async () => {
    expect(await searchReport(database.db, 7)).toEqual({
      days: 7,
      totals: { searches: 0, noResultsShare: null, clickShare: null },
      topQueries: [],
      noResults: [],
    });
  });

  it("counts searches, no results and clicks of the period, query by query", async () => {
    // planner: 3 searches this week (2 with a click, one of them with two), one 10 days ago.
    await search("planner", 10, 1, 2);
    await search("planner", 12, 2, 1);
    await search("planner", 14, 3);
    await search("planner", 20, 10, 1);
    await search("wall art", 5, 0.5);
    await search("zzqx", 0, 1);
    await search("zzqx", 0, 4);
    await search("botanicl prints", 0, 6);
    await search("botanicl prints", 0, 20);
    await search("ancient", 0, 40);

    const week = await searchReport(database.db, 7);
    expect(week.totals).toEqual({ searches: 7, noResultsShare: 3 / 7, clickShare: 2 / 7 });
    expect(week.topQueries).toEqual([
      { query: "planner", searches: 3, averageResults: 12, clickShare: 2 / 3 },
      { query: "zzqx", searches: 2, averageResults: 0, clickShare: 0 },
      { query: "botanicl prints", searches: 1, averageResults: 0, clickShare: 0 },
      { query: "wall art", searches: 1, averageResults: 5, clickShare: 0 },
    ]);
    expect(week.noResults.map(({ query, searches }) => ({ query, searches }))).toEqual([
      { query: "zzqx", searches: 2 },
      { query: "botanicl prints", searches: 1 },
    ]);
    // Last seen: the most recent of the searches.
    expect(Math.abs(week.noResults[0]!.lastSeen.getTime() - daysAgo(1).getTime())).toBeLessThan(60_000);

    const month = await searchReport(database.db, 30);
    expect(month.totals).toEqual({ searches: 9, noResultsShare: 4 / 9, clickShare: 3 / 9 });
    expect(month.topQueries[0]).toEqual({ query: "planner", searches: 4, averageResults: 14, clickShare: 3 / 4 });
    // As often: the one seen last first.
    expect(month.noResults.map(({ query, searches }) => ({ query, searches }))).toEqual([
      { query: "zzqx", searches: 2 },
      { query: "botanicl prints", searches: 2 },
    ]);
  });

  it(`lists at most ${REPORT_ROWS} queries, the most searched first`, async () => {
    for (let n = 0; n < REPORT_ROWS + 5; n++) await search(`rare ${String(n).padStart(2, "0")}`, 0, 2);
    const week = await searchReport(database.db, 7);
    expect(week.topQueries).toHaveLength(REPORT_ROWS);
    expect(week.noResults).toHaveLength(REPORT_ROWS);
    expect(week.topQueries[0]!.query).toBe("planner");
    expect(week.noResults[0]!.query).toBe("zzqx");
  });
});
