// Formatting happens here, at the edge; everything below the UI works in integer cents.

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** 2999 -> "$29.99" */
export function formatPrice(cents: number): string {
  return dollars.format(cents / 100);
}

/** Rounded percent of (original - price) / original; 0 when there is no discount. */
export function discountPercent(priceCents: number, originalPriceCents: number | null | undefined): number {
  if (!originalPriceCents || originalPriceCents <= priceCents) return 0;
  return Math.round(((originalPriceCents - priceCents) / originalPriceCents) * 100);
}

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** 12500 -> "12.5K" */
export function formatCount(value: number): string {
  return compact.format(value);
}

const plurals = new Intl.PluralRules("en-US");
const whole = (value: number) => value.toLocaleString("en-US");

/**
 * A count and the noun that agrees with it: "1 review", "2 reviews", "1,234 reviews", or with
 * `format` = formatCount, "1.5K followers".
 */
export function countOf(value: number, one: string, other: string, format: (value: number) => string = whole): string {
  return `${format(value)} ${nounFor(value, one, other)}`;
}

/** The noun that agrees with a count: "review" for 1, "reviews" for any other. */
export function nounFor(value: number, one: string, other: string): string {
  return plurals.select(value) === "one" ? one : other;
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

const dayUtc = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** A time (a Date, an ISO time or a YYYY-MM-DD date) as its UTC day, "Dec 24, 2026". */
export function formatDayUtc(time: Date | string): string {
  return dayUtc.format(typeof time === "string" ? new Date(time) : time);
}

const dateTimeUtc = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** An ISO time as "Nov 22, 2026, 1:05 PM UTC". */
export function formatDateTimeUtc(iso: string): string {
  return `${dateTimeUtc.format(new Date(iso))} UTC`;
}
