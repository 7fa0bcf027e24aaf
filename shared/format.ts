// Formatting happens here, at the edge; everything below the UI works in integer cents.
//
// In en-US and US dollars only (the shop's), written out rather than through Intl: a browser's
// first Intl formatter loads its locale data, 15 ms of a page's hydration on this machine and
// about 60 on a slow phone, for numbers this simple. format.test.ts checks each against Intl.

/** 1234567 -> "1,234,567": a count, rounded to a whole number, with en-US digit groups. */
export function formatWhole(value: number): string {
  const rounded = Math.round(Math.abs(value));
  return `${value < 0 && rounded > 0 ? "-" : ""}${String(rounded).replace(/\B(?=(\d{3})+$)/g, ",")}`;
}

/** 2999 -> "$29.99" */
export function formatPrice(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const sign = cents < 0 && whole > 0 ? "-" : "";
  return `${sign}$${formatWhole(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, "0")}`;
}

/**
 * 2999 -> "29.99", -5 -> "-0.05": cents as a plain decimal, for a file a spreadsheet reads as a
 * number (a CSV's amounts), written from the integer so that no cent is lost to floating point.
 */
export function formatDecimal(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const sign = cents < 0 && whole > 0 ? "-" : "";
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

/** Rounded percent of (original - price) / original; 0 when there is no discount. */
export function discountPercent(priceCents: number, originalPriceCents: number | null | undefined): number {
  if (!originalPriceCents || originalPriceCents <= priceCents) return 0;
  return Math.round(((originalPriceCents - priceCents) / originalPriceCents) * 100);
}

const COMPACT_UNITS = ["", "K", "M", "B", "T"];

/** 12500 -> "12.5K": a count to a tenth, in thousands, millions... (999,950 -> "1M"). */
export function formatCount(value: number): string {
  const abs = Math.abs(value);
  let unit = 0;
  // Whole tenths of the unit, from exact integers: 1150 is 11.5 tenths of a thousand, not 11.4999...
  let tenths = Math.round(abs * 10);
  while (unit < COMPACT_UNITS.length - 1 && tenths >= 10_000) {
    unit++;
    tenths = Math.round((abs * 10) / 1000 ** unit);
  }
  return `${value < 0 && tenths > 0 ? "-" : ""}${tenths / 10}${COMPACT_UNITS[unit]}`;
}

/**
 * A count and the noun that agrees with it: "1 review", "2 reviews", "1,234 reviews", or with
 * `format` = formatCount, "1.5K followers".
 */
export function countOf(
  value: number,
  one: string,
  other: string,
  format: (value: number) => string = formatWhole,
): string {
  return `${format(value)} ${nounFor(value, one, other)}`;
}

/** The noun that agrees with a count: "review" for 1, "reviews" for any other. */
export function nounFor(value: number, one: string, other: string): string {
  return Math.abs(value) === 1 ? one : other;
}

/** Bytes as a shopper reads them: "24 MB", "1.2 GB". */
export function formatFileSize(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = value >= 10 || unit === 0 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** 150 -> "2h 30m" */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A time (a Date, an ISO time or a YYYY-MM-DD date) as its UTC day, "Dec 24, 2026". */
export function formatDayUtc(time: Date | string): string {
  const date = typeof time === "string" ? new Date(time) : time;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** An ISO time as "Nov 22, 2026, 1:05 PM UTC". */
export function formatDateTimeUtc(iso: string): string {
  const date = new Date(iso);
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, "0");
  return `${formatDayUtc(date)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"} UTC`;
}

/** How a total's tax row is named: "Tax (8%)", or "VAT 20% (United Kingdom), included" where the prices held it. */
export function taxRowLabel(taxLabel: string, taxIncluded: boolean): string {
  return taxIncluded ? `${taxLabel}, included` : taxLabel;
}

/** The row of the VAT a business under a reverse charge does not pay, taken off prices that include it. */
export const WAIVED_TAX_LABEL = "VAT in the prices, not charged (reverse charge)";
