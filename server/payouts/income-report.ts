import { and, gte, inArray, lt, sql } from "drizzle-orm";
import { isEuMemberState, TAX_ID_KIND_NAMES } from "../../shared/seller-tax-details-schema.ts";
import taxRules from "../../shared/tax-reporting-rules.json" with { type: "json" };
import { DEMO_USER_IDS } from "../accounts/shared-demo-accounts.ts";
import type { Database } from "../db/client.ts";
import { creators, ledgerEntries, orderItems, sellerTaxDetails } from "../db/schema.ts";
import { PRIVATE_HEADERS, refusalPage } from "../http/private-file.ts";
import { amount, type CsvValue, csvFile } from "../lib/csv.ts";
import { Refusal } from "../lib/refusal.ts";
import type { LedgerKind } from "./statements.ts";
import { type SellerTaxDetails, taxDetailsState } from "./tax-details.ts";

// The owner's yearly income report: one row per seller the shop paid or credited in a calendar
// year (UTC), with what tax authorities ask of a marketplace about its sellers, in the shape of
// DAC7 (Council Directive (EU) 2021/514, Annex V, Section III(B); docs/decisions/054): who the
// seller is, and for each quarter the consideration paid or credited, the number of activities it
// was for, and the fees the platform kept. Read from the ledger (ledger.ts) and the sellers' tax
// details (tax-details.ts); made on request, never stored.
//
// Consideration is what DAC7 defines it as: what the seller is credited, net of the platform's
// fees, so the seller's 70% of each sale, less the 70% a refund in that quarter took back. An
// activity is a sale (an order item) entered in the quarter. Fees are the platform's 30% of those
// sales, less the 30% a refund in the quarter gave back.

const DE_MINIMIS = taxRules.dac7.excludedSellerOfGoods;
const FIRST_YEAR = 2000;
const NO_SUCH_YEAR = "Choose a year from 2000 to this one.";

interface QuarterFigures {
  considerationCents: number;
  activities: number;
  feesCents: number;
}

export interface IncomeReportRow {
  creatorId: number;
  shopName: string;
  taxDetailsState: ReturnType<typeof taxDetailsState>;
  details: SellerTaxDetails | null;
  /** The four quarters of the year, January to March first. */
  quarters: [QuarterFigures, QuarterFigures, QuarterFigures, QuarterFigures];
  year: QuarterFigures;
  refunds: number;
  paidOutCents: number;
  /**
   * The bank or payment account the consideration was paid to (DAC7's Financial Account
   * Identifier): not known to the shop yet, which keeps only a PayPal address or a bank account's
   * last four digits. To be filled from the sellers' connected payout accounts once they exist.
   */
  financialAccountIdentifier: string | null;
}

export interface IncomeReport {
  year: number;
  rows: IncomeReportRow[];
  /** Rows whose seller gave no tax details, or details that no longer pass the form. */
  withoutTaxDetails: number;
  /** Rows whose seller lives in an EU member state (as their tax details say): DAC7 reports them. */
  euResidents: number;
  /** Rows with fewer activities in the year than DAC7's de-minimis for sales of goods. */
  fewerActivitiesThanDeMinimis: number;
  deMinimis: { fewerActivitiesThan: number; considerationAtMost: { cents: number; currency: string }; rule: string };
  /** The day the DAC7 report for the year is due (YYYY-MM-DD): Article 8ac(2). */
  dueOn: string;
}

/** The year as a number, if it is one from 2000 to `now`'s; a Refusal (404) otherwise. */
export function reportYear(text: string | null | undefined, now = new Date()): number {
  const year = Number(text);
  if (!/^\d{4}$/.test(text ?? "") || year < FIRST_YEAR || year > now.getUTCFullYear()) {
    throw new Refusal(NO_SUCH_YEAR, "not-found");
  }
  return year;
}

const noFigures = (): QuarterFigures => ({ considerationCents: 0, activities: 0, feesCents: 0 });

