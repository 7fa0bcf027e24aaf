import { currencyOf, SETTLEMENT_CURRENCY } from "./currencies.ts";
import { formatPrice } from "./format.ts";

// Prices in the shopper's own currency (docs/decisions/059), in the shop's English (en-US). The
// shop's own currency is formatPrice's (written out, no Intl: shared/format.ts says why), so that
// the spec's texts stay what they are; any other goes through Intl, each currency's formatter made
// once. A module of its own: the pages that show only dollars do not load the currencies' data.

const FORMATS = new Map<string, Intl.NumberFormat>();

/**
 * An amount in a currency's minor units as a shopper reads it: 2999 USD -> "$29.99" (formatPrice,
 * byte for byte), 2799 EUR -> "€27.99", 4800 JPY -> "¥4,800", 2999 CAD -> "CA$29.99". A code not in
 * shared/currencies.json is refused (RangeError).
 */
export function formatMoney(amountMinor: number, currency: string): string {
  if (currency === SETTLEMENT_CURRENCY) return formatPrice(amountMinor);
  const { minorDigits } = currencyOf(currency);
  let format = FORMATS.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      minimumFractionDigits: minorDigits,
      maximumFractionDigits: minorDigits,
    });
    FORMATS.set(currency, format);
  }
  // Exact: an integer over a power of ten is the float nearest the decimal, and Intl rounds it back.
  return format.format(Math.round(amountMinor) / 10 ** minorDigits);
}
