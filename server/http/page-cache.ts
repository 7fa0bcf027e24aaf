import crypto from "node:crypto";
import { LRUCache } from "lru-cache";
import type pg from "pg";
import { type Database, onDatabaseClose } from "../db/client.ts";
import { type Listening, listenTo } from "../db/listen.ts";

/**
 * A page the same for every visitor (a response marked `Cache-Control: public`), as sent: its
 * status, headers and body, with its ETag and the hashes of its inline scripts (the CSP allows
 * those rather than a per-response nonce, which a cached page could not carry).
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  scriptHashes: string[];
}

/** The PostgreSQL channel a trigger notifies when something a public page shows changes (migration 0022). */
export const CATALOGUE_CHANGED = "catalogue_changed";

const MAX_BYTES = 64 * 1024 * 1024;
// A backstop for what changes without a notification (download counts, trending): kept a minute.
const TTL_MS = 60_000;

/**
 * This app server's rendered public pages. Every app server drops all of its pages at once when
 * the catalogue changes (LISTEN/NOTIFY); while it is not listening (starting, or its connection
 * lost), it keeps nothing, since it could miss a change.
 */
export class PageCache {
  private readonly pages = new LRUCache<string, CachedPage>({
    maxSize: MAX_BYTES,
    sizeCalculation: (page) => page.body.length + 512,
    ttl: TTL_MS,
  });
  private listening = false;
  /** Counts the drops: a page rendered before one must not be kept after it. */
  private generation = 0;

  get(key: string): CachedPage | undefined {
    return this.listening ? this.pages.get(key) : undefined;
  }

  /** A mark to hand to `set` for a page whose rendering starts now. */
  mark(): number {
    return this.generation;
  }

  /** Keeps the page, unless the catalogue changed since `mark` (it may show the old catalogue). */
  set(key: string, page: CachedPage, mark: number): void {
    if (this.listening && mark === this.generation) this.pages.set(key, page);
  }

  /** Drops every page. */
  clear(): void {
    this.generation++;
    this.pages.clear();
  }

  /** Listening or not; either way the pages kept so far are dropped. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }

  get size(): number {
    return this.pages.size;
  }
}

/**
 * A response as a page to keep: its ETag and inline-script hashes worked out once. The nonce it was
 * rendered with is taken out: its scripts are allowed by their hashes, and so the same page is the
 * same bytes (and ETag) however often and on whichever app server it is rendered.
 */
export function cachedPageOf(status: number, headers: Headers, rendered: Buffer, nonce?: string): CachedPage {
  const isHtml = headers.get("content-type")?.startsWith("text/html") ?? false;
  const body = isHtml && nonce ? Buffer.from(rendered.toString("utf8").replaceAll(` nonce="${nonce}"`, "")) : rendered;
  return {
    status,
    headers: [...headers.entries()],
    body,
    etag: `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`,
    scriptHashes: isHtml ? inlineScriptHashes(body.toString("utf8")) : [],
  };
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** CSP sources ('sha256-...') for the inline scripts of an HTML page, JSON-LD data blocks left out. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    if (/\btype=["']?application\/ld\+json/i.test(match[0].slice(0, match[0].indexOf(">")))) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(match[1]!).digest("base64")}'`);
  }
  return [...hashes];
}

interface Registered {
  cache: PageCache;
  listening: Listening;
}

// As with the search index (server/search/index-sync.ts): one per database, on globalThis, since
// the launcher and the app's bundle each load their own copy of this module.
const REGISTRY = Symbol.for("marketplace.page-caches");
const global = globalThis as { [REGISTRY]?: WeakMap<Database, Registered> };
global[REGISTRY] ??= new WeakMap<Database, Registered>();
const caches = global[REGISTRY];

// With a read replica, a page rendered just after a change may have read the replica before the
// change reached it: the pages are dropped again this long after each change.
const REPLICA_LAG_ALLOWANCE_MS = 2_000;

/**
 * The page cache of this database's app server, listening for catalogue changes from the start
 * (on the primary: a replica cannot LISTEN). `replica`: the pages read a replica of `db`.
 */
export function pageCacheOf(db: Database, { replica = false }: { replica?: boolean } = {}): PageCache {
  let registered = caches.get(db);
  if (!registered) {
    const cache = new PageCache();
    const pool = (db as Database & { $client: pg.Pool }).$client;
    const listening = listenTo(pool.options, [CATALOGUE_CHANGED], {
      onNotification: () => {
        cache.clear();
        if (replica) setTimeout(() => cache.clear(), REPLICA_LAG_ALLOWANCE_MS).unref();
      },
      onListening: () => cache.setListening(true),
      onLost: () => cache.setListening(false),
    });
    registered = { cache, listening };
    caches.set(db, registered);
    onDatabaseClose(db, async () => {
      cache.setListening(false);
      await listening.stop();
    });
  }
  return registered.cache;
}
