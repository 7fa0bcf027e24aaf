import { inArray } from "drizzle-orm";
import { currencyOf, SETTLEMENT_CURRENCY } from "../../shared/currencies.ts";
import { convertAmount, convertPrice } from "../../shared/exchange-rate.ts";
import { formatDayUtc } from "../../shared/format.ts";
import { EXAMPLE_PRICE_CENTS } from "../../shared/manual-rate-schema.ts";
import type { RatesFeed } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import { user } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { daysBetween, FEED_CURRENT_DAYS } from "./ecb-feed.ts";
import { clearManualRate, manualRatesInForce, setManualRate } from "./manual-rates.ts";
import { latestFeedRates, notSoldMessage, ratesInForce } from "./rates.ts";
import { describeRatesUpdate, FeedUnreachable, updateExchangeRates } from "./update-rates.ts";

// The admin's Exchange rates page (app/routes/admin/exchange-rates.tsx): each currency the shop
// sells in with the rate in force and where it comes from, the feed's latest beside the owner's own
// (decision 059: a manual rate is trusted as typed, so the owner should see what the ECB says), and
// the owner's three actions: set a rate, clear it, read the feed now.

interface CurrencyRates {
  code: string;
  name: string;
  /** The rate buyers are priced at (units per one of the settlement currency); null: not offered. */
  inForce: { rate: string; source: "ecb" | "manual" | "same"; day: string | null } | null;
  /** Why the currency is not offered, when it is not. */
  notOffered: string | null;
  /** The owner's rate in force, with who set it (their name; null when the account is gone) and when. */
  manual: { rate: string; setBy: string | null; setAt: string } | null;
  /** The feed's latest rate for the currency, however old, crossed through the euro. */
  feed: { rate: string; day: string } | null;
  /** EXAMPLE_PRICE_CENTS in the currency at the rate in force: as buyers see it (with its ending), and exactly. */
  example: { priceMinor: number; exactMinor: number } | null;
}

interface RatesScreen {
  currencies: CurrencyRates[];
  /** The feed's latest file held: its day, where it was read from, and whether it is still used. */
  feed: { day: string; from: string | null; current: boolean } | null;
}

/** Everything the page shows, for the currencies in `sold`, in that order. */
export async function exchangeRatesScreen(
  db: Database,
  { sold, now = new Date() }: { sold: readonly string[]; now?: Date },
): Promise<RatesScreen> {
  const [inForce, feed, manual] = await Promise.all([
    ratesInForce(db, { sold, now }),
    latestFeedRates(db, { sold }),
    manualRatesInForce(db),
  ]);
  const setters = manual.flatMap((rate) => (rate.setBy ? [rate.setBy] : []));
  const names = new Map(
    setters.length === 0
      ? []
      : (await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, setters))).map(
          (row) => [row.id, row.name] as const,
        ),
  );
  const current = feed !== null && daysBetween(feed.day, now) <= FEED_CURRENT_DAYS;
  const currencies = sold.map((code): CurrencyRates => {
    const rate = inForce.get(code) ?? null;
    const own = manual.find((each) => each.currency === code);
    const feedRate = feed?.rates.get(code);
    return {
      code,
      name: currencyOf(code).name,
      inForce: rate && { rate: rate.rate, source: rate.source, day: rate.day },
      notOffered: rate ? null : whyNotOffered(code, feed, now),
      manual: own
        ? { rate: own.rate, setBy: own.setBy ? (names.get(own.setBy) ?? null) : null, setAt: own.setAt.toISOString() }
        : null,
      feed: feed && feedRate ? { rate: feedRate, day: feed.day } : null,
      example: rate
        ? {
            priceMinor: convertPrice(EXAMPLE_PRICE_CENTS, { from: SETTLEMENT_CURRENCY, to: code, rate: rate.rate }),
            exactMinor: convertAmount(EXAMPLE_PRICE_CENTS, { from: SETTLEMENT_CURRENCY, to: code, rate: rate.rate }),
          }
        : null,
    };
  });
  return { currencies, feed: feed && { day: feed.day, from: feed.from, current } };
}

/** Why a currency has no rate in force: it has none set by hand, and the feed gives none that may be used. */
function whyNotOffered(code: string, feed: { day: string; rates: Map<string, string> } | null, now: Date): string {
  const reason = !feed
    ? "the feed has given no rates yet"
    : daysBetween(feed.day, now) > FEED_CURRENT_DAYS
      ? `the feed's latest rates, of ${formatDayUtc(feed.day)}, are more than ${FEED_CURRENT_DAYS} days old`
      : `the feed's rates of ${formatDayUtc(feed.day)} have none for ${code}`;
  return `Not offered to buyers: ${reason}, and no rate is set by hand.`;
}

/**
 * The owner sets a currency's rate (setManualRate's rules), for a currency the shop sells in: one it
 * does not is refused (400) as a buyer's choice of it is, since no buyer could be priced with it.
 */
export async function setRateByHand(
  db: Database,
  options: { currency: string; rate: string; sold: readonly string[]; setBy: string; now?: Date },
) {
  const { currency, sold } = options;
  if (!sold.includes(currency)) throw new Refusal(notSoldMessage(currency, sold), "invalid", { field: "currency" });
  return setManualRate(db, options);
}

/** The owner clears a currency's rate: whether one was set, and the rate in force after (the feed's, or none). */
export async function clearRateByHand(
  db: Database,
  {
    currency,
    sold,
    clearedBy,
    now = new Date(),
  }: { currency: string; sold: readonly string[]; clearedBy: string; now?: Date },
) {
  const cleared = await clearManualRate(db, { currency, clearedBy, now });
  const after = sold.includes(currency) ? (await ratesInForce(db, { sold: [currency], now })).get(currency) : undefined;
  return { cleared, after: after ?? null };
}

type Log = (level: "info" | "warn" | "error", message: string) => void;

/**
 * The owner's "Update from the ECB now": the job's own step (updateExchangeRates), logged as the job
 * logs it, answered in words: what was stored, or (a Refusal, 502) why the feed's file was not, or
 * that the feed did not answer; the rates held are kept either way.
 */
export async function updateRatesNow(
  db: Database,
  { feed, sold, log, now = new Date() }: { feed: RatesFeed; sold: readonly string[]; log: Log; now?: Date },
): Promise<string> {
  let update: Awaited<ReturnType<typeof updateExchangeRates>>;
  try {
    update = await updateExchangeRates(db, { feed, sold, now });
  } catch (error) {
    if (!(error instanceof FeedUnreachable)) throw error;
    log("warn", error.message);
    throw new Refusal(`${error.message}. The job tries again by itself at 15:41 and 21:41 UTC.`, "upstream-failed", {
      cause: error,
    });
  }
  const logged = describeRatesUpdate(update);
  log(logged.level, logged.message);
  const from = update.from === "sample" ? "the shop's sample file" : update.from;
  switch (update.outcome) {
    case "stored":
      return `Updated: the ECB's rates of ${formatDayUtc(update.day)} are in force, ${update.count} rates read from ${from}.`;
    case "held":
      return `Nothing new: the ECB's rates of ${formatDayUtc(update.day)} from ${from} were held already.`;
    case "refused": {
      const kept = update.held
        ? `The rates of ${formatDayUtc(update.held)} are kept.`
        : "The shop holds no rates from the feed yet.";
      const file = update.from === "sample" ? from : `the file from ${from}`;
      throw new Refusal(`The feed's file was refused: ${file} ${update.reason}. ${kept}`, "upstream-failed");
    }
  }
}
