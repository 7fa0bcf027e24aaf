import crypto from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import zlib from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import type pg from "pg";
import { type Database, onDatabaseClose } from "../db/client.ts";
import { type Listening, listenTo } from "../db/listen.ts";
import { requestUrl } from "./request-url.ts";

/**
 * A page the same for every visitor (a response marked `Cache-Control: public`), as sent: its
 * status, every header (the security headers too, its CSP allowing its inline scripts by their
 * hashes rather than by a per-response nonce, which a kept page could not carry), its body and
 * ETag, and its body compressed, made when first asked for.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  encoded: { br?: Buffer; gzip?: Buffer };
}

/** The PostgreSQL channel a trigger notifies when something a public page shows changes (migration 0022). */
export const CATALOGUE_CHANGED = "catalogue_changed";
/** A token each app server sends itself after a write, to know its catalogue notifications have come. */
const WRITE_CAUGHT_UP = "page_cache_caught_up";

const MAX_BYTES = 64 * 1024 * 1024;
/** What a kept page counts against MAX_BYTES: its body and about what its headers take. */
const pageBytes = (page: CachedPage) => page.body.length + 512;
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
    sizeCalculation: pageBytes,
    ttl: TTL_MS,
  });
  /**
   * The last copy of each page, kept past its minute and while the catalogue's notifications are
   * not heard (the database away): answered, stale, when rendering the page fails (stale-if-error).
   * Dropped only when the catalogue changes.
   */
  private readonly lastGood = new LRUCache<string, CachedPage>({
    maxSize: MAX_BYTES,
    sizeCalculation: pageBytes,
  });
  private listening = false;
  /** Counts the drops: a page rendered before one must not be kept after it. */
  private generation = 0;
  /** Writes this server answered whose notifications may still be on their way. */
  private readonly catchingUp = new Set<Promise<void>>();
  /**
   * Pages being rendered, by generation and address: who asks for one meanwhile waits for it rather
   * than rendering it again (50 visitors of a page just dropped would otherwise render it 50 times).
   */
  private readonly rendering = new Map<string, { page: Promise<CachedPage | undefined>; land: Land }>();

  /**
   * `catchUp` settles once every notification of what was committed before it was called has
   * arrived (pageCacheOf: a token through the same queue, which PostgreSQL keeps in commit order).
   */
  private readonly catchUp: () => Promise<void>;

  constructor(catchUp: () => Promise<void> = async () => {}) {
    this.catchUp = catchUp;
  }

  get(key: string): CachedPage | undefined {
    return this.listening ? this.pages.get(key) : undefined;
  }

  /** A mark to hand to `set` for a page whose rendering starts now. */
  mark(): number {
    return this.generation;
  }

  /**
   * Keeps the page, unless the catalogue changed since `mark` (it may show the old catalogue), and
   * hands it to those waiting for the rendering that began at `mark`.
   */
  set(key: string, page: CachedPage, mark: number): void {
    if (this.listening && mark === this.generation) {
      this.pages.set(key, page);
      this.lastGood.set(key, page);
    }
    this.land(key, mark, page);
  }

  /** The last copy of a page, however old, for when it cannot be rendered now. */
  lastGoodCopy(key: string): CachedPage | undefined {
    return this.lastGood.get(key);
  }

  /**
   * Single flight: the page at `key` being rendered, to wait for (undefined when it was not one for
   * everyone, or its rendering failed); or undefined, and the caller renders it, handing it to `set`,
   * or saying with `abandonRendering` that there is none to hand over.
   */
  joinRendering(key: string): Promise<CachedPage | undefined> | undefined {
    const flight = `${this.generation} ${key}`;
    const rendering = this.rendering.get(flight);
    if (rendering) return rendering.page;
    let land: Land = () => {};
    const page = new Promise<CachedPage | undefined>((resolve) => {
      land = resolve;
    });
    this.rendering.set(flight, { page, land });
    return undefined;
  }

  /** The rendering of `key` that began at `mark` gave no page for everyone (or none at all): its waiters render their own. */
  abandonRendering(key: string, mark: number): void {
    this.land(key, mark, undefined);
  }

  private land(key: string, mark: number, page: CachedPage | undefined): void {
    const flight = `${mark} ${key}`;
    const rendering = this.rendering.get(flight);
    if (!rendering) return;
    this.rendering.delete(flight);
    rendering.land(page);
  }

  /**
   * A write answered here (a follow, a price, a review): its notification reaches this server a
   * moment after the writer's own next request may (React Router reloads the page's data at
   * once), so pages are looked up only once it has come. A catch-up that fails drops every page.
   */
  noteWrite(): void {
    if (!this.listening) return;
    const caughtUp: Promise<void> = this.catchUp()
      .catch(() => this.clear())
      .finally(() => this.catchingUp.delete(caughtUp));
    this.catchingUp.add(caughtUp);
  }

  /** Settles once the writes answered so far have caught up; undefined when none is catching up (mostly). */
  caughtUp(): Promise<unknown> | undefined {
    return this.catchingUp.size > 0 ? Promise.all(this.catchingUp) : undefined;
  }

  /** Drops every page: the catalogue changed. */
  clear(): void {
    this.dropFresh();
    this.lastGood.clear();
  }

  /**
   * Listening or not; either way the pages kept so far are no longer served as current (a change
   * may go unheard), but their last copies stay for an outage: the connection is lost when the
   * database goes away.
   */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.dropFresh();
  }

  private dropFresh(): void {
    this.generation++;
    this.pages.clear();
  }
}

