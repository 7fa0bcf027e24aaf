import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createProducts } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import type { Database } from "../db/client.ts";
import { searchClicks, searchLog } from "../db/schema.ts";
import { parseListingState } from "./listing-query.ts";
import {
  isLoggedSearch,
  normaliseSearchText,
  pruneSearchLog,
  SAME_SEARCH_MS,
  SEARCH_LOG_DAYS,
  searchClickSchema,
  startSearchLog,
} from "./search-log.ts";

const database = setUpTestDatabase();
let productIds: number[] = [];
beforeAll(async () => {
  productIds = (await createProducts(database.db, 4)).map((product) => product.id);
});

const OPTIONS = {
  priceMax: 200,
  categories: ["planners"],
  formats: ["PDF"],
  sorts: ["relevance", "newest"],
  defaultSort: "relevance",
} as const;
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

function searchRequest(search: string, headers: Record<string, string> = {}, method = "GET") {
  const request = new Request(`http://shop.test/search?${search}`, {
    method,
    headers: { "user-agent": CHROME, ...headers },
  });
  return { request, state: parseListingState(new URL(request.url).searchParams, OPTIONS) };
}
const counted = (search: string, headers?: Record<string, string>, method?: string) => {
  const { request, state } = searchRequest(search, headers, method);
  return isLoggedSearch(request, state, OPTIONS);
};

const rowsOf = (db: Database, ids: (string | null)[]) =>
  db
    .select()
    .from(searchLog)
    .where(sql`${searchLog.id} IN ${ids.filter((id): id is string => id !== null)}`);
const clicksOf = (db: Database, searchId: string) =>
  db.select().from(searchClicks).where(eq(searchClicks.searchId, searchId));

describe("the text a search is counted as", () => {
  it("is lowercase, trimmed, with inner spaces collapsed and control characters as spaces", () => {
    expect(normaliseSearchText("  Wall   ART\t prints ")).toBe("wall art prints");
    expect(normaliseSearchText("Résumé\u0000Template")).toBe("résumé template");
    expect(normaliseSearchText(" \n ")).toBe("");
    expect(normaliseSearchText("x".repeat(300))).toHaveLength(200);
  });
});

