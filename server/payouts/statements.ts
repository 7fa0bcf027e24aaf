import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { PayoutMethod } from "../../shared/shop-facts.ts";
import type { Database } from "../db/client.ts";
import { creators, ledgerEntries, orderItems, orders, payouts } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { countryName, sellerTaxDetailsOf } from "./tax-details.ts";

// A seller's monthly statement: what the ledger (ledger.ts) says of one calendar month in UTC, the
// time zone of the shop's payout calendar (payout-schedule.ts) and of the yearly income report:
// the balance it opened with, each sale, refund and payout entered in the month, and the balance
// it closed with. Made on request from the ledger, never stored: the ledger is only ever added to,
// so a past month's statement reads the same each time (docs/decisions/054).

export type LedgerKind = (typeof ledgerEntries.$inferSelect)["kind"];

export interface StatementLine {
  id: number;
  kind: LedgerKind;
  /** When the entry was made: the sale's payment, the refund, the payout run. */
  at: Date;
  orderNumber: string | null;
  /** The product as sold (its title then), with the quantity when more than one. */
  product: string | null;
  quantity: number | null;
  /** What the buyer paid for the line after a discount, before tax; negative for a refund. */
  paidCents: number | null;
  /** The shop's 30% of it; negative for a refund (the fee goes back with the money). */
  feeCents: number | null;
  /** What the entry adds to the seller's balance: their 70%, taken back by a refund, paid out by a payout. */
  amountCents: number;
  /** The balance after this entry. */
  balanceCents: number;
  payout: { weekOf: string; method: PayoutMethod; destination: string } | null;
}

export interface StatementTotals {
  count: number;
  paidCents: number;
  feeCents: number;
  amountCents: number;
}

