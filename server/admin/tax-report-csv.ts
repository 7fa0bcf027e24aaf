import { currencyOf, isKnownCurrency } from "../../shared/currencies.ts";
import { vatPrefixOf } from "../../shared/seller-tax-details-schema.ts";
import type { Database } from "../db/client.ts";
import { privateDownload, refusalPage } from "../http/private-file.ts";
import { amount, type CsvValue, csvFile } from "../lib/csv.ts";
import { Refusal } from "../lib/refusal.ts";
import { countryName } from "../tax/countries.ts";
import { type OssReturn, ossReturn } from "./oss-return.ts";
import { monthPeriod, quarterPeriod } from "./tax-periods.ts";
import { monthlyTaxReport, type TaxLine } from "./tax-report.ts";

// The tax reports as the CSV files the admin downloads (server/admin/tax-report.ts): the quarter's
// OSS return in the shape of the return's form, and a month's tax outside the EU. Amounts are
// written only here, from integer minor units.

/** Where the flat rule taxed an order: no place of supply was recorded. */
const FLAT_RATE_PLACE = "Flat rate (no place of supply recorded)";

/** 19000 -> "19", 14975 -> "14.975": a rate in tenths of a basis point as a percent. */
export function ratePercent(tenths: number): string {
  const fraction = String(tenths % 1000)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return `${Math.floor(tenths / 1000)}${fraction ? `.${fraction}` : ""}`;
}

/** An amount of `currency`'s minor units as a decimal a spreadsheet reads (yen have none: 500 is "500.00"). */
function money(minor: number, currency: string): CsvValue {
  const digits = isKnownCurrency(currency) ? currencyOf(currency).minorDigits : 2;
  return amount(minor * 10 ** (2 - digits));
}

/** How the OSS return names a member state: its VAT prefix (Greece is EL), and its name. */
const memberState = (country: string): CsvValue[] => [vatPrefixOf(country), countryName(country)];

/** The quarter's OSS return: its supplies, corrections and totals, then what it leaves out. */
export function ossReturnCsv(report: OssReturn): string {
  const { quarter } = report;
  const rows: CsvValue[][] = [
    ["OSS VAT return", quarter.name, `${quarter.from.toISOString().slice(0, 10)} to ${quarter.lastDay} (UTC)`],
    [
      "Scheme",
      report.scheme === "union"
        ? `Union scheme, member state of identification ${report.memberStateOfIdentification}`
        : "Non-Union scheme (the shop is not established in the EU)",
    ],
    ["Due by", report.dueOn],
    ...report.rates.map((rate) => ["ECB exchange rate", rate.currency, `${rate.rate} per EUR`, rate.day]),
    ...report.missingRates
      .filter((currency) => currency !== "EUR")
      .map((currency) => [
        "ECB exchange rate",
        currency,
        `none held for ${quarter.lastDay} or the days after: convert at the ECB's rate of that day (or the next published)`,
      ]),
    [],
    ["Supplies"],
    [
      "Member state of consumption",
      "Country",
      "Type of supply",
      "Rate type",
      "VAT rate (%)",
      "Currency",
      "Taxable amount",
      "VAT amount",
      "Taxable amount (EUR)",
      "VAT amount (EUR)",
      "Orders",
      "Items refunded",
    ],
    ...report.supplies.map((supply) => [
      ...memberState(supply.country),
      "services",
      "standard",
      ratePercent(supply.rateTenths),
      supply.currency,
      money(supply.taxableCents, supply.currency),
      money(supply.vatCents, supply.currency),
      amount(supply.euro?.taxableCents ?? null),
      amount(supply.euro?.vatCents ?? null),
      String(supply.orders),
      String(supply.refundedItems),
    ]),
    [],
    ["Corrections of earlier returns"],
    [
      "Period",
      "Member state of consumption",
      "Country",
      "Currency",
      "Taxable amount",
      "Correction of VAT amount",
      "Correction of VAT amount (EUR)",
      "ECB rate of",
      "Items refunded",
    ],
    ...report.corrections.map((correction) => [
      correction.period,
      ...memberState(correction.country),
      correction.currency,
      money(correction.taxableCents, correction.currency),
      money(correction.vatCents, correction.currency),
      amount(correction.euro?.vatCents ?? null),
      correction.euro?.rateDay ?? null,
      String(correction.refundedItems),
    ]),
    [],
    ["Total VAT due"],
    ["Currency", "Supplies", "Corrections", "Total VAT due"],
    ...report.totals.map((total) => [
      total.currency,
      money(total.suppliesVatCents, total.currency),
      money(total.correctionsVatCents, total.currency),
      money(total.vatDueCents, total.currency),
    ]),
    ...(report.euroVatDueCents === null ? [] : [["EUR (converted)", null, null, amount(report.euroVatDueCents)]]),
    [],
    ["Not in the OSS return: reverse charge supplies (business customers account for the VAT)"],
    ["Member state of the customer", "Country", "Currency", "Net amount", "Orders", "Items refunded"],
    ...report.reverseCharge.map((line) => [
      ...memberState(line.country!),
      line.currency,
      money(line.netCents, line.currency),
      String(line.sold.count),
      String(line.refunded.count),
    ]),
  ];
  if (report.memberStateOfIdentification) {
    rows.push(
      [],
      [`Not in the OSS return: domestic supplies, for ${countryName(report.memberStateOfIdentification)}'s VAT return`],
      ...linesTable(report.domestic),
    );
  }
  return csvFile(rows);
}

