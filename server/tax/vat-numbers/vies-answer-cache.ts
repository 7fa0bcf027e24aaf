import { LRUCache } from "lru-cache";
import type { ViesAnswer } from "./vies-client.ts";

// VIES's "valid" answers, kept a day in this process's memory: a buyer who comes back to the
// checkout, or buys again the same day, is not asked about again (VIES limits how often a member
// state may be asked: MS_MAX_CONCURRENT_REQ). Only "valid" is kept: a number found not registered
// may be registered an hour later, and "unavailable" says nothing about the number. Each app server
// keeps its own (docs/decisions/058 says why no shared one): at worst each asks VIES once a day.

export type ValidViesAnswer = Extract<ViesAnswer, { status: "valid" }>;

export interface ViesAnswerCache {
  /** The valid answer kept for this number (VIES prefix and number), if one is younger than a day. */
  get(countryCode: string, vatNumber: string): ValidViesAnswer | undefined;
  /** Keeps a valid answer for a day from now. */
  keep(answer: ValidViesAnswer): void;
}

const DAY_MS = 24 * 3600_000;

/** A cache of valid answers; `now` (milliseconds) is the clock, `max` the most numbers kept. */
export function viesAnswerCache({ now = Date.now, max = 10_000 }: { now?: () => number; max?: number } = {}) {
  // ttlResolution 0: every look-up reads the clock (lru-cache otherwise holds a reading for 1 ms).
  const answers = new LRUCache<string, ValidViesAnswer>({ max, ttl: DAY_MS, ttlResolution: 0, perf: { now } });
  return {
    get: (countryCode, vatNumber) => answers.get(`${countryCode}${vatNumber}`),
    keep(answer) {
      answers.set(`${answer.countryCode}${answer.vatNumber}`, answer);
    },
  } satisfies ViesAnswerCache;
}
