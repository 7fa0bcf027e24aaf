import { sql } from "drizzle-orm";
import { check, date, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./accounts.ts";

export const EXCHANGE_RATE_SOURCES = ["ecb", "manual"] as const;

// Exchange rates (server/currencies/, docs/decisions/059): the European Central Bank's daily
// reference rates as the feed published them (base EUR), and the rates the owner set by hand (base
// the settlement currency), which win over the feed until cleared. Rows are kept, never changed but
// for a manual rate's clearing, so that the rate an order used can be traced to where it came from.

export const exchangeRates = pgTable(
  "exchange_rates",
  {
    id: serial("id").primaryKey(),
    /** ISO 4217 codes: one unit of `base` is worth `rate` units of `quote`. */
    base: text("base").notNull(),
    quote: text("quote").notNull(),
    /** An exact decimal as published or typed ("0.84638"): never a float. */
    rate: numeric("rate").notNull(),
    /** ecb: the daily feed (EXCHANGE_RATES_URL); manual: set by the owner. */
    source: text("source", { enum: EXCHANGE_RATE_SOURCES }).notNull(),
    /** The day the rate is for: the feed's reference day, or the day the owner set it. */
    day: date("day", { mode: "string" }).notNull(),
    /** Where the feed's file was read from (a URL, or "sample" for the stand-in's file). */
    fetchedFrom: text("fetched_from"),
    /** Who set a manual rate, and who cleared it and when; a cleared rate is no longer used. */
    setBy: text("set_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
    clearedBy: text("cleared_by").references(() => user.id, { onDelete: "set null" }),
  },
  (table) => [
    check("exchange_rates_source_known", sql`${table.source} IN ('ecb', 'manual')`),
    check("exchange_rates_rate_positive", sql`${table.rate} > 0`),
    check("exchange_rates_codes_format", sql`${table.base} ~ '^[A-Z]{3}$' AND ${table.quote} ~ '^[A-Z]{3}$'`),
    check("exchange_rates_feed_not_cleared", sql`${table.source} = 'manual' OR ${table.clearedAt} IS NULL`),
    // A day's file stored twice (the job run twice, on two servers) is one set of rows.
    uniqueIndex("exchange_rates_feed_day_idx")
      .on(table.day, table.base, table.quote)
      .where(sql`${table.source} = 'ecb'`),
    // One manual rate in force per pair.
    uniqueIndex("exchange_rates_manual_in_force_idx")
      .on(table.base, table.quote)
      .where(sql`${table.source} = 'manual' AND ${table.clearedAt} IS NULL`),
  ],
);
