import { formatDecimal } from "../../shared/format.ts";
import { csvCell } from "../sellers/customers.ts";

// The CSV files of sellers' money (statements, the yearly income report): text cells go through
// csvCell (server/sellers/customers.ts), which quotes what needs it and keeps what a spreadsheet
// would run as a formula as text, for a product's title, a name or an address is someone's to
// type. Amounts are written by formatDecimal, nothing but digits, a point and a leading minus, so
// that a spreadsheet reads them as numbers (csvCell would make "-14.00" text).

/** A cell: text (null is empty), or an amount in cents (null is empty). */
export type CsvValue = string | null | { cents: number | null };

export const amount = (cents: number | null): CsvValue => ({ cents });

function cellOf(value: CsvValue): string {
  if (value === null) return "";
  if (typeof value === "string") return csvCell(value);
  return value.cents === null ? "" : formatDecimal(value.cents);
}

/** The rows as a CSV file's text (RFC 4180: CRLF after each row). */
export function csvText(rows: readonly (readonly CsvValue[])[]): string {
  return `${rows.map((cells) => cells.map(cellOf).join(",")).join("\r\n")}\r\n`;
}
