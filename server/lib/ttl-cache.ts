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