/** The report of calendar year `year` (UTC). */
export async function incomeReport(db: Database, { year }: { year: number }): Promise<IncomeReport> {
  const from = new Date(Date.UTC(year, 0, 1));
  const to = new Date(Date.UTC(year + 1, 0, 1));
  const { rows: sums } = await db.execute<{
    creator_id: number;
    kind: LedgerKind;
    quarter: number;
    entries: number;
    amount_cents: number;
    platform_cents: number;
  }>(sql`
    SELECT ${ledgerEntries.creatorId} AS creator_id, ${ledgerEntries.kind} AS kind,
      extract(quarter FROM ${ledgerEntries.createdAt} AT TIME ZONE 'UTC')::int AS quarter,
      count(*)::int AS entries,
      sum(${ledgerEntries.amountCents})::int AS amount_cents,
      coalesce(sum(${orderItems.platformCents}), 0)::int AS platform_cents
    FROM ${ledgerEntries}
    JOIN ${creators} ON ${creators.id} = ${ledgerEntries.creatorId}
    LEFT JOIN ${orderItems} ON ${orderItems.id} = ${ledgerEntries.orderItemId}
    WHERE ${and(gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, to))}
      -- The demo shop is everyone's and never paid (payouts.ts): it is nobody's income.
      AND coalesce(${creators.userId}, '') NOT IN ${[...DEMO_USER_IDS]}
    GROUP BY 1, 2, 3`);
  const creatorIds = [...new Set(sums.map((row) => row.creator_id))];
  const [shops, details] = creatorIds.length
    ? await Promise.all([
        db.select({ id: creators.id, name: creators.name }).from(creators).where(inArray(creators.id, creatorIds)),
        db.select().from(sellerTaxDetails).where(inArray(sellerTaxDetails.creatorId, creatorIds)),
      ])
    : [[], []];
  const detailsOf = new Map(details.map((row) => [row.creatorId, row]));
  const byShop = new Map<number, IncomeReportRow>();
  for (const shop of shops) {
    const saved = detailsOf.get(shop.id);
    byShop.set(shop.id, {
      creatorId: shop.id,
      shopName: shop.name,
      taxDetailsState: taxDetailsState(saved),
      details: saved ?? null,
      quarters: [noFigures(), noFigures(), noFigures(), noFigures()],
      year: noFigures(),
      refunds: 0,
      paidOutCents: 0,
      financialAccountIdentifier: null,
    });
  }
  for (const sum of sums) {
    const row = byShop.get(sum.creator_id)!;
    // A payout takes from the balance (negative); money of one that came back (refused, failed,
    // reversed) is on it again: what was paid out is the difference. Neither is consideration.
    if (sum.kind === "payout" || sum.kind === "payout_return") {
      row.paidOutCents -= sum.amount_cents;
      continue;
    }
    // Only sales and refunds are left: a kind of entry added later does not compile here until it is placed.
    const kind: "sale" | "refund" = sum.kind;
    // A refund's entry is negative; the fee it gives back is its item's platform share.
    const fees = kind === "sale" ? sum.platform_cents : -sum.platform_cents;
    const activities = kind === "sale" ? sum.entries : 0;
    if (kind === "refund") row.refunds += sum.entries;
    for (const figures of [row.quarters[sum.quarter - 1]!, row.year]) {
      figures.considerationCents += sum.amount_cents;
      figures.activities += activities;
      figures.feesCents += fees;
    }
  }
  const rows = [...byShop.values()].sort((a, b) => a.creatorId - b.creatorId);
  return {
    year,
    rows,
    withoutTaxDetails: rows.filter((row) => row.taxDetailsState !== "complete").length,
    euResidents: rows.filter((row) => row.details && isEuMemberState(row.details.country)).length,
    fewerActivitiesThanDeMinimis: rows.filter((row) => row.year.activities < DE_MINIMIS.fewerActivitiesThan).length,
    deMinimis: DE_MINIMIS,
    dueOn: `${year + 1}-${String(taxRules.dac7.reportDue.month).padStart(2, "0")}-${String(taxRules.dac7.reportDue.day).padStart(2, "0")}`,
  };
}