type Land = (page: CachedPage | undefined) => void;

// Headers that belong to one response, not to the page.
const PER_RESPONSE = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding", "etag"]);

/**
 * A response as a page to keep. The nonce it was rendered with is taken out and its CSP allows its
 * inline scripts by their hashes: so the same page is the same bytes (and ETag) however often and
 * on whichever app server it is rendered.
 */
export function cachedPageOf({
  status,
  headers,
  rendered,
  nonce,
}: {
  status: number;
  headers: Iterable<[string, string]>;
  rendered: Buffer;
  nonce?: string;
}): CachedPage {
  const kept = [...headers].filter(([name]) => !PER_RESPONSE.has(name.toLowerCase()));
  const isHtml = kept.some(([name, value]) => name.toLowerCase() === "content-type" && value.startsWith("text/html"));
  // The page read as text once, for taking the nonce out and for hashing its scripts.
  const html = isHtml ? rendered.toString("utf8") : undefined;
  const text = html !== undefined && nonce ? html.replaceAll(` nonce="${nonce}"`, "") : html;
  const body = text !== undefined && text !== html ? Buffer.from(text) : rendered;
  const hashes = text !== undefined ? inlineScriptHashes(text).join(" ") : "";
  return {
    status,
    headers: kept.map(([name, value]) =>
      name.toLowerCase() === "content-security-policy" && nonce
        ? [name, value.replace(`'nonce-${nonce}'`, hashes).replace(/ {2,}/g, " ").replace(" ;", ";")]
        : [name, value],
    ),
    body,
    etag: `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`,
    encoded: {},
  };
}

/**
 * Sends a kept page, or 304 when the browser (or a CDN) holds it already; compressed as the client
 * accepts (each encoding made once per page).
 */
export function sendCachedPage(req: Request, res: Response, page: CachedPage): void {
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  // A page's data for a navigation in the browser (/product/1.data) is asked for again after a
  // form was sent: a browser's or CDN's stale copy (stale-while-revalidate) would undo what the
  // visitor just did. The browser asks each time (304 while unchanged); this server's copy is current.
  if (req.path.endsWith(".data")) res.setHeader("Cache-Control", "private, no-cache");
  res.setHeader("ETag", page.etag);
  res.setHeader("Vary", "Accept-Encoding");
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  const encoding = page.body.length >= 1024 ? req.acceptsEncodings("br", "gzip") : false;
  let body = page.body;
  if (encoding === "br") {
    body = page.encoded.br ??= zlib.brotliCompressSync(page.body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 },
    });
  } else if (encoding === "gzip") body = page.encoded.gzip ??= zlib.gzipSync(page.body, { level: 9 });
  if (body !== page.body) res.setHeader("Content-Encoding", encoding as string);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Middleware, ahead of the rest: a page this server keeps is sent at once, without the work of
 * rendering it, nor of the middleware whose headers it already holds. A page not kept is rendered
 * once however many ask for it at the same time: the first renders it, the others are sent what it
 * rendered (or, when that was no page for everyone, go on to render their own).
 */
