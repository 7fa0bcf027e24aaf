import { PAYOUT_METHOD_NAMES } from "../../shared/shop-facts.ts";
import { amount, type CsvValue, csvFile } from "../lib/csv.ts";
import type { LedgerKind, MonthlyStatement, StatementLine } from "./statements.ts";

// A monthly statement as CSV (statements.ts makes it): one row per ledger entry of the month, in
// the order they were made, between a row with the opening balance and one with the closing
// balance; a row of totals per kind before the closing one. Amounts are in US dollars as plain
// decimals, dates as YYYY-MM-DD in UTC; how cells are written against formulas: server/lib/csv.ts.

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

const KIND_NAMES = {
  sale: "Sale",
  refund: "Refund",
  payout: "Payout",
  payout_return: "Payout returned",
} as const satisfies Record<LedgerKind, string>;
const TOTAL_NAMES = {
  sale: "Total sales",
  refund: "Total refunds",
  payout: "Total payouts",
  payout_return: "Total payouts returned",
} as const satisfies Record<LedgerKind, string>;

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
  const rows: CsvValue[][] = [
    [...STATEMENT_CSV_HEADER],
    [first, "Opening balance", null, null, null, null, null, amount(statement.openingBalanceCents)],
    ...statement.lines.map((line) => [
      day(line.at),
      KIND_NAMES[line.kind],
      line.orderNumber,
      lineDescription(line),
      amount(line.paidCents),
      amount(line.feeCents),
      amount(line.amountCents),
      amount(line.balanceCents),
    ]),
    ...(Object.keys(TOTAL_NAMES) as LedgerKind[]).map((kind) => {
      const total = statement.totals[kind];
      const items = kind !== "payout";
      return [
        last,
        TOTAL_NAMES[kind],
        null,
        `${total.count} ${total.count === 1 ? "entry" : "entries"}`,
        amount(items ? total.paidCents : null),
        amount(items ? total.feeCents : null),
        amount(total.amountCents),
        null,
      ];
    }),
    [
      last,
      statement.complete ? "Closing balance" : "Balance so far",
      null,
      null,
      null,
      null,
      null,
      amount(statement.closingBalanceCents),
    ],
  ];
  return csvFile(rows);
}
