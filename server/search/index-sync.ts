import type pg from "pg";
import { type Database, onDatabaseClose } from "../db/client.ts";
import { type Listening, listenTo } from "../db/listen.ts";
import { settledWithin } from "../lib/time-limit.ts";
import { type IndexedProduct, type IndexedText, SearchIndex } from "./search-index.ts";
import { listSynonymGroups } from "./synonyms.ts";

// Keeps each app server's search index the same as product_search: built from it at start, then
// fed the rows changed since it last looked. Every row carries the transaction that last wrote it
// (`changed_xid`, set by a trigger, migration 0020); the index remembers the snapshot it last read
// (its xmax and the transactions still running at it), and next time reads the rows written by
// those running transactions or by later ones. So a write is never missed, whatever order
// transactions commit in, and a row is not read twice, on every app server alike. A trigger's NOTIFY makes an index read at once; a search also reads what
// changed before it answers, so a product published, changed, hidden or removed is found as such
// by the next search on any app server.

const FIGURES = `product_id, published, category_id, creator_id, price_cents, original_price_cents, downloads,
  rating, review_count, is_bestseller, (extract(epoch FROM published_at) * 1000)::float8 AS published_at,
  trending_score, format, styles`;
const TEXT = "title, tags, creator_name, category_name, description";
const BATCH = 5_000;
/** While the first build runs, a search waits this long for it before PostgreSQL answers instead. */
const BUILD_WAIT_MS = 300;
/** A search waits this long at most for the index to read what changed. */
const CATCH_UP_WAIT_MS = 250;
/** How long a build waits for its listening connection before reading anyway. */
const LISTEN_WAIT_MS = 1_000;

/** A transaction's snapshot as the index keeps it: what it has read. */
interface Seen {
  xmax: string;
  /** The transactions still running at the snapshot (their writes were not visible yet). */
  xip: string[];
}

interface Head extends Seen {
  epoch: number;
  changed?: boolean;
}

/**
 * Written by a transaction the index has not read: one that began at or after its snapshot's xmax,
 * or was still running at it. (Parameters $1 and $2: the snapshot's xmax and running transactions.)
 */
const SINCE = (column: string) => `(${column} >= $1::xid8 OR ${column} = ANY($2::xid8[]))`;

interface Row {
  product_id: number;
  published: boolean;
  category_id: number;
  creator_id: number;
  price_cents: number;
  original_price_cents: number | null;
  downloads: number;
  rating: number;
  review_count: number;
  is_bestseller: boolean;
  published_at: number | null;
  trending_score: number;
  format: string;
  styles: string[];
  title?: string | null;
  tags?: string | null;
  creator_name?: string | null;
  category_name?: string | null;
  description?: string | null;
}

function figuresOf(row: Row): IndexedProduct {
  return {
    productId: row.product_id,
    categoryId: row.category_id,
    creatorId: row.creator_id,
    priceCents: row.price_cents,
    originalPriceCents: row.original_price_cents,
    downloads: row.downloads,
    rating: row.rating,
    reviewCount: row.review_count,
    isBestseller: row.is_bestseller,
    publishedAt: row.published_at,
    trendingScore: row.trending_score,
    format: row.format,
    styles: row.styles,
  };
}

function textOf(row: Row): IndexedText | undefined {
  if (row.title == null) return undefined;
  return {
    title: row.title,
    tags: row.tags ?? "",
    creatorName: row.creator_name ?? "",
    categoryName: row.category_name ?? "",
    description: row.description ?? "",
  };
}

export interface SearchIndexFigures {
  ready: boolean;
  documents: number;
  bytes: number;
  /** How long the last full build took, in seconds. */
  buildSeconds: number;
}

export interface SearchIndexSyncOptions {
  /** Groups of synonyms (server/search/synonyms.ts), read at each build and when they change. */
  loadSynonyms?: () => Promise<string[][]>;
  onError?: (error: Error) => void;
  log?: (message: string) => void;
  /**
   * Where to LISTEN for changes: the primary, when the pool reads a replica (a hot standby refuses
   * LISTEN; the index then reads a change once the replica has it). Default: the pool's server.
   */
  listenTo?: pg.ClientConfig;
}

export class SearchIndexSync {
  private index: SearchIndex | null = null;
  /** What the index has read: every transaction below `xmax` but those of `xip` (running then). */
  private seen: Seen = { xmax: "0", xip: [] };
  private epoch = -1;
  private building: Promise<void> | null = null;
  private buildStartedAt = 0;
  private buildSeconds = 0;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private listening: Listening | null = null;
  private stopped = false;
  private readonly pool: pg.Pool;
  private readonly options: SearchIndexSyncOptions;

