import data from "./currencies.json" with { type: "json" };

// The currencies the shop can sell in, as data (shared/currencies.json, docs/decisions/059): code,
// name, the digits of the minor unit (ISO 4217) and the ladder of price endings a converted price
// is moved to. Here, not in server/, so that the browser can convert and format prices too.

/** Prices k x every - less (k = 1, 2, ...), in minor units: { every: 100, less: 1 } is 0.99, 1.99, ... */
interface PriceEnding {
  every: number;
  less: number;
}

export interface Currency {
  /** ISO 4217: "EUR". */
  code: string;
  name: string;
  /** Digits after the decimal point: 2 for cents, 0 for yen. */
  minorDigits: number;
  /** Coarsest first (shared/exchange-rate.ts convertPrice). */
  endings: readonly PriceEnding[];
}

const LADDERS: Readonly<Record<string, readonly PriceEnding[]>> = data.priceEndings.ladders;

export const CURRENCIES: readonly Currency[] = data.currencies.map((currency) => {
  const endings = LADDERS[currency.ladder];
  if (!endings) throw new Error(`shared/currencies.json: ${currency.code} names no ladder "${currency.ladder}"`);
  return { code: currency.code, name: currency.name, minorDigits: currency.minorDigits, endings };
});

const BY_CODE: ReadonlyMap<string, Currency> = new Map(CURRENCIES.map((currency) => [currency.code, currency]));

/** The currency the ledger, payouts and reports keep: the shop's own (not configurable, decision 059). */
export const SETTLEMENT_CURRENCY: string = data.settlement;

/** How far a price with a deliberate ending may be from the exact converted amount, in basis points. */
export const PRICE_ENDING_MARGINS = {
  below: data.priceEndings.belowAtMostBasisPoints,
  above: data.priceEndings.aboveAtMostBasisPoints,
} as const;

/** The default of SHOP_CURRENCIES: the ones the issue asked for. */
export const DEFAULT_SHOP_CURRENCIES: readonly string[] = ["USD", "EUR", "GBP", "CAD", "AUD", "JPY"];

/** Whether `code` is a currency the shop knows (any of shared/currencies.json), as written ("EUR"). */
export function isKnownCurrency(code: string): boolean {
  return BY_CODE.has(code);
}

/** The currency of a known code; an unknown one is a programming error here (check with isKnownCurrency). */
export function currencyOf(code: string): Currency {
  const currency = BY_CODE.get(code);
  if (!currency) throw new RangeError(`Unknown currency ${JSON.stringify(code)}: not in shared/currencies.json`);
  return currency;
}

/**
 * The currency a shopper's remembered choice (a cookie's value, a form field) stands for: itself
 * when the shop sells in it, else the settlement currency (a choice from before the owner stopped
 * selling in a currency, or a made-up one).
 */
export function chosenCurrency(choice: string | null | undefined, sold: readonly string[]): string {
  const code = choice?.trim().toUpperCase();
  return code && sold.includes(code) ? code : SETTLEMENT_CURRENCY;
}
