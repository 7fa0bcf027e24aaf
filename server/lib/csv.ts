import { formatDecimal } from "../../shared/format.ts";

// CSV files the shop hands out (a seller's customers, the owner's payout file): RFC 4180, safe to
// open in a spreadsheet.

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, its quotes doubled.
 * A cell that a spreadsheet would run as a formula (it starts with = + - @, or a tab or carriage
 * return that some skip first) is prefixed with ' so that it stays text: a buyer's name is theirs to
 * choose, and "=HYPERLINK(...)" must not become a link in the seller's spreadsheet.
 */
export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A cell: text (null is empty), or an amount in cents (null is empty) written by formatDecimal,
 * nothing but digits, a point and a leading minus, so that a spreadsheet reads it as a number
 * (csvCell would keep "-14.00" as text).
 */
export type CsvValue = string | null | { cents: number | null };

export const amount = (cents: number | null): CsvValue => ({ cents });

function cellOf(value: CsvValue): string {
  if (value === null) return "";
  if (typeof value === "string") return csvCell(value);
  return value.cents === null ? "" : formatDecimal(value.cents);
}

/** Rows of cells as a CSV file's text (RFC 4180: CRLF after each row). */
export function csvFile(rows: readonly (readonly CsvValue[])[]): string {
  return `${rows.map((cells) => cells.map(cellOf).join(",")).join("\r\n")}\r\n`;
}
