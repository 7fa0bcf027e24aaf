import type { Database } from "../db/client.ts";

// A value recomputed at most once per `ttlMs` in this process, for figures that may be a
// little stale (a catalogue count on the home page) but are costly to compute per request.
export function ttlCache<T>(ttlMs: number, compute: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  let expires = 0;
  return () => {
    const now = Date.now();
    if (!value || now >= expires) {
      expires = now + ttlMs;
      value = compute().catch((error) => {
        value = undefined; // never keep a failure
        throw error;
      });
    }
    return value;
  };
}

/** `load(db)`, kept for `ms` per database: a page's figures may be a minute old. */
export function cachedPerDatabase<T>(ms: number, load: (db: Database) => Promise<T>): (db: Database) => Promise<T> {
  const caches = new WeakMap<Database, () => Promise<T>>();
  return (db) => {
    let cached = caches.get(db);
    if (!cached) {
      cached = ttlCache(ms, () => load(db));
      caches.set(db, cached);
    }
    return cached();
  };
}
