import { sql } from "drizzle-orm";
import { isEuMemberState } from "../../shared/seller-tax-details-schema.ts";
import type { Database } from "../db/client.ts";
import { orderItems, orders, vatRefunds } from "../db/schema.ts";
import { dayOf, quarterOfMonth, quarterPeriod, returnDueOn, type TaxPeriod } from "./tax-periods.ts";

// The tax the shop collected as the seller (docs/decisions/062): per place of supply (country, and
// Canadian province), rate and currency, for a period in UTC. A period reports the orders paid in
// it, less the items refunded in it, whenever they were sold: a refund changes the period it
// happens in. The EU's One-Stop Shop return (oss-return.ts) is the exception the law makes: it
// reports a refund of an earlier quarter's sale as a correction of that quarter (Regulation
// 282/2011 Art. 61), so the quarter's supplies keep only the refunds of its own sales. Amounts are
// integer minor units in the orders' own currency, never added across currencies; made on request
// from the orders, never stored.

/** Where and how an order's tax was charged: a report's rows are these. */
interface TaxPlace {
  /** ISO 4217, upper case ("USD"). */
  currency: string;
  /** ISO 3166-1 alpha-2 ("GR" for Greece); null: taxed under the flat rule, no place recorded. */
  country: string | null;
  /** A Canadian province ("QC") where the tax is by province; null elsewhere. */
  region: string | null;
  /** Tenths of a basis point: 19000 is 19%. */
  rateTenths: number;
  /** A business buyer whose VAT number VIES confirmed: no tax charged, the buyer accounts for it. */
  reverseCharge: boolean;
  /** How the orders named the tax ("VAT 19% (Germany)"): one of them where they differ. */
  taxLabel: string;
}

/** Sales (items of orders paid in the period) or refunds (items refunded in it) of one place. */
interface Figures {
  /** Orders (sales) or order items (refunds). */
  count: number;
  netCents: number;
  taxCents: number;
}

export interface Group extends TaxPlace {
  kind: "sale" | "refund";
  /** The month the order was paid (YYYY-MM): a refund's may be before the period. */
  soldIn: string;
  figures: Figures;
}

/**
 * The period's sales and refunds, by place and, for refunds, the month of the sale. Each item is a
 * sale when its order was paid and a refund when it was refunded. An item whose VAT was given back
 * to a business buyer confirmed after the sale (vat_refunds, server/orders/vat-recheck.ts) was a
 * taxed sale when paid (its tax then is the item's, now 0, plus what was given back); when the
 * refund fell due it left the taxed sales (a refund of its net and VAT) and became a reverse-charge
 * supply, where a later refund of the item takes it from.
 */
export async function taxGroups(db: Database, period: TaxPeriod): Promise<Group[]> {
  const from = sql`${period.from.toISOString()}::timestamptz`;
  const to = sql`${period.to.toISOString()}::timestamptz`;
  // Reverse charged at the checkout: a confirmed number and the mention the invoice carries (a
  // number confirmed later, or in the shop's own country, was charged VAT).
  const reverseCharged = sql`(${orders.buyerVatState} = 'confirmed' AND ${orders.taxMention} IS NOT NULL)`;
  const { rows } = await db.execute<{
    kind: "sale" | "refund";
    currency: string;
    country: string | null;
    region: string | null;
    rate_tenths: number;
    reverse_charge: boolean;
    tax_label: string;
    sold_in: string;
    orders: number;
    items: number;
    net_cents: string;
    tax_cents: string;
  }>(sql`
    SELECT events.kind, upper(${orders.currency}) AS currency, ${orders.taxCountry} AS country,
      ${orders.taxRegion} AS region, events.rate_tenths, events.reverse_charge,
      max(${orders.taxLabel}) AS tax_label,
      to_char(${orders.paidAt} AT TIME ZONE 'UTC', 'YYYY-MM') AS sold_in,
      count(DISTINCT ${orders.id})::int AS orders, count(*)::int AS items,
      sum(events.net_cents)::bigint::text AS net_cents, sum(events.tax_cents)::bigint::text AS tax_cents
    FROM ${orderItems}
    JOIN ${orders} ON ${orders.id} = ${orderItems.orderId}
    LEFT JOIN LATERAL (
      SELECT (line ->> 'taxCents')::int AS tax_cents, ${vatRefunds.dueAt} AS due_at
      FROM ${vatRefunds} CROSS JOIN jsonb_array_elements(${vatRefunds.lines}) AS line
      WHERE ${vatRefunds.orderId} = ${orders.id} AND (line ->> 'orderItemId')::int = ${orderItems.id}
    ) AS vat ON true
    CROSS JOIN LATERAL (VALUES
      ('sale', ${orders.paidAt}, ${reverseCharged}, ${orderItems.taxRateTenths},
        ${orderItems.netCents}, ${orderItems.taxCents} + coalesce(vat.tax_cents, 0)),
      ('refund', CASE WHEN ${orderItems.status} = 'refunded' THEN ${orderItems.refundedAt} END,
        ${reverseCharged} OR vat.tax_cents IS NOT NULL,
        CASE WHEN vat.tax_cents IS NULL THEN ${orderItems.taxRateTenths} ELSE 0 END,
        ${orderItems.netCents}, ${orderItems.taxCents}),
      ('refund', vat.due_at, false, ${orderItems.taxRateTenths}, ${orderItems.netCents}, vat.tax_cents),
      ('sale', vat.due_at, true, 0, ${orderItems.netCents}, 0)
    ) AS events (kind, at, reverse_charge, rate_tenths, net_cents, tax_cents)
    WHERE ${orders.status} IN ('paid', 'partially_refunded', 'refunded')
      -- Nothing happens to an item before its order is paid.
      AND ${orders.paidAt} < ${to}
      AND events.at >= ${from} AND events.at < ${to}
    GROUP BY 1, 2, 3, 4, 5, 6, 8`);
  return rows.map((row) => ({
    kind: row.kind,
    currency: row.currency,
    country: row.country,
    region: row.region,
    rateTenths: row.rate_tenths,
    reverseCharge: row.reverse_charge,
    taxLabel: row.tax_label,
    soldIn: row.sold_in,
    figures: {
      count: row.kind === "sale" ? row.orders : row.items,
      netCents: Number(row.net_cents),
      taxCents: Number(row.tax_cents),
    },
  }));
}

