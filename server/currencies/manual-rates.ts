import { and, asc, eq, isNull } from "drizzle-orm";
import { isKnownCurrency, SETTLEMENT_CURRENCY } from "../../shared/currencies.ts";
import { rateText } from "../../shared/exchange-rate.ts";
import { manualRateProblem } from "../../shared/manual-rate-schema.ts";
import type { Database } from "../db/client.ts";
import { exchangeRates } from "../db/schema.ts";
import { sqlStateOf } from "../db/sql-state.ts";
import { Refusal } from "../lib/refusal.ts";

// Rates the owner sets by hand (the admin's Exchange rates page): one per currency, from the
// settlement currency, which wins over the feed's until the owner clears it. Setting a new one
// clears the one before; every one is kept with who set and who cleared it.

interface ManualRate {
  currency: string;
  /** Units of `currency` per unit of the settlement currency, as typed (without trailing zeros). */
  rate: string;
  day: string;
  setBy: string | null;
  setAt: Date;
}

/**
 * Sets the owner's rate for `currency`, in place of the one before; a wrong currency, or a rate
 * that is not a positive decimal up to a million (shared/manual-rate-schema.ts), is refused (400).
 */
export async function setManualRate(
  db: Database,
  { currency, rate, setBy, now = new Date() }: { currency: string; rate: string; setBy: string; now?: Date },
): Promise<ManualRate> {
  if (!isKnownCurrency(currency) || currency === SETTLEMENT_CURRENCY) {
    throw new Refusal(
      currency === SETTLEMENT_CURRENCY
        ? `${SETTLEMENT_CURRENCY} is the shop's own currency: it needs no rate.`
        : `The shop knows no currency ${/^[A-Za-z]{3}$/.test(currency) ? currency : "by that name"}: choose one from the list.`,
      "invalid",
      { field: "currency" },
    );
  }
  // The same rules as the admin page's form checks as the owner types (shared/manual-rate-schema.ts).
  const problem = manualRateProblem(rate, currency);
  if (problem) throw new Refusal(problem, "invalid", { field: "rate" });
  const text = rateText(rate);
  const day = now.toISOString().slice(0, 10);
  try {
    return await db.transaction(async (tx) => {
      await tx.update(exchangeRates).set({ clearedAt: now, clearedBy: setBy }).where(inForce(currency));
      const [row] = await tx
        .insert(exchangeRates)
        .values({
          base: SETTLEMENT_CURRENCY,
          quote: currency,
          rate: text,
          source: "manual",
          day,
          setBy,
          createdAt: now,
        })
        .returning({ day: exchangeRates.day });
      return { currency, rate: text, day: row!.day, setBy, setAt: now };
    });
  } catch (error) {
    // Two owners setting the same currency's rate at once: one of them is told.
    if (sqlStateOf(error) !== "23505") throw error;
    throw new Refusal(
      `The ${currency} rate was set by someone else just now: look at it, then set yours again.`,
      "conflict",
      {
        field: "currency",
      },
    );
  }
}

/** Clears the owner's rate for `currency`: the feed's is used again. Whether there was one to clear. */
export async function clearManualRate(
  db: Database,
  { currency, clearedBy, now = new Date() }: { currency: string; clearedBy: string; now?: Date },
): Promise<boolean> {
  const cleared = await db
    .update(exchangeRates)
    .set({ clearedAt: now, clearedBy })
    .where(inForce(currency))
    .returning({ id: exchangeRates.id });
  return cleared.length > 0;
}

/** The owner's rates in force, by currency code. */
export async function manualRatesInForce(db: Database): Promise<ManualRate[]> {
  const rows = await db
    .select({
      currency: exchangeRates.quote,
      rate: exchangeRates.rate,
      day: exchangeRates.day,
      setBy: exchangeRates.setBy,
      setAt: exchangeRates.createdAt,
    })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.source, "manual"), isNull(exchangeRates.clearedAt)))
    .orderBy(asc(exchangeRates.quote));
  return rows.map((row) => ({ ...row, rate: rateText(row.rate) }));
}

const inForce = (currency: string) =>
  and(
    eq(exchangeRates.source, "manual"),
    eq(exchangeRates.base, SETTLEMENT_CURRENCY),
    eq(exchangeRates.quote, currency),
    isNull(exchangeRates.clearedAt),
  );
