import crypto from "node:crypto";
import { lt, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { recordIdField } from "../../shared/record-id.ts";
import type { Database } from "../db/client.ts";
import { searchClicks, searchLog } from "../db/schema.ts";
import { sqlStateOf } from "../db/sql-state.ts";
import { hasFilters, type ListingOptions, type ListingState, MAX_QUERY_LENGTH } from "./listing-query.ts";

// The searches shoppers run on /search and the results they open, for the admin Search page
// (search-report.ts). Recording never waits for the database: rows are kept in memory and written
// in batches (every couple of seconds, at a batch's size, and when the server stops).

/** How long the search log keeps its rows. */
export const SEARCH_LOG_DAYS = 90;

/** The text of a search as the log counts it: lowercase, trimmed, inner spaces collapsed. */
export function normaliseSearchText(text: string): string {
  return (
    text
      // Control characters (a NUL would be refused by PostgreSQL) count as spaces.
      .replace(/[\p{Cc}\s]+/gu, " ")
      .trim()
      .slice(0, MAX_QUERY_LENGTH)
      .trim()
      .toLowerCase()
  );
}

/**
 * Whether this request to /search is a search to log: a GET from a person (not a crawler), with
 * text, on its first page, without the panel's filters. Load More and the filters refine a search
 * the shopper already made; counting them would count one intent several times, and a filter that
 * leaves nothing would put a query that finds plenty among those with no results. (The sort and
 * the layout pass: recordSearch counts a shopper's same text once in half an hour anyway.)
 */
export function isLoggedSearch(request: Request, state: ListingState, options: ListingOptions): boolean {
  if (request.method !== "GET" || normaliseSearchText(state.q) === "" || state.page !== 1) return false;
  if (hasFilters(state, options)) return false;
  const userAgent = request.headers.get("user-agent");
  return !(userAgent && isbot(userAgent));
}

/**
 * A shopper's same text within this time is one search, whatever brings the page back: the sort,
 * grid or list, Clear All, Back from a product, a reload, the page's revalidation after a wishlist
 * or cart button. It keeps its id, so that its clicks count for it.
 */
export const SAME_SEARCH_MS = 30 * 60_000;

interface SearchClick {
  /** The id `recordSearch` gave the search. */
  searchId: string;
  productId: number;
  /** The result's place in the list, from 1. */
  position: number;
}

/** The largest click the beacon sends is about 100 bytes: anything much larger is not one. */
export const MAX_CLICK_BODY = 1024;
/** Beyond the furthest result Load More shows (100 pages of a few dozen). */
const MAX_CLICK_POSITION = 10_000;

const NOT_A_CLICK = "This is not a click on a search result.";

/** A click as the search page's beacon posts it (searchId, productId, position). */
export const searchClickSchema = z.object({
  searchId: z.uuid(NOT_A_CLICK),
  productId: recordIdField(NOT_A_CLICK),
  position: z
    .string(NOT_A_CLICK)
    .regex(/^\d{1,5}$/, NOT_A_CLICK)
    .transform(Number)
    .pipe(z.number().min(1, NOT_A_CLICK).max(MAX_CLICK_POSITION, NOT_A_CLICK)),
});

export interface SearchLog {
  /**
   * Keeps one search (its text normalised) for the next batch; answers its id, or null for blank
   * text. `visitor` (the client's address and browser) makes the same text again within
   * SAME_SEARCH_MS the same search, with the same id; it is kept in memory only, hashed.
   */
  recordSearch(search: { query: string; results: number; visitor?: string }): string | null;
  /** Keeps one click for the next batch; one for a search or product the shop does not know is dropped there. */
  recordClick(click: SearchClick): void;
  /** Writes what is kept now (a batch in progress first). */
  flush(): Promise<void>;
  /** Writes what is kept, then stops the timer: the server calls it once requests are done. */
  stop(): Promise<void>;
}

export interface SearchLogOptions {
  /** Writes at least this often (ms). */
  flushIntervalMs?: number;
  /** Writes as soon as this many rows wait. */
  batchSize?: number;
  /** Rows kept at most while the database cannot be reached; later ones are dropped. */
  maxWaiting?: number;
  /**
   * Batches a click waits for its search: with several app servers, the search may be in another
   * server's batch. Past them, a click whose search is still unknown is dropped.
   */
  clickAttempts?: number;
  onError?: (error: unknown) => void;
}

interface WaitingSearch {
  id: string;
  query: string;
  results: number;
  searchedAt: Date;
}

interface WaitingClick extends SearchClick {
  clickedAt: Date;
  attempts: number;
}

/** A write refused for its data (SQLSTATE class 22 or 23) fails again however often it is tried. */
const isDataError = (error: unknown) => /^2[23]/.test(sqlStateOf(error) ?? "");

/** The search log of one app server, writing to `db`; `stop` it before the database closes. */
export function startSearchLog(db: Database, options: SearchLogOptions = {}): SearchLog {
  const {
    flushIntervalMs = 2_000,
    batchSize = 200,
    maxWaiting = 20_000,
    clickAttempts = 5,
    onError = () => {},
  } = options;
  let searches: WaitingSearch[] = [];
  // By search and product: a shopper who opens the same result twice clicked it once.
  let clicks = new Map<string, WaitingClick>();
  let stopping = false;
  // The searches of the last half hour by visitor and text, as many as a busy half hour holds.
  const recentSearches = new LRUCache<string, { id: string; at: number }>({ max: 50_000 });
  // One batch at a time; a batch asked for while one is written waits for it, and is asked once.
  let running: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;

  async function writeSearches() {
    const batch = searches;
    searches = [];
    try {
      for (let start = 0; start < batch.length; start += batchSize) {
        await db
          .insert(searchLog)
          .values(batch.slice(start, start + batchSize))
          .onConflictDoNothing();
      }
    } catch (error) {
      // Kept for the next batch unless the rows themselves were refused (then they never go in).
      if (!isDataError(error)) searches = [...batch, ...searches].slice(0, maxWaiting);
      throw error;
    }
  }

  async function writeClicks() {
    const batch = [...clicks.values()];
    clicks = new Map();
    const known = new Set<string>();
    try {
      for (let start = 0; start < batch.length; start += batchSize) {
        for (const id of await insertClicks(db, batch.slice(start, start + batchSize))) known.add(id);
      }
    } catch (error) {
      if (!isDataError(error)) for (const click of batch) keepClick(click);
      throw error;
    }
    for (const click of batch) {
      if (known.has(click.searchId) || stopping || click.attempts + 1 >= clickAttempts) continue;
      keepClick({ ...click, attempts: click.attempts + 1 });
    }
  }

  function keepClick(click: WaitingClick) {
    const key = `${click.searchId}/${click.productId}`;
    if (!clicks.has(key) && clicks.size < maxWaiting) clicks.set(key, click);
  }

  function flush(): Promise<void> {
    if (queued) return queued;
    const next = running
      .then(async () => {
        queued = null;
        // Searches first: a click of a search in the same batch finds it.
        await writeSearches();
        await writeClicks();
      })
      .catch(onError);
    queued = next;
    running = next;
    return next;
  }

  const timer = setInterval(() => {
    if (searches.length > 0 || clicks.size > 0) void flush();
  }, flushIntervalMs);
  timer.unref();

  return {
    recordSearch({ query, results, visitor }) {
      const text = normaliseSearchText(query);
      if (text === "") return null;
      const key = visitor === undefined ? undefined : crypto.hash("sha256", `${visitor}\n${text}`, "base64url");
      const earlier = key === undefined ? undefined : recentSearches.get(key);
      if (earlier && Date.now() - earlier.at < SAME_SEARCH_MS) return earlier.id;
      const id = crypto.randomUUID();
      if (key !== undefined) recentSearches.set(key, { id, at: Date.now() });
      if (searches.length < maxWaiting) searches.push({ id, query: text, results, searchedAt: new Date() });
      if (searches.length >= batchSize) void flush();
      return id;
    },
    recordClick(click) {
      keepClick({ ...click, clickedAt: new Date(), attempts: 0 });
      if (clicks.size >= batchSize) void flush();
    },
    flush,
    async stop() {
      clearInterval(timer);
      stopping = true;
      await flush();
    },
  };
}

/**
 * Writes the clicks whose search is in the log and whose product exists (one row per search and
 * product); answers the ids of the searches found, so that the others can wait for theirs.
 */
async function insertClicks(db: Database, clicks: WaitingClick[]): Promise<string[]> {
  // Each column one array parameter (a bare array would be spread into a list of parameters).
  const column = <T>(pick: (click: WaitingClick) => T) => sql.param(clicks.map(pick));
  const { rows } = await db.execute<{ search_id: string }>(sql`
    WITH incoming AS (
      SELECT * FROM unnest(
        ${column((c) => c.searchId)}::uuid[], ${column((c) => c.productId)}::int[],
        ${column((c) => c.position)}::int[], ${column((c) => c.clickedAt.toISOString())}::timestamptz[]
      ) AS c(search_id, product_id, position, clicked_at)
    ), known AS (
      SELECT incoming.* FROM incoming WHERE EXISTS (SELECT 1 FROM ${searchLog} s WHERE s.id = incoming.search_id)
    ), written AS (
      INSERT INTO ${searchClicks} (search_id, product_id, position, clicked_at)
      SELECT search_id, product_id, position, clicked_at FROM known
      WHERE EXISTS (SELECT 1 FROM products p WHERE p.id = known.product_id)
      ON CONFLICT DO NOTHING
    )
    SELECT DISTINCT search_id::text AS search_id FROM known`);
  return rows.map((row) => row.search_id);
}

/** Removes searches and clicks older than SEARCH_LOG_DAYS (the daily job); answers how many of each. */
export async function pruneSearchLog(db: Database): Promise<{ searches: number; clicks: number }> {
  const before = sql`now() - make_interval(days => ${SEARCH_LOG_DAYS})`;
  const searches = await db.delete(searchLog).where(lt(searchLog.searchedAt, before));
  const clicks = await db.delete(searchClicks).where(lt(searchClicks.clickedAt, before));
  return { searches: searches.rowCount ?? 0, clicks: clicks.rowCount ?? 0 };
}
