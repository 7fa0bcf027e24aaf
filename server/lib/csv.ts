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

/** Lines of cells as a CSV file, CRLF after each line. */
export function csvFile(lines: string[][]): string {
  return `${lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
