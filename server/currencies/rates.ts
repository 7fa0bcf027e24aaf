import { and, eq, isNull } from "drizzle-orm";
import { CURRENCIES, isKnownCurrency, SETTLEMENT_CURRENCY } from "../../shared/currencies.ts";
import { crossRate, rateText } from "../../shared/exchange-rate.ts";
import type { Queryable } from "../db/client.ts";
import { exchangeRates } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { daysBetween, FEED_CURRENT_DAYS } from "./ecb-feed.ts";
import { latestFeedDay } from "./update-rates.ts";

// The rate in force from the settlement currency to each currency the shop sells in: the owner's
// own while set (server/currencies/manual-rates.ts), else the feed's latest day, crossed through
// the euro (the ECB's rates are per euro), while it is current. A currency without either is not
// offered: a price is never shown or charged at a rate the shop does not hold.

/** A rate as a price or an order uses it: `quote` units per unit of `base` (the settlement currency). */
interface RateInForce {
  base: string;
  quote: string;
  /** An exact decimal ("0.9341429239"): the one an order keeps, from which its amounts can be worked out again. */
  rate: string;
  /** ecb: the feed's (crossed through the euro); manual: the owner's; same: the settlement currency itself. */
  source: "ecb" | "manual" | "same";
  /** The day the rate is for (the feed's reference day, the day the owner set it); null for "same". */
  day: string | null;
}

const same = (): RateInForce => ({
  base: SETTLEMENT_CURRENCY,
  quote: SETTLEMENT_CURRENCY,
  rate: "1",
  source: "same",
  day: null,
});

/**
 * The rates in force at `now` for the currencies in `sold`, by code; the settlement currency's is
 * "1". A currency with neither a manual rate nor a current feed rate is left out.
 */
export async function ratesInForce(
  db: Queryable,
  { sold, now = new Date() }: { sold: readonly string[]; now?: Date },
): Promise<Map<string, RateInForce>> {
  const found = new Map<string, RateInForce>();
  if (sold.includes(SETTLEMENT_CURRENCY)) found.set(SETTLEMENT_CURRENCY, same());
  const manual = await db
    .select({ quote: exchangeRates.quote, rate: exchangeRates.rate, day: exchangeRates.day })
    .from(exchangeRates)
    .where(
      and(
        eq(exchangeRates.source, "manual"),
        isNull(exchangeRates.clearedAt),
        eq(exchangeRates.base, SETTLEMENT_CURRENCY),
      ),
    );
  for (const row of manual) {
    if (!sold.includes(row.quote) || row.quote === SETTLEMENT_CURRENCY) continue;
    found.set(row.quote, {
      base: SETTLEMENT_CURRENCY,
      quote: row.quote,
      rate: rateText(row.rate),
      source: "manual",
      day: row.day,
    });
  }
  const feed = await latestFeedRates(db, { sold });
  if (!feed || daysBetween(feed.day, now) > FEED_CURRENT_DAYS) return found;
  for (const [quote, rate] of feed.rates) {
    if (found.has(quote)) continue;
    found.set(quote, { base: SETTLEMENT_CURRENCY, quote, rate, source: "ecb", day: feed.day });
  }
  return found;
}

/**
 * The feed's rates of its latest day, however old, crossed from the settlement currency through the
 * euro, for the currencies in `sold` the file has (the settlement currency left out), with where
 * the file was read from; null before the feed's first file. The admin's screen shows them beside
 * the owner's own, which hide them from ratesInForce.
 */
export async function latestFeedRates(
  db: Queryable,
  { sold }: { sold: readonly string[] },
): Promise<{ day: string; from: string | null; rates: Map<string, string> } | null> {
  const day = await latestFeedDay(db);
  if (!day) return null;
  const perEuro = new Map<string, string>([["EUR", "1"]]);
  const rows = await db
    .select({ quote: exchangeRates.quote, rate: exchangeRates.rate, from: exchangeRates.fetchedFrom })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.source, "ecb"), eq(exchangeRates.day, day), eq(exchangeRates.base, "EUR")));
  for (const row of rows) perEuro.set(row.quote, rateText(row.rate));
  const rates = new Map<string, string>();
  const settlementPerEuro = perEuro.get(SETTLEMENT_CURRENCY);
  for (const quote of sold) {
    const quotePerEuro = perEuro.get(quote);
    if (quote === SETTLEMENT_CURRENCY || !quotePerEuro || !settlementPerEuro) continue;
    rates.set(quote, crossRate(quotePerEuro, settlementPerEuro));
  }
  return { day, from: rows[0]?.from ?? null, rates };
}

/**
 * The rate in force for a buyer's `currency`: refused (400) when the shop does not sell in it, and
 * (409) when it holds no current rate for it, so that nothing is priced or charged at a wrong one.
 */
export async function rateFor(
  db: Queryable,
  { currency, sold, now = new Date() }: { currency: string; sold: readonly string[]; now?: Date },
): Promise<RateInForce> {
  if (!isKnownCurrency(currency) || !sold.includes(currency)) {
    throw new Refusal(notSoldMessage(currency, sold), "invalid", { field: "currency" });
  }
  if (currency === SETTLEMENT_CURRENCY) return same();
  const rate = (await ratesInForce(db, { sold: [currency], now })).get(currency);
  if (!rate) {
    throw new Refusal(
      `Prices in ${currency} cannot be given right now: the shop has no current exchange rate for it. Choose ${SETTLEMENT_CURRENCY}, or try again later.`,
      "conflict",
      { field: "currency" },
    );
  }
  return rate;
}

/** "The shop does not sell in XYZ. Choose one of USD, EUR, ...": the code named only when it looks like one. */
export function notSoldMessage(currency: string, sold: readonly string[]): string {
  const named = /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : "that currency";
  const choices = CURRENCIES.filter((known) => sold.includes(known.code)).map((known) => known.code);
  return `The shop does not sell in ${named}. Choose one of ${choices.join(", ")}.`;
}
