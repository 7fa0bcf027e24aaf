// Seeded pseudo-random numbers for generated content: the cover art (server/media) and the load-test catalogue
// (server/demo/catalogue/generated-products). Both promise the same output for the same seed — art URLs are cached
// forever and a catalogue seed must reproduce its products — so the algorithm and the way the helpers consume
// numbers must never change.

/** Returns numbers in [0, 1), like Math.random. */
export type Random = () => number;

/** mulberry32: tiny and fast, with plenty of quality for picking words and shapes (not for anything secret). */
export function seededRandom(seed: number): Random {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One element of a non-empty list. */
export const pick = <T>(r: Random, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;

/** A whole number from lo to hi, both included. */
export const intBetween = (r: Random, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