/** A header and one row per line, by place and rate, with the sales and refunds beside what is reported. */
function linesTable(lines: readonly TaxLine[]): CsvValue[][] {
  return [
    [
      "Country",
      "Country code",
      "Region",
      "Tax",
      "Rate (%)",
      "Reverse charge",
      "Currency",
      "Net amount",
      "Tax amount",
      "Orders",
      "Net sold",
      "Tax sold",
      "Items refunded",
      "Net refunded",
      "Tax refunded",
    ],
    ...lines.map((line) => [
      line.country === null ? FLAT_RATE_PLACE : countryName(line.country),
      line.country,
      line.region,
      line.taxLabel,
      ratePercent(line.rateTenths),
      line.reverseCharge ? "yes" : "no",
      line.currency,
      money(line.netCents, line.currency),
      money(line.taxCents, line.currency),
      String(line.sold.count),
      money(line.sold.netCents, line.currency),
      money(line.sold.taxCents, line.currency),
      String(line.refunded.count),
      money(line.refunded.netCents, line.currency),
      money(line.refunded.taxCents, line.currency),
    ]),
  ];
}

/** A month's tax outside the EU, by country, province and rate, then its totals per currency. */
export function monthlyTaxCsv(report: Awaited<ReturnType<typeof monthlyTaxReport>>): string {
  const { period } = report;
  return csvFile([
    [
      "Tax collected outside the EU",
      period.name,
      `${period.from.toISOString().slice(0, 10)} to ${period.lastDay} (UTC)`,
    ],
    [],
    ...linesTable(report.lines),
    [],
    ["Totals"],
    ["Currency", "Net amount", "Tax amount"],
    ...report.totals.map((total) => [
      total.currency,
      money(total.netCents, total.currency),
      money(total.taxCents, total.currency),
    ]),
  ]);
}

const REGIMES = ["oss", "monthly"] as const;
type Regime = (typeof REGIMES)[number];

/**
 * The report named by `regime` ("oss", "monthly") and `file` ("2026-Q4.csv", "2026-11.csv") as a
 * CSV download for the admin, or a small page saying why not (400 for a period written wrong, 404
 * for a report that is none), with the way back to the reports' page.
 */
export async function taxReportResponse(
  db: Database,
  { regime, file, shopCountry }: { regime: string | undefined; file: string | undefined; shopCountry?: string | null },
): Promise<Response> {
  try {
    if (!REGIMES.includes(regime as Regime)) {
      throw new Refusal("There is no such tax report: choose one from the tax reports page.", "not-found");
    }
    const name = /^(.*)\.csv$/.exec(file ?? "")?.[1];
    const csv =
      regime === "oss"
        ? ossReturnCsv(await ossReturn(db, { quarter: quarterPeriod(name), shopCountry }))
        : monthlyTaxCsv(await monthlyTaxReport(db, { month: monthPeriod(name) }));
    return privateDownload(new TextEncoder().encode(csv), {
      filename: `${regime === "oss" ? "oss-return" : "tax-outside-eu"}-${name}.csv`,
      contentType: "text/csv; charset=utf-8",
    });
  } catch (error) {
    return refusalPage(error, "Report unavailable", { href: "/admin/tax-reports", label: "Back to the tax reports" });
  }
}