const QUARTER_COLUMNS = [1, 2, 3, 4].flatMap((quarter) => [
  `Q${quarter} consideration (USD)`,
  `Q${quarter} activities`,
  `Q${quarter} fees (USD)`,
]);

export const INCOME_REPORT_HEADER = [
  "Seller ID",
  "Shop",
  "Tax details",
  "Seller type",
  "Legal name",
  "Address line 1",
  "Address line 2",
  "City",
  "Region",
  "Postal code",
  "Country (ISO 3166-1)",
  "EU member state",
  "Tax number kind",
  "Tax number",
  "Tax number issued by",
  "VAT number",
  "Business registration number",
  "Date of birth",
  "Financial account identifier",
  "Currency",
  ...QUARTER_COLUMNS,
  "Year consideration (USD)",
  "Year activities",
  "Year fees (USD)",
  "Refunds in year",
  "Paid out in year (USD)",
  `Fewer than ${DE_MINIMIS.fewerActivitiesThan} activities in year`,
] as const;

const figuresCells = (figures: QuarterFigures): CsvValue[] => [
  amount(figures.considerationCents),
  String(figures.activities),
  amount(figures.feesCents),
];

/** The report as CSV: INCOME_REPORT_HEADER, then a row per seller; a seller without tax details has those cells empty. */
export function incomeReportCsv(report: IncomeReport): string {
  const rows: CsvValue[][] = [
    [...INCOME_REPORT_HEADER],
    ...report.rows.map((row) => {
      const details = row.details;
      return [
        String(row.creatorId),
        row.shopName,
        row.taxDetailsState,
        details?.sellerType ?? null,
        details?.legalName ?? null,
        details?.addressLine1 ?? null,
        details?.addressLine2 ?? null,
        details?.city ?? null,
        details?.region ?? null,
        details?.postalCode ?? null,
        details?.country ?? null,
        details ? (isEuMemberState(details.country) ? "yes" : "no") : null,
        details ? TAX_ID_KIND_NAMES[details.taxIdKind] : null,
        details?.taxId ?? null,
        // The form takes a number of the country of the address only (shared/seller-tax-details-schema.ts).
        details?.country ?? null,
        details?.vatId ?? null,
        details?.businessRegistrationNumber ?? null,
        details?.dateOfBirth ?? null,
        row.financialAccountIdentifier,
        "USD",
        ...row.quarters.flatMap(figuresCells),
        ...figuresCells(row.year),
        String(row.refunds),
        amount(row.paidOutCents),
        row.year.activities < DE_MINIMIS.fewerActivitiesThan ? "yes" : "no",
      ];
    }),
  ];
  return csvFile(rows);
}

/** The years the ledger has entries in, newest first, with this year whatever it holds. */
export async function incomeReportYears(db: Database, now = new Date()): Promise<number[]> {
  const { rows } = await db.execute<{ year: number }>(sql`
    SELECT DISTINCT extract(year FROM ${ledgerEntries.createdAt} AT TIME ZONE 'UTC')::int AS year FROM ${ledgerEntries}`);
  return [...new Set([now.getUTCFullYear(), ...rows.map((row) => row.year)])].sort((a, b) => b - a);
}

const FILE = /^(\d{4})\.csv$/;

/**
 * The report of the year named by `file` ("2026.csv") as a CSV download for the admin, or a small
 * page saying why not (404), with the way back to the report's page.
 */
export async function incomeReportResponse(
  db: Database,
  { file, now = new Date() }: { file: string | undefined; now?: Date },
): Promise<Response> {
  try {
    const year = reportYear(FILE.exec(file ?? "")?.[1], now);
    const body = new TextEncoder().encode(incomeReportCsv(await incomeReport(db, { year })));
    return new Response(body, {
      headers: {
        ...PRIVATE_HEADERS,
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="income-report-${year}.csv"`,
        "Content-Length": String(body.length),
      },
    });
  } catch (error) {
    return refusalPage(error, "Report unavailable", {
      href: "/admin/income-report",
      label: "Back to the income report",
    });
  }
}