export function servePageFromCache(cache: PageCache): RequestHandler {
  const serve: RequestHandler = (req, res, next) => {
    const url = requestUrl(req);
    if (url === undefined) return next();
    const page = cache.get(url);
    if (page) return sendCachedPage(req, res, page);
    const mark = cache.mark();
    // Only a GET renders a page to keep (react-router-handler.ts).
    const rendering = req.method === "GET" ? cache.joinRendering(url) : undefined;
    if (rendering) {
      waitAtMost(rendering, FLIGHT_WAIT_MS).then(
        (rendered) => (rendered ? sendCachedPage(req, res, rendered) : next()),
        next,
      );
      return;
    }
    // Answered without a page to keep (private, a redirect, a fault) or not at all: its waiters go on.
    if (req.method === "GET") res.once("close", () => cache.abandonRendering(url, mark));
    next();
  };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.once("finish", () => cache.noteWrite());
      return next();
    }
    // A page asked for while nothing is catching up, as nearly always, is looked up at once.
    const catchingUp = cache.caughtUp();
    if (!catchingUp) return serve(req, res, next);
    // A visitor who left meanwhile (a fetch React Router cancelled) is owed nothing, and must not
    // start a rendering whose end, its response's close, has already passed: the next visitors
    // of that address would wait for it.
    let gone = false;
    res.once("close", () => {
      gone = true;
    });
    catchingUp.then(() => (gone ? undefined : serve(req, res, next)), next);
  };
}

/**
 * How long a visitor waits for another's rendering of the same page before rendering it too: a
 * backstop, so that no rendering that never ends can hold its address.
 */
const FLIGHT_WAIT_MS = 10_000;

function waitAtMost<T>(promise: Promise<T>, milliseconds: number): Promise<T | undefined> {
  const answered = new AbortController();
  const late = sleep(milliseconds, undefined, { signal: answered.signal }).catch(() => undefined);
  return Promise.race([promise, late]).finally(() => answered.abort());
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
/** How long a write's catch-up may take before every page is dropped instead. */
const CATCH_UP_MS = 1_000;

/**
 * The page cache of this database's app server, listening for catalogue changes from the start
 * (on the primary: a replica cannot LISTEN). `replica`: the pages read a replica of `db`.
 */
export function pageCacheOf(db: Database, { replica = false }: { replica?: boolean } = {}): PageCache {
  let registered = caches.get(db);
  if (!registered) {
    const pool = (db as Database & { $client: pg.Pool }).$client;
    const waiting = new Map<string, () => void>();
    const cache = new PageCache(async () => {
      const token = crypto.randomUUID();
      const arrived = new Promise<void>((resolve, reject) => {
        const late = setTimeout(() => reject(new Error("The catch-up notification did not come")), CATCH_UP_MS);
        late.unref();
        waiting.set(token, () => {
          clearTimeout(late);
          resolve();
        });
      });
      arrived.catch(() => {});
      try {
        await pool.query("SELECT pg_notify($1, $2)", [WRITE_CAUGHT_UP, token]);
        await arrived;
      } finally {
        waiting.delete(token);
      }
    });
    const listening = listenTo(pool.options, [CATALOGUE_CHANGED, WRITE_CAUGHT_UP], {
      onNotification: (channel, payload) => {
        if (channel === WRITE_CAUGHT_UP) {
          waiting.get(payload ?? "")?.();
          return;
        }
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