  constructor(pool: pg.Pool, options: SearchIndexSyncOptions = {}) {
    this.pool = pool;
    this.options = options;
  }

  get figures(): SearchIndexFigures {
    return {
      ready: this.index !== null,
      documents: this.index?.documents ?? 0,
      bytes: this.index?.bytes ?? 0,
      buildSeconds: this.buildSeconds,
    };
  }

  /** Starts listening for changes and building the index (in the background). */
  start(): void {
    // Listening starts once: a build that failed is tried again by the next search, on the same listener.
    if (!this.listening && !this.stopped) {
      this.listening = listenTo(
        this.options.listenTo ?? this.pool.options,
        ["product_search_changed", "search_synonyms_changed"],
        {
          onNotification: (channel) => {
            if (channel === "search_synonyms_changed") void this.reloadSynonyms();
            else void this.catchUp().catch((error: Error) => this.options.onError?.(error));
          },
          // A lost connection may have missed notifications: catch up.
          onLost: () => void this.catchUp().catch(() => {}),
        },
      );
    }
    if (this.building || this.index) return;
    this.rebuild();
  }

  /**
   * The index, up to date with every write committed before this call; null while the first build
   * runs past BUILD_WAIT_MS (the caller then asks PostgreSQL).
   */
  async current(): Promise<SearchIndex | null> {
    this.start();
    if (!this.index && this.building) {
      const left = BUILD_WAIT_MS - (performance.now() - this.buildStartedAt);
      if (left > 0) {
        await settledWithin(this.building, left, undefined);
      }
    }
    if (!this.index) return null;
    // What changed is read first, as a rule in a millisecond or two; a large batch (the hourly
    // trending scores of a quarter of the catalogue) is not waited for beyond CATCH_UP_WAIT_MS.
    await settledWithin(this.catchUp(), CATCH_UP_WAIT_MS, undefined);
    return this.index;
  }

