import { z } from "zod";
import { SETTLEMENT_CURRENCY } from "./currencies.ts";
import { parseRate } from "./exchange-rate.ts";

// A rate the owner types on the admin's Exchange rates page, checked the same way in the browser
// as it is typed and by the server before it is stored (server/currencies/manual-rates.ts): it is
// trusted as typed (decision 059), so only what cannot be a rate is refused.

/**
 * The most a typed rate may be. The highest of the ECB's rates is about 20,000 (the rupiah to the
 * euro); one above a million units to the dollar is a slip of the keyboard (a rate typed twice,
 * digits without their point), and would price a $29.99 product in the tens of millions.
 */
const MAX_MANUAL_RATE = 1_000_000;

/** Why `rate` cannot be the owner's rate for `currency` (units per one of the settlement currency), or undefined. */
export function manualRateProblem(rate: string | undefined, currency: string): string | undefined {
  const parsed = rate === undefined ? undefined : parseRate(rate);
  if (!parsed) {
    return `Give the rate as a number above 0 with a point, like 0.9234: how many ${currency} one ${SETTLEMENT_CURRENCY} buys.`;
  }
  if (parsed.units > BigInt(MAX_MANUAL_RATE) * 10n ** BigInt(parsed.scale)) {
    return `A rate above ${MAX_MANUAL_RATE.toLocaleString("en-US")} ${currency} to one ${SETTLEMENT_CURRENCY} cannot be right: check the number you typed.`;
  }
  return undefined;
}

/** The Exchange rates page's forms, each named by its submit button's `intent`. */
export const exchangeRateIntentSchema = z.object({ intent: z.enum(["set-rate", "clear-rate", "update-feed"]) });

/** Set a currency's rate by hand: the currency is the form's own (hidden), the rate as typed. */
export const manualRateSchema = z
  .object({
    currency: z.string({ error: "Choose the currency whose rate to set." }).trim(),
    rate: z.string().trim().optional(),
  })
  .superRefine((form, context) => {
    const problem = manualRateProblem(form.rate, form.currency);
    if (problem) context.addIssue({ code: "custom", path: ["rate"], message: problem });
  });

/** Clear a currency's rate set by hand: the feed's is used again. */
export const clearRateSchema = z.object({
  currency: z.string({ error: "Choose the currency whose rate to clear." }).trim(),
});

/** The catalogue price the admin's rates screen converts into each currency, as an example ($29.99). */
export const EXAMPLE_PRICE_CENTS = 2999;
