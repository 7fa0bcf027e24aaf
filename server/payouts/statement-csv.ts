import { formatDecimal } from "../../shared/format.ts";
import { PAYOUT_METHOD_NAMES } from "../../shared/shop-facts.ts";
import { csvCell } from "../sellers/customers.ts";
import type { LedgerKind, MonthlyStatement, StatementLine } from "./statements.ts";

// A monthly statement as CSV (statements.ts makes it): one row per ledger entry of the month, in
// the order they were made, between a row with the opening balance and one with the closing
// balance; a row of totals per kind before the closing one. Amounts are in US dollars as plain
// decimals, dates as YYYY-MM-DD in UTC. Text cells (a product's title is its seller's to choose)
// go through csvCell, which keeps a formula a formula's text; amounts are written by
// formatDecimal, nothing but digits, a point and a leading minus, so a spreadsheet reads them as
// numbers (csvCell would make "-14.00" text).

export const STATEMENT_CSV_HEADER = [
  "Date (UTC)",
  "Type",
  "Order",
  "Description",
  "Price paid (USD)",
  "Shop fee 30% (USD)",
  "Your share 70% (USD)",
  "Balance (USD)",
] as const;

const KIND_NAMES = { sale: "Sale", refund: "Refund", payout: "Payout" } as const satisfies Record<LedgerKind, string>;
const TOTAL_NAMES = {
  sale: "Total sales",
  refund: "Total refunds",
  payout: "Total payouts",
} as const satisfies Record<LedgerKind, string>;

type Cell = { text: string } | { cents: number | null };

const text = (value: string | null | undefined): Cell => ({ text: value ?? "" });
const amount = (cents: number | null): Cell => ({ cents });

function cellOf(cell: Cell): string {
  if ("text" in cell) return csvCell(cell.text);
  return cell.cents === null ? "" : formatDecimal(cell.cents);
}

/** What a line is about: the product (times its quantity), or where a payout went. */
export function lineDescription(line: StatementLine): string {
  if (line.payout) {
    return `${PAYOUT_METHOD_NAMES[line.payout.method]} (${line.payout.destination}), payout of ${line.payout.weekOf}`;
  }
  if (line.product === null) return "";
  return line.quantity !== null && line.quantity > 1 ? `${line.product} (x${line.quantity})` : line.product;
}

const day = (time: Date) => time.toISOString().slice(0, 10);

export function statementCsv(statement: MonthlyStatement): string {
  const first = day(statement.from);
  const last = day(new Date(statement.to.getTime() - 1));
  const rows: Cell[][] = [
    [...STATEMENT_CSV_HEADER].map(text),
    [
      text(first),
      text("Opening balance"),
      text(""),
      text(""),
      amount(null),
      amount(null),
      amount(null),
      amount(statement.openingBalanceCents),
    ],
    ...statement.lines.map((line) => [
      text(day(line.at)),
      text(KIND_NAMES[line.kind]),
      text(line.orderNumber),
      text(lineDescription(line)),
      amount(line.paidCents),
      amount(line.feeCents),
      amount(line.amountCents),
      amount(line.balanceCents),
    ]),
    ...(Object.keys(TOTAL_NAMES) as LedgerKind[]).map((kind) => {
      const total = statement.totals[kind];
      const items = kind !== "payout";
      return [
        text(last),
        text(TOTAL_NAMES[kind]),
        text(""),
        text(`${total.count} ${total.count === 1 ? "entry" : "entries"}`),
        amount(items ? total.paidCents : null),
        amount(items ? total.feeCents : null),
        amount(total.amountCents),
        amount(null),
      ];
    }),
    [
      text(last),
      text(statement.complete ? "Closing balance" : "Balance so far"),
      text(""),
      text(""),
      amount(null),
      amount(null),
      amount(null),
      amount(statement.closingBalanceCents),
    ],
  ];
  return `${rows.map((cells) => cells.map(cellOf).join(",")).join("\r\n")}\r\n`;
}