/** One row of a report: a place's sales in the period, its refunds in it, and what the period reports. */
export interface TaxLine extends TaxPlace {
  /** Items of orders paid in the period; `count` is the orders. */
  sold: Figures;
  /** Items refunded in the period; `count` is the items. */
  refunded: Figures;
  /** Sold less refunded: the taxable amount and the tax the period reports. */
  netCents: number;
  taxCents: number;
}

const noFigures = (): Figures => ({ count: 0, netCents: 0, taxCents: 0 });

const placeKey = (place: TaxPlace) =>
  [place.currency, place.country ?? "", place.region ?? "", place.rateTenths, place.reverseCharge].join("|");

/** The groups as one line per place, sold less refunded, in a steady order (the flat rule last). */
export function linesOf(groups: readonly Group[]): TaxLine[] {
  const lines = new Map<string, TaxLine>();
  for (const group of groups) {
    const key = placeKey(group);
    let line = lines.get(key);
    if (!line) {
      const { kind: _kind, soldIn: _soldIn, figures: _figures, ...place } = group;
      line = { ...place, sold: noFigures(), refunded: noFigures(), netCents: 0, taxCents: 0 };
      lines.set(key, line);
    }
    const figures = group.kind === "sale" ? line.sold : line.refunded;
    figures.count += group.figures.count;
    figures.netCents += group.figures.netCents;
    figures.taxCents += group.figures.taxCents;
    line.netCents = line.sold.netCents - line.refunded.netCents;
    line.taxCents = line.sold.taxCents - line.refunded.taxCents;
  }
  return [...lines.values()].sort(
    (a, b) =>
      a.currency.localeCompare(b.currency) ||
      Number(a.country === null) - Number(b.country === null) ||
      (a.country ?? "").localeCompare(b.country ?? "") ||
      (a.region ?? "").localeCompare(b.region ?? "") ||
      Number(a.reverseCharge) - Number(b.reverseCharge) ||
      b.rateTenths - a.rateTenths,
  );
}

/**
 * The tax of a period by place, rate and currency: the items of the orders paid in it less those
 * refunded in it (whenever sold). Every place, the EU's too.
 */
export async function taxByCountry(db: Database, { period }: { period: TaxPeriod }): Promise<TaxLine[]> {
  return linesOf(await taxGroups(db, period));
}

export const isEu = (place: TaxPlace) => place.country !== null && isEuMemberState(place.country);

/** A month's tax outside the EU (the UK, Norway, Australia, Canada by province...) and under the flat rule. */
export async function monthlyTaxReport(db: Database, { month }: { month: TaxPeriod }) {
  const lines = (await taxByCountry(db, { period: month })).filter((line) => !isEu(line));
  return { period: month, lines, totals: totalsByCurrency(lines) };
}

/** Net and tax of lines, per currency (never added across currencies). */
function totalsByCurrency(lines: readonly { currency: string; netCents: number; taxCents: number }[]) {
  const totals = new Map<string, { currency: string; netCents: number; taxCents: number }>();
  for (const line of lines) {
    const total = totals.get(line.currency) ?? { currency: line.currency, netCents: 0, taxCents: 0 };
    total.netCents += line.netCents;
    total.taxCents += line.taxCents;
    totals.set(line.currency, total);
  }
  return [...totals.values()];
}
/**
 * The months and quarters with paid orders or refunds, newest first, with this month and quarter
 * whatever they hold; each quarter with the day its OSS return is due.
 */
export async function taxReportPeriods(db: Database, { now = new Date() }: { now?: Date } = {}) {
  const { rows } = await db.execute<{ month: string }>(sql`
    SELECT DISTINCT to_char(${orders.paidAt} AT TIME ZONE 'UTC', 'YYYY-MM') AS month FROM ${orders}
      WHERE ${orders.paidAt} IS NOT NULL
    UNION
    SELECT DISTINCT to_char(${orderItems.refundedAt} AT TIME ZONE 'UTC', 'YYYY-MM') FROM ${orderItems}
      WHERE ${orderItems.refundedAt} IS NOT NULL`);
  const months = [...new Set([dayOf(now).slice(0, 7), ...rows.map((row) => row.month)])].sort().reverse();
  const quarters = [...new Set(months.map(quarterOfMonth))].map((name) => ({
    name,
    dueOn: returnDueOn(quarterPeriod(name)),
  }));
  return { months, quarters };
}