describe("which requests to /search are logged as searches", () => {
  it("a shopper's search with text on its first page, with a sort or a layout", () => {
    expect(counted("q=planner")).toBe(true);
    expect(counted("q=planner&sort=newest&view=list")).toBe(true);
    expect(counted("q=planner", { referer: "http://shop.test/search?q=planner" })).toBe(true);
  });

  it("not blank text, Load More, the panel's filters, crawlers or anything but GET", () => {
    expect(counted("q=")).toBe(false);
    expect(counted("q=%20%20")).toBe(false);
    expect(counted("")).toBe(false);
    expect(counted("q=planner&page=2")).toBe(false);
    expect(counted("q=planner&category=planners")).toBe(false);
    expect(counted("q=planner&format=PDF")).toBe(false);
    expect(counted("q=planner&min=10")).toBe(false);
    expect(counted("q=planner&max=50")).toBe(false);
    expect(counted("q=planner", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" })).toBe(false);
    expect(counted("q=planner", {}, "HEAD")).toBe(false);
  });
});

describe("the search log", () => {
  it("keeps searches in memory until a batch is written, with their normalised text and result count", async () => {
    const log = startSearchLog(database.db, { flushIntervalMs: 60_000 });
    const first = log.recordSearch({ query: "  Digital   PLANNER ", results: 12 });
    const second = log.recordSearch({ query: "zzqx", results: 0 });
    expect(log.recordSearch({ query: "   ", results: 66 })).toBeNull();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(await rowsOf(database.db, [first, second])).toEqual([]);

    await log.flush();
    const rows = await rowsOf(database.db, [first, second]);
    expect(rows.map(({ query, results }) => ({ query, results })).sort((a, b) => a.results - b.results)).toEqual([
      { query: "zzqx", results: 0 },
      { query: "digital planner", results: 12 },
    ]);
    expect(rows[0]!.searchedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await log.stop();
  });

  it("counts a shopper's same text once in half an hour, with the same id", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const log = startSearchLog(database.db, { flushIntervalMs: 60_000 });
      const visitor = "198.51.100.7 Chrome";
      const first = log.recordSearch({ query: "Boho Wedding", results: 3, visitor });
      expect(log.recordSearch({ query: " boho  wedding", results: 3, visitor })).toBe(first);
      // Someone else, other text, or no visitor: other searches.
      const other = log.recordSearch({ query: "boho wedding", results: 3, visitor: "198.51.100.8 Chrome" });
      const otherText = log.recordSearch({ query: "boho", results: 5, visitor });
      const anonymous = log.recordSearch({ query: "boho wedding", results: 3 });
      expect(new Set([first, other, otherText, anonymous]).size).toBe(4);
      vi.setSystemTime(Date.now() + SAME_SEARCH_MS + 1_000);
      const later = log.recordSearch({ query: "boho wedding", results: 3, visitor });
      expect(later).not.toBe(first);
      await log.stop();
      expect(await rowsOf(database.db, [first, other, otherText, anonymous, later])).toHaveLength(5);
    } finally {
      vi.useRealTimers();
    }
  });

  it("writes a batch as soon as it is full, and on its timer", async () => {
    const full = startSearchLog(database.db, { flushIntervalMs: 60_000, batchSize: 3 });
    const ids = [1, 2, 3].map((n) => full.recordSearch({ query: `batch ${n}`, results: n }));
    await vi.waitFor(async () => expect(await rowsOf(database.db, ids)).toHaveLength(3));
    await full.stop();

    const timed = startSearchLog(database.db, { flushIntervalMs: 50 });
    const id = timed.recordSearch({ query: "on the timer", results: 1 });
    await vi.waitFor(async () => expect(await rowsOf(database.db, [id])).toHaveLength(1));
    await timed.stop();
  });

  it("writes what it keeps when the server stops", async () => {
    const log = startSearchLog(database.db, { flushIntervalMs: 60_000 });
    const id = log.recordSearch({ query: "last one", results: 4 })!;
    log.recordClick({ searchId: id, productId: productIds[0]!, position: 2 });
    await log.stop();
    expect(await rowsOf(database.db, [id])).toHaveLength(1);
    expect(await clicksOf(database.db, id)).toMatchObject([{ productId: productIds[0], position: 2 }]);
  });

  it("records a click once per search and product, and drops one for an unknown search or product", async () => {
    const log = startSearchLog(database.db, { flushIntervalMs: 60_000, clickAttempts: 2 });
    const id = log.recordSearch({ query: "planner", results: 3 })!;
    log.recordClick({ searchId: id, productId: productIds[1]!, position: 1 });
    log.recordClick({ searchId: id, productId: productIds[1]!, position: 1 });
    log.recordClick({ searchId: id, productId: 999_999, position: 2 });
    const unknown = "00000000-0000-4000-8000-000000000000";
    log.recordClick({ searchId: unknown, productId: productIds[0]!, position: 1 });
    await log.flush();
    // The same result opened again from a later page of the same search.
    log.recordClick({ searchId: id, productId: productIds[1]!, position: 1 });
    await log.flush();
    await log.flush();
    expect(await clicksOf(database.db, id)).toMatchObject([{ productId: productIds[1], position: 1 }]);
    // Dropped after its batches: a search of that id appearing later does not bring it back.
    await database.db.insert(searchLog).values({ id: unknown, query: "late", results: 1 });
    await log.flush();
    expect(await clicksOf(database.db, unknown)).toEqual([]);
    await log.stop();
  });

  it("keeps a click whose search another app server has not written yet, until it has", async () => {
    const searched = startSearchLog(database.db, { flushIntervalMs: 60_000 });
    const clicked = startSearchLog(database.db, { flushIntervalMs: 60_000 });
    const id = searched.recordSearch({ query: "wall art", results: 8 })!;
    clicked.recordClick({ searchId: id, productId: productIds[2]!, position: 5 });
    await clicked.flush();
    expect(await clicksOf(database.db, id)).toEqual([]);
    await searched.flush();
    await clicked.flush();
    expect(await clicksOf(database.db, id)).toMatchObject([{ productId: productIds[2], position: 5 }]);
    await Promise.all([searched.stop(), clicked.stop()]);
  });

  it("keeps the rows when the database cannot be reached, and writes them on a later batch", async () => {
    const down = Object.assign(new Error("connection terminated"), { code: "08006" });
    let failures = 1;
    const flaky = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === "insert" && failures > 0) {
          failures--;
          return () => {
            throw down;
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const onError = vi.fn();
    const log = startSearchLog(flaky, { flushIntervalMs: 60_000, onError });
    const id = log.recordSearch({ query: "printable calendar", results: 2 });
    await log.flush();
    expect(onError).toHaveBeenCalledWith(down);
    expect(await rowsOf(database.db, [id])).toEqual([]);
    await log.flush();
    expect(await rowsOf(database.db, [id])).toHaveLength(1);
    await log.stop();
  });
});

describe("pruning the search log", () => {
  it(`removes searches and clicks older than ${SEARCH_LOG_DAYS} days and keeps the others`, async () => {
    const log = startSearchLog(database.db, { flushIntervalMs: 60_000 });
    const old = log.recordSearch({ query: "old search", results: 1 })!;
    const recent = log.recordSearch({ query: "recent search", results: 1 })!;
    log.recordClick({ searchId: old, productId: productIds[0]!, position: 1 });
    log.recordClick({ searchId: recent, productId: productIds[0]!, position: 1 });
    await log.stop();
    const longAgo = sql`now() - make_interval(days => ${SEARCH_LOG_DAYS + 1})`;
    const nearlyAsLong = sql`now() - make_interval(days => ${SEARCH_LOG_DAYS - 1})`;
    await database.db.update(searchLog).set({ searchedAt: longAgo }).where(eq(searchLog.id, old));
    await database.db.update(searchClicks).set({ clickedAt: longAgo }).where(eq(searchClicks.searchId, old));
    await database.db.update(searchLog).set({ searchedAt: nearlyAsLong }).where(eq(searchLog.id, recent));

    expect(await pruneSearchLog(database.db)).toEqual({ searches: 1, clicks: 1 });
    expect(await rowsOf(database.db, [old, recent])).toMatchObject([{ query: "recent search" }]);
    expect(await clicksOf(database.db, recent)).toHaveLength(1);
    expect(await pruneSearchLog(database.db)).toEqual({ searches: 0, clicks: 0 });
  });
});

describe("a click as the search page's beacon sends it", () => {
  const click = (fields: Record<string, string>) => searchClickSchema.safeParse(fields);
  const searchId = "3f2c8a1e-5b7d-4c9a-8e6f-1a2b3c4d5e6f";

  it("names a search by its id, a product, and a position from 1", () => {
    expect(click({ searchId, productId: "12", position: "3" })).toMatchObject({
      success: true,
      data: { searchId, productId: 12, position: 3 },
    });
    expect(click({ searchId, productId: "12", position: "10000" }).success).toBe(true);
  });

  it("refuses anything else", () => {
    const refused: Record<string, string>[] = [
      {},
      { searchId: "not-a-uuid", productId: "12", position: "3" },
      { searchId, productId: "0", position: "3" },
      { searchId, productId: "0x10", position: "3" },
      { searchId, productId: "12", position: "0" },
      { searchId, productId: "12", position: "10001" },
      { searchId, productId: "12", position: "1e3" },
      { searchId, productId: "12", position: "-1" },
    ];
    for (const fields of refused) {
      expect(click(fields).error?.issues[0]?.message).toBe("This is not a click on a search result.");
    }
  });
});