  /** Reads what changed since the last look; concurrent callers share one reading that began after they asked. */
  catchUp(): Promise<void> {
    if (!this.running) {
      this.running = this.readChanges().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    // A reading is under way, but it may have begun before the caller's write: one more after it.
    this.queued ??= this.running
      .catch(() => {})
      .then(() => {
        this.queued = null;
        return this.catchUp();
      });
    return this.queued;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.listening?.stop();
    await this.building?.catch(() => {});
  }

  private rebuild() {
    this.buildStartedAt = performance.now();
    this.building = this.build()
      .catch((error: Error) => this.options.onError?.(error))
      .finally(() => {
        this.building = null;
      });
  }

  private async build(): Promise<void> {
    const started = performance.now();
    const index = new SearchIndex();
    // Listening first (for a while at most): a change committed after the snapshot below is then
    // heard, not left until the next search catches up.
    if (this.listening) await settledWithin(this.listening.ready, LISTEN_WAIT_MS, undefined);
    // One snapshot for the whole read, remembered as what the index has read.
    const head = await this.inSnapshot(async (client) => {
      const head = await this.head(client);
      if (this.options.loadSynonyms) index.setSynonyms(await this.options.loadSynonyms());
      await client.query(`DECLARE search_rows NO SCROLL CURSOR FOR
        SELECT ${FIGURES}, ${TEXT} FROM product_search WHERE published`);
      index.beginBulk();
      for (;;) {
        const { rows } = await client.query<Row>(`FETCH ${BATCH} FROM search_rows`);
        for (const row of rows) index.put(figuresOf(row), textOf(row));
        if (rows.length < BATCH) break;
      }
      index.endBulk();
      return head;
    });
    if (this.stopped) return;
    index.warmUp();
    this.index = index;
    this.seen = head;
    this.epoch = head.epoch;
    this.buildSeconds = (performance.now() - started) / 1000;
    this.options.log?.(
      `Search index built: ${index.documents.toLocaleString("en-US")} products in ${this.buildSeconds.toFixed(1)} s`,
    );
  }

  /** Runs `work` on a connection of the pool in one read-only snapshot. */
  private async inSnapshot<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /** The snapshot the client reads (its xmax and running transactions) and the epoch; with `seen`, whether anything changed since. */
  private async head(client: pg.Pool | pg.PoolClient, seen?: Seen): Promise<Head> {
    const changed = seen
      ? `, EXISTS (SELECT 1 FROM product_search WHERE ${SINCE("changed_xid")})
          OR EXISTS (SELECT 1 FROM product_search_removed WHERE ${SINCE("changed_xid")}) AS changed`
      : "";
    const { rows } = await client.query<Head>(
      `SELECT pg_snapshot_xmax(snapshot)::text AS xmax, array(SELECT pg_snapshot_xip(snapshot)::text) AS xip,
          (SELECT epoch FROM product_search_epoch) AS epoch ${changed}
        FROM pg_current_snapshot() AS snapshot`,
      seen ? [seen.xmax, seen.xip] : [],
    );
    return rows[0]!;
  }

  private async readChanges(): Promise<void> {
    const index = this.index;
    if (!index) return;
    const seen = this.seen;
    const params = [seen.xmax, seen.xip];
    // A first look in one statement: most of the time nothing changed and that is all it costs.
    let head = await this.head(this.pool, seen);
    let rows: Row[] = [];
    let removed: number[] = [];
    if (head.changed && head.epoch === this.epoch) {
      ({ head, rows, removed } = await this.inSnapshot(async (client) => {
        const head = await this.head(client);
        // The text only of rows whose text changed since, and of rows the index does not hold.
        const { rows } = await client.query<Row>(
          `SELECT ${FIGURES}, ${TEXT.split(", ")
            .map((column) => `CASE WHEN ${SINCE("text_xid")} THEN ${column} END AS ${column}`)
            .join(", ")}
          FROM product_search WHERE ${SINCE("changed_xid")}`,
          params,
        );
        const missing = rows
          .filter((row) => row.published && row.title == null && !index.has(row.product_id))
          .map((row) => row.product_id);
        if (missing.length > 0) {
          const { rows: texts } = await client.query<Row>(
            `SELECT product_id, ${TEXT} FROM product_search WHERE product_id = ANY($1::int[])`,
            [missing],
          );
          const byId = new Map(texts.map((row) => [row.product_id, row]));
          for (const row of rows) if (byId.has(row.product_id)) Object.assign(row, byId.get(row.product_id));
        }
        const { rows: gone } = await client.query<{ product_id: number }>(
          `SELECT product_id FROM product_search_removed WHERE ${SINCE("changed_xid")}`,
          params,
        );
        return { head, rows, removed: gone.map((row) => row.product_id) };
      }));
    }
    if (head.epoch !== this.epoch) {
      // product_search was truncated (a test, a reload): start again from the table as it is.
      this.index = null;
      this.rebuild();
      await this.building;
      return;
    }
    for (const id of removed) index.remove(id);
    for (const row of rows) {
      if (!row.published) index.remove(row.product_id);
      else index.put(figuresOf(row), textOf(row));
    }
    index.compactIfWorthIt();
    this.seen = { xmax: head.xmax, xip: head.xip };
  }

  private async reloadSynonyms() {
    if (!this.options.loadSynonyms || !this.index) return;
    try {
      this.index.setSynonyms(await this.options.loadSynonyms());
    } catch (error) {
      this.options.onError?.(error as Error);
    }
  }
}

// The launcher (server/main.ts, run from source) and the app (its Vite bundle, decision 003) each
// load their own copy of this module: the indexes are kept on globalThis so that both reach the
// one index of the server's database, not one each.
const REGISTRY = Symbol.for("marketplace.search-indexes");
const global = globalThis as { [REGISTRY]?: WeakMap<Database, SearchIndexSync> };
global[REGISTRY] ??= new WeakMap<Database, SearchIndexSync>();
const syncs = global[REGISTRY];

/**
 * The search index of this database's app server, with the admins' synonyms: made, and started, on
 * first use (the server calls it at start, with its logger).
 */
export function searchIndexOf(
  db: Database,
  options: Omit<SearchIndexSyncOptions, "loadSynonyms"> = {},
): SearchIndexSync {
  let sync = syncs.get(db);
  if (!sync) {
    const pool = (db as Database & { $client: pg.Pool }).$client;
    const started = new SearchIndexSync(pool, { ...options, loadSynonyms: () => listSynonymGroups(db) });
    syncs.set(db, started);
    started.start();
    // The listening connection is not the pool's: it ends with the pool.
    onDatabaseClose(db, () => started.stop());
    sync = started;
  }
  return sync;
}
