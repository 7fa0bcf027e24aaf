import { eq, max } from "drizzle-orm";
import type { RatesFeed } from "../config/env.ts";
import type { Queryable } from "../db/client.ts";
import { exchangeRates } from "../db/schema.ts";
import { daysBetween, FEED_MAX_BYTES, FeedRefused, parseEcbRates } from "./ecb-feed.ts";
import { sampleEcbFile } from "./ecb-stand-in.ts";

// The daily job (update-exchange-rates, server/jobs/workers.ts): the feed's file is read, checked
// (server/currencies/ecb-feed.ts) and its day's rates stored as they were published. Nothing is
// ever removed or changed: a refused file leaves the rates held as they were, and a day already
// stored (the job run twice, or on two servers) is stored once.

/** How long the feed may take to answer and send its file. */
const FEED_TIMEOUT_MS = 30_000;

type RatesUpdate =
  | { outcome: "stored"; day: string; count: number; from: string }
  | { outcome: "held"; day: string; from: string }
  | { outcome: "refused"; kind: "malformed" | "stale"; reason: string; from: string; held: string | null };

/** Where the rates come from, as the rows and the log name it. */
function feedName(feed: RatesFeed): string {
  return feed.kind === "sample" ? "sample" : feed.url;
}

/**
 * Reads the feed and stores its day's rates (base EUR). Refused files are the outcome "refused"
 * with the reason; a feed that cannot be reached, or answers with an error, throws FeedUnreachable
 * (the job is tried again later).
 */
export async function updateExchangeRates(
  db: Queryable,
  { feed, sold, now = new Date() }: { feed: RatesFeed; sold: readonly string[]; now?: Date },
): Promise<RatesUpdate> {
  const from = feedName(feed);
  const held = await latestFeedDay(db);
  let parsed: ReturnType<typeof parseEcbRates>;
  try {
    const text = feed.kind === "sample" ? sampleEcbFile(now) : await fetchFeed(feed.url);
    parsed = parseEcbRates(text, { required: sold, now });
  } catch (error) {
    if (!(error instanceof FeedRefused)) throw error;
    return { outcome: "refused", kind: error.kind, reason: error.message, from, held };
  }
  const { day, rates } = parsed;
  if (held && day < held) {
    return { outcome: "refused", kind: "stale", reason: `is for ${day}, before the rates held (${held})`, from, held };
  }
  const stored = await db
    .insert(exchangeRates)
    .values(
      [...rates].map(([quote, rate]) => ({ base: "EUR", quote, rate, source: "ecb" as const, day, fetchedFrom: from })),
    )
    .onConflictDoNothing()
    .returning({ id: exchangeRates.id });
  return stored.length === 0 ? { outcome: "held", day, from } : { outcome: "stored", day, count: stored.length, from };
}

/**
 * The job's run: updates the rates, logs what came of it, and fails on a broken file or a feed that
 * did not answer, so that the queue tries again later; a stale file does not fail (it would be as
 * stale an hour later).
 */
export async function runRatesJob(
  db: Queryable,
  options: { feed: RatesFeed; sold: readonly string[]; log: (level: LogLevel, message: string) => void; now?: Date },
): Promise<void> {
  const update = await updateExchangeRates(db, options);
  const { level, message } = describeRatesUpdate(update);
  options.log(level, message);
  if (update.outcome === "refused" && update.kind === "malformed") throw new Error(message);
}

type LogLevel = "info" | "warn" | "error";

/** The day of the latest rates the feed gave, or null before its first. */
export async function latestFeedDay(db: Queryable): Promise<string | null> {
  const [row] = await db
    .select({ day: max(exchangeRates.day) })
    .from(exchangeRates)
    .where(eq(exchangeRates.source, "ecb"));
  return row?.day ?? null;
}

/**
 * Whether a server starting now should read the feed at once rather than wait for the schedule:
 * when the shop holds no feed rates of today or yesterday (a new shop, one stopped for days).
 */
export async function ratesDueAtStart(db: Queryable, now: Date): Promise<boolean> {
  const day = await latestFeedDay(db);
  return !day || daysBetween(day, now) > 1;
}

/**
 * The feed did not give its file: it answered an error, or not at all in time. The job is tried
 * again later; the admin's page says so (the rates held are kept either way).
 */
export class FeedUnreachable extends Error {
  override name = "FeedUnreachable";
}

/** The feed's file as text; an error status or a timeout throws (FeedUnreachable), an oversized answer is refused (FeedRefused). */
async function fetchFeed(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: "application/xml, text/xml" },
      signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === "TimeoutError"
        ? `no answer in ${FEED_TIMEOUT_MS / 1000} s`
        : "no answer";
    throw new FeedUnreachable(`The exchange rates feed ${url} gave ${reason}: the rates held are kept`, {
      cause: error,
    });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new FeedUnreachable(`The exchange rates feed ${url} answered ${response.status}: the rates held are kept`);
  }
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > FEED_MAX_BYTES) {
    await response.body?.cancel();
    throw new FeedRefused("malformed", `is ${declared} bytes: more than a rates file (${FEED_MAX_BYTES})`);
  }
  const text = await response.text();
  if (text.length > FEED_MAX_BYTES) {
    throw new FeedRefused("malformed", `is ${text.length} characters: more than a rates file (${FEED_MAX_BYTES})`);
  }
  return text;
}

/** The job's log line for an update: what was stored, or why nothing was and which rates stay. */
export function describeRatesUpdate(update: RatesUpdate): { level: LogLevel; message: string } {
  switch (update.outcome) {
    case "stored":
      return {
        level: "info",
        message: `Exchange rates: stored ${update.count} rates of ${update.day} from ${update.from}`,
      };
    case "held":
      return { level: "info", message: `Exchange rates: those of ${update.day} from ${update.from} are held already` };
    case "refused": {
      const kept = update.held ? `the rates of ${update.held} are kept` : "the shop holds no rates from the feed yet";
      return {
        level: update.kind === "malformed" ? "error" : "warn",
        message: `Exchange rates refused: the file from ${update.from} ${update.reason}; ${kept}`,
      };
    }
  }
}