export interface MonthlyStatement {
  /** YYYY-MM */
  month: string;
  /** The month's first moment (UTC) and the next month's: entries made in [from, to). */
  from: Date;
  to: Date;
  /** False for the month still running: its statement so far. */
  complete: boolean;
  shop: { id: number; name: string };
  /** The seller's legal name and address lines from their tax details; null until they gave them. */
  seller: { legalName: string; address: string[] } | null;
  openingBalanceCents: number;
  closingBalanceCents: number;
  lines: StatementLine[];
  totals: Record<LedgerKind, StatementTotals>;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const FIRST_MONTH = "2000-01";
export const NO_SUCH_MONTH = "There is no statement for that month: choose one from your list of statements.";

/** The current month in UTC, YYYY-MM. */
function monthOf(time: Date): string {
  return time.toISOString().slice(0, 7);
}

/** The UTC bounds of month YYYY-MM; a Refusal (404) for anything else, or a month yet to come. */
function statementMonthBounds(month: string, now = new Date()): { from: Date; to: Date } {
  const match = MONTH.exec(month);
  if (!match || month < FIRST_MONTH || month > monthOf(now)) throw new Refusal(NO_SUCH_MONTH, "not-found");
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  return { from: new Date(Date.UTC(year, index, 1)), to: new Date(Date.UTC(year, index + 1, 1)) };
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "2026-11" -> "November 2026" */
export function monthName(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

export interface StatementMonth {
  month: string;
  complete: boolean;
  sales: number;
  refunds: number;
  payouts: number;
  /** What the month added to the balance (negative when payouts or refunds were more). */
  netCents: number;
}

/** The months in which the seller's ledger has entries, newest first, with what each holds. */
export async function statementMonths(db: Database, creatorId: number, now = new Date()): Promise<StatementMonth[]> {
  const { rows } = await db.execute<{
    month: string;
    sales: number;
    refunds: number;
    payouts: number;
    net_cents: number;
  }>(sql`
    SELECT to_char(${ledgerEntries.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
      count(*) FILTER (WHERE ${ledgerEntries.kind} = 'sale')::int AS sales,
      count(*) FILTER (WHERE ${ledgerEntries.kind} = 'refund')::int AS refunds,
      count(*) FILTER (WHERE ${ledgerEntries.kind} = 'payout')::int AS payouts,
      sum(${ledgerEntries.amountCents})::int AS net_cents
    FROM ${ledgerEntries}
    WHERE ${ledgerEntries.creatorId} = ${creatorId}
    GROUP BY 1
    ORDER BY 1 DESC`);
  const current = monthOf(now);
  return rows.map((row) => ({
    month: row.month,
    complete: row.month < current,
    sales: row.sales,
    refunds: row.refunds,
    payouts: row.payouts,
    netCents: row.net_cents,
  }));
}

/** The address lines of a statement's seller block: street, town, country. */
function addressLines(details: {
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  region: string | null;
  postalCode: string | null;
  country: string;
}): string[] {
  const town = [details.city, [details.region, details.postalCode].filter(Boolean).join(" ")].filter(Boolean);
  return [details.addressLine1, details.addressLine2, town.join(", "), countryName(details.country)].filter(
    (line): line is string => Boolean(line),
  );
}

const noTotals = (): StatementTotals => ({ count: 0, paidCents: 0, feeCents: 0, amountCents: 0 });

/**
 * The seller's statement of `month` (YYYY-MM, UTC). A month with no entries is a statement too: its
 * balance opens and closes the same. A month yet to come, or not a month, is refused (404).
 */
export async function monthlyStatement(
  db: Database,
  { creatorId, month, now = new Date() }: { creatorId: number; month: string; now?: Date },
): Promise<MonthlyStatement> {
  const { from, to } = statementMonthBounds(month, now);
  const [[shop], [opening], entries, details] = await Promise.all([
    db.select({ id: creators.id, name: creators.name }).from(creators).where(eq(creators.id, creatorId)),
    db
      .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.creatorId, creatorId), lt(ledgerEntries.createdAt, from))),
    db
      .select({
        id: ledgerEntries.id,
        kind: ledgerEntries.kind,
        amountCents: ledgerEntries.amountCents,
        at: ledgerEntries.createdAt,
        orderNumber: orders.number,
        title: orderItems.title,
        quantity: orderItems.quantity,
        lineTotalCents: orderItems.lineTotalCents,
        discountCents: orderItems.discountCents,
        platformCents: orderItems.platformCents,
        weekOf: payouts.weekOf,
        method: payouts.method,
        destination: payouts.destination,
      })
      .from(ledgerEntries)
      .leftJoin(orderItems, eq(orderItems.id, ledgerEntries.orderItemId))
      .leftJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(payouts, eq(payouts.id, ledgerEntries.payoutId))
      .where(
        and(
          eq(ledgerEntries.creatorId, creatorId),
          gte(ledgerEntries.createdAt, from),
          lt(ledgerEntries.createdAt, to),
        ),
      )
      .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id)),
    sellerTaxDetailsOf(db, creatorId),
  ]);
  if (!shop) throw new Refusal(NO_SUCH_MONTH, "not-found");

  const totals: Record<LedgerKind, StatementTotals> = {
    sale: noTotals(),
    refund: noTotals(),
    payout: noTotals(),
    payout_return: noTotals(),
  };
  let balance = opening?.cents ?? 0;
  const lines = entries.map((entry): StatementLine => {
    // A refund takes back what its sale brought: the buyer's money, the fee with it, the seller's share.
    const sign = entry.kind === "refund" ? -1 : 1;
    const item = entry.kind !== "payout" && entry.lineTotalCents !== null;
    const paidCents = item ? sign * (entry.lineTotalCents! - (entry.discountCents ?? 0)) : null;
    const feeCents = item ? sign * (entry.platformCents ?? 0) : null;
    balance += entry.amountCents;
    const total = totals[entry.kind];
    total.count++;
    total.paidCents += paidCents ?? 0;
    total.feeCents += feeCents ?? 0;
    total.amountCents += entry.amountCents;
    return {
      id: entry.id,
      kind: entry.kind,
      at: entry.at,
      orderNumber: entry.orderNumber,
      product: entry.title,
      quantity: entry.quantity,
      paidCents,
      feeCents,
      amountCents: entry.amountCents,
      balanceCents: balance,
      payout:
        entry.weekOf && entry.method && entry.destination
          ? { weekOf: entry.weekOf, method: entry.method, destination: entry.destination }
          : null,
    };
  });
  return {
    month,
    from,
    to,
    complete: to.getTime() <= now.getTime(),
    shop,
    seller: details && { legalName: details.legalName, address: addressLines(details) },
    openingBalanceCents: opening?.cents ?? 0,
    closingBalanceCents: balance,
    lines,
    totals,
  };
}
