import { and, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { isEuMemberState } from "../../shared/seller-tax-details-schema.ts";
import { parseCsv } from "../../tests/support/csv.ts";
import { createSeller } from "../../tests/support/factories.ts";
import { createTaxedOrder, giveVatBack, refundItems } from "../../tests/support/taxed-orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { exchangeRates, orderItems, orders, vatRefunds } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { ossReturn } from "./oss-return.ts";
import { monthPeriod, quarterPeriod } from "./tax-periods.ts";
import { monthlyTaxReport, taxByCountry } from "./tax-report.ts";
import { monthlyTaxCsv, ossReturnCsv, ratePercent } from "./tax-report-csv.ts";

// The tax reports add up to the orders: a quarter's OSS return and a month's tax outside the EU,
// with refunds in the period they happen (an OSS return's refunds of earlier quarters as
// corrections), each currency on its own, and euro at the ECB's rate of the quarter's last day.

const database = setUpTestDatabase();
const at = (iso: string) => new Date(iso);
const Q4 = quarterPeriod("2026-Q4");

beforeAll(async () => {
  const db = database.db;
  const { creator } = await createSeller(db, { taxDetails: false });
  const order = (options: Omit<Parameters<typeof createTaxedOrder>[1], "creatorId">) =>
    createTaxedOrder(db, { creatorId: creator.id, ...options });
  const vat = (netCents: number, taxCents: number, rateTenths: number) => ({ netCents, taxCents, rateTenths });

  // Germany in Q3, refunded in Q4: a correction of Q3.
  const july = await order({ country: "DE", paidAt: at("2026-08-10T10:00:00Z"), lines: [vat(1000, 190, 19000)] });
  await refundItems(db, [july.items[0]!.id], at("2026-10-05T10:00:00Z"));
  // A business buyer whose number VIES could not check: VAT charged in Q3, a line refunded in Q3, and
  // once the number is confirmed in Q4, the other line's VAT given back.
  const unchecked = await order({
    country: "DE",
    buyerVat: "unchecked",
    paidAt: at("2026-09-20T10:00:00Z"),
    lines: [vat(1000, 190, 19000), vat(500, 95, 19000)],
  });
  await refundItems(db, [unchecked.items.find((item) => item.netCents === 500)!.id], at("2026-09-25T10:00:00Z"));
  await giveVatBack(db, unchecked.order.id, at("2026-10-10T10:00:00Z"));
  // Germany in Q4, one of its two lines refunded in Q4.
  const october = await order({
    country: "DE",
    paidAt: at("2026-10-15T10:00:00Z"),
    lines: [vat(1000, 190, 19000), vat(2000, 380, 19000)],
  });
  await refundItems(db, [october.items.find((item) => item.netCents === 2000)!.id], at("2026-11-20T10:00:00Z"));
  await order({ country: "DE", paidAt: at("2026-12-31T23:30:00Z"), lines: [vat(500, 95, 19000)] });
  await order({ country: "FR", paidAt: at("2026-11-02T10:00:00Z"), lines: [vat(1000, 200, 20000)] });
  await order({ country: "GR", paidAt: at("2026-11-03T10:00:00Z"), lines: [vat(1000, 240, 24000)] });
  await order({
    country: "FR",
    buyerVat: "reverse-charge",
    paidAt: at("2026-11-04T10:00:00Z"),
    lines: [vat(1000, 0, 0)],
  });
  await order({ country: "DE", currency: "eur", paidAt: at("2026-11-05T10:00:00Z"), lines: [vat(800, 152, 19000)] });
  // Outside the EU.
  await order({ country: "GB", paidAt: at("2026-11-06T10:00:00Z"), lines: [vat(1000, 200, 20000)] });
  await order({
    country: "CA",
    region: "QC",
    label: "GST + QST 14.975% (Quebec, Canada)",
    paidAt: at("2026-11-07T10:00:00Z"),
    lines: [vat(1000, 150, 14975)],
  });
  await order({ country: null, paidAt: at("2026-11-08T10:00:00Z"), lines: [vat(1000, 80, 8000)] });
  const britishOctober = await order({
    country: "GB",
    paidAt: at("2026-10-20T10:00:00Z"),
    lines: [vat(500, 100, 20000)],
  });
  await refundItems(db, [britishOctober.items[0]!.id], at("2026-11-15T10:00:00Z"));
  // Outside the quarter, or never paid.
  await order({ country: "DE", paidAt: at("2027-01-01T00:00:00Z"), lines: [vat(1000, 190, 19000)] });
  await order({
    country: "DE",
    status: "pending_payment",
    paidAt: at("2026-11-09T10:00:00Z"),
    lines: [vat(700, 133, 19000)],
  });

  // The ECB's dollars per euro on the last days of Q3 and Q4.
  await db.insert(exchangeRates).values([
    { base: "EUR", quote: "USD", rate: "1.2", source: "ecb", day: "2026-09-30", fetchedFrom: "sample" },
    { base: "EUR", quote: "USD", rate: "1.25", source: "ecb", day: "2026-12-31", fetchedFrom: "sample" },
  ]);
});

/**
 * The EU's tax of the items sold in Q4 (an item's tax is 0 under a reverse charge, or once its VAT
 * was given back) less that of the items refunded in Q4 and the VAT given back in Q4, per currency,
 * from the orders.
 */
async function euTaxOfQuarter(): Promise<Record<string, number>> {
  const eu = and(isNotNull(orders.taxCountry), sql`${orders.buyerVatState} IS DISTINCT FROM 'confirmed'`);
  const paid = sql`${orders.status} <> 'pending_payment'`;
  const [sold, refunded] = await Promise.all([
    database.db
      .select({ country: orders.taxCountry, currency: orders.currency, tax: orderItems.taxCents })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eu, paid, gte(orders.paidAt, Q4.from), lt(orders.paidAt, Q4.to))),
    database.db
      .select({ country: orders.taxCountry, currency: orders.currency, tax: orderItems.taxCents })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eu, paid, gte(orderItems.refundedAt, Q4.from), lt(orderItems.refundedAt, Q4.to))),
  ]);
  const givenBack = await database.db
    .select({ country: orders.taxCountry, currency: orders.currency, tax: vatRefunds.amountCents })
    .from(vatRefunds)
    .innerJoin(orders, eq(orders.id, vatRefunds.orderId))
    .where(and(gte(vatRefunds.dueAt, Q4.from), lt(vatRefunds.dueAt, Q4.to)));
  const totals: Record<string, number> = {};
  for (const [rows, sign] of [
    [sold, 1],
    [refunded, -1],
    [givenBack, -1],
  ] as const) {
    for (const row of rows.filter((each) => isEuMemberState(each.country!))) {
      const currency = row.currency.toUpperCase();
      totals[currency] = (totals[currency] ?? 0) + sign * row.tax;
    }
  }
  return totals;
}

describe("the quarter's OSS return", () => {
  it("reports the EU's sales to consumers by member state and rate, each currency apart, in euro at the ECB's rate", async () => {
    const report = await ossReturn(database.db, { quarter: Q4 });
    expect(report).toMatchObject({ scheme: "non-union", memberStateOfIdentification: null, dueOn: "2027-01-31" });
    expect(report.supplies).toEqual([
      {
        currency: "EUR",
        country: "DE",
        rateTenths: 19000,
        orders: 1,
        refundedItems: 0,
        taxableCents: 800,
        vatCents: 152,
        euro: { taxableCents: 800, vatCents: 152 },
      },
      // The October order's refunded line is out; the order paid at 23:30 UTC on December 31 is in.
      {
        currency: "USD",
        country: "DE",
        rateTenths: 19000,
        orders: 2,
        refundedItems: 1,
        taxableCents: 1500,
        vatCents: 285,
        euro: { taxableCents: 1200, vatCents: 228 },
      },
      {
        currency: "USD",
        country: "FR",
        rateTenths: 20000,
        orders: 1,
        refundedItems: 0,
        taxableCents: 1000,
        vatCents: 200,
        euro: { taxableCents: 800, vatCents: 160 },
      },
      {
        currency: "USD",
        country: "GR",
        rateTenths: 24000,
        orders: 1,
        refundedItems: 0,
        taxableCents: 1000,
        vatCents: 240,
        euro: { taxableCents: 800, vatCents: 192 },
      },
    ]);
    expect(report.rates).toEqual([{ currency: "USD", rate: "1.25", day: "2026-12-31" }]);
    expect(report.missingRates).toEqual([]);
  });

  it("corrects an earlier quarter for its refunds and the VAT given back, in euro at that quarter's rate", async () => {
    const report = await ossReturn(database.db, { quarter: Q4 });
    expect(report.corrections).toEqual([
      {
        period: "2026-Q3",
        country: "DE",
        currency: "USD",
        // July's order refunded, and the VAT of the business buyer's line given back.
        refundedItems: 2,
        taxableCents: -2000,
        vatCents: -380,
        // -3.80 / 1.2 = -3.166...
        euro: { vatCents: -317, rateDay: "2026-09-30" },
      },
    ]);
    expect(report.totals).toEqual([
      { currency: "EUR", suppliesVatCents: 152, correctionsVatCents: 0, vatDueCents: 152 },
      { currency: "USD", suppliesVatCents: 725, correctionsVatCents: -380, vatDueCents: 345 },
    ]);
    expect(report.euroVatDueCents).toBe(152 + 228 + 160 + 192 - 317);
    // Q3's return declared the VAT its corrections take back: the VAT charged on both orders, less
    // the line refunded in Q3 itself.
    const third = await ossReturn(database.db, { quarter: quarterPeriod("2026-Q3") });
    expect(third.supplies).toMatchObject([
      { currency: "USD", country: "DE", orders: 2, refundedItems: 1, taxableCents: 2000, vatCents: 380 },
    ]);
    expect(third.reverseCharge).toEqual([]);
  });

  it("adds up to the orders: the VAT due is the items' tax sold in the quarter less the tax refunded in it", async () => {
    const report = await ossReturn(database.db, { quarter: Q4 });
    const due = Object.fromEntries(report.totals.map((total) => [total.currency, total.vatDueCents]));
    expect(due).toEqual(await euTaxOfQuarter());
  });

  it("keeps business buyers under the reverse charge out of the return, listed apart with their net", async () => {
    const report = await ossReturn(database.db, { quarter: Q4 });
    expect(report.reverseCharge).toMatchObject([
      // The line whose VAT was given back is a reverse-charge supply from then on.
      { country: "DE", currency: "USD", reverseCharge: true, netCents: 1000, taxCents: 0, sold: { count: 1 } },
      { country: "FR", currency: "USD", reverseCharge: true, netCents: 1000, taxCents: 0, sold: { count: 1 } },
    ]);
    expect(report.supplies.some((supply) => supply.country === "FR" && supply.rateTenths === 0)).toBe(false);
  });

  it("leaves the member state of identification's sales to its own return under the Union scheme", async () => {
    const report = await ossReturn(database.db, { quarter: Q4, shopCountry: "DE" });
    expect(report).toMatchObject({ scheme: "union", memberStateOfIdentification: "DE" });
    expect(report.supplies.map((supply) => supply.country)).toEqual(["FR", "GR"]);
    expect(report.corrections).toEqual([]);
    expect(report.domestic.map((line) => [line.currency, line.reverseCharge, line.netCents, line.taxCents])).toEqual([
      ["EUR", false, 800, 152],
      // Refunds in the quarter of Q3's sales (July's order, the VAT given back) reduce this quarter's figures.
      ["USD", false, 3500 - 4000, 665 - 760],
      ["USD", true, 1000, 0],
    ]);
    // A shop established outside the EU is in the non-Union scheme whatever its country.
    expect((await ossReturn(database.db, { quarter: Q4, shopCountry: "GB" })).scheme).toBe("non-union");
  });

  it("has no euro amounts when the shop holds no ECB rate for the quarter's last day", async () => {
    const report = await ossReturn(database.db, { quarter: quarterPeriod("2027-Q1") });
    expect(report.supplies).toMatchObject([{ country: "DE", taxableCents: 1000, vatCents: 190, euro: null }]);
    expect(report.missingRates).toEqual(["USD"]);
    expect(report.euroVatDueCents).toBeNull();
  });

  it("takes the next day the ECB published when it published nothing on the last day", async () => {
    await database.db
      .insert(exchangeRates)
      .values({ base: "EUR", quote: "USD", rate: "1.1", source: "ecb", day: "2027-04-01", fetchedFrom: "sample" });
    const report = await ossReturn(database.db, { quarter: quarterPeriod("2027-Q1") });
    expect(report.rates).toEqual([{ currency: "USD", rate: "1.1", day: "2027-04-01" }]);
    expect(report.supplies[0]!.euro).toEqual({ taxableCents: 909, vatCents: 173 });
  });

  it("writes the CSV in the return's shape: Greece as EL, rates as percents, amounts as decimals", async () => {
    const rows = parseCsv(ossReturnCsv(await ossReturn(database.db, { quarter: Q4 })));
    const section = (title: string) => {
      const start = rows.findIndex((row) => row[0] === title);
      const end = rows.findIndex((row, index) => index > start && row.length === 1 && row[0] === "");
      return rows.slice(start + 1, end);
    };
    expect(rows[0]).toEqual(["OSS VAT return", "2026-Q4", "2026-10-01 to 2026-12-31 (UTC)"]);
    const [header, ...supplies] = section("Supplies");
    expect(header!.slice(0, 8)).toEqual([
      "Member state of consumption",
      "Country",
      "Type of supply",
      "Rate type",
      "VAT rate (%)",
      "Currency",
      "Taxable amount",
      "VAT amount",
    ]);
    expect(supplies.map((row) => row.slice(0, 10))).toEqual([
      ["DE", "Germany", "services", "standard", "19", "EUR", "8.00", "1.52", "8.00", "1.52"],
      ["DE", "Germany", "services", "standard", "19", "USD", "15.00", "2.85", "12.00", "2.28"],
      ["FR", "France", "services", "standard", "20", "USD", "10.00", "2.00", "8.00", "1.60"],
      ["EL", "Greece", "services", "standard", "24", "USD", "10.00", "2.40", "8.00", "1.92"],
    ]);
    const [, correction] = section("Corrections of earlier returns");
    expect(correction).toEqual(["2026-Q3", "DE", "Germany", "USD", "-20.00", "-3.80", "-3.17", "2026-09-30", "2"]);
    const totals = section("Total VAT due");
    expect(totals.slice(1)).toEqual([
      ["EUR", "1.52", "0.00", "1.52"],
      ["USD", "7.25", "-3.80", "3.45"],
      ["EUR (converted)", "", "", "4.15"],
    ]);
  });
});

describe("the month's tax outside the EU", () => {
  it("lists each country and province outside the EU and the flat rate, with the month's refunds taken off", async () => {
    const report = await monthlyTaxReport(database.db, { month: monthPeriod("2026-11") });
    expect(
      report.lines.map((line) => [line.country, line.region, line.rateTenths, line.netCents, line.taxCents]),
    ).toEqual([
      ["CA", "QC", 14975, 1000, 150],
      // October's British sale refunded in November: November's figures are less by it.
      ["GB", null, 20000, 500, 100],
      [null, null, 8000, 1000, 80],
    ]);
    expect(report.lines[1]).toMatchObject({
      sold: { count: 1, netCents: 1000, taxCents: 200 },
      refunded: { count: 1, netCents: 500, taxCents: 100 },
    });
    expect(report.totals).toEqual([{ currency: "USD", netCents: 2500, taxCents: 330 }]);
    const rows = parseCsv(monthlyTaxCsv(report));
    expect(rows[0]).toEqual(["Tax collected outside the EU", "2026-11", "2026-11-01 to 2026-11-30 (UTC)"]);
    expect(rows[3]!.slice(0, 9)).toEqual([
      "Canada",
      "CA",
      "QC",
      "GST + QST 14.975% (Quebec, Canada)",
      "14.975",
      "no",
      "USD",
      "10.00",
      "1.50",
    ]);
    expect(rows[5]!.slice(0, 3)).toEqual(["Flat rate (no place of supply recorded)", "", ""]);
  });

  it("reports every place by period with taxByCountry, the EU's too, adding up to the orders' tax", async () => {
    const lines = await taxByCountry(database.db, { period: Q4 });
    const taxIn = (currency: string) =>
      lines.filter((line) => line.currency === currency).reduce((sum, line) => sum + line.taxCents, 0);
    // Sold in Q4 in dollars: 190+380+95+200+240+0+200+150+80+100; refunded in Q4: 190 (July's) + 380 + 100,
    // and 190 given back to the business buyer.
    expect(taxIn("USD")).toBe(1635 - 860);
    expect(taxIn("EUR")).toBe(152);
    expect(lines.filter((line) => line.reverseCharge).map((line) => line.country)).toEqual(["DE", "FR"]);
  });
});

describe("periods", () => {
  it("reads a quarter as YYYY-Qn and a month as YYYY-MM, in UTC", () => {
    expect(quarterPeriod("2026-Q1")).toEqual({
      name: "2026-Q1",
      from: at("2026-01-01T00:00:00Z"),
      to: at("2026-04-01T00:00:00Z"),
      lastDay: "2026-03-31",
    });
    expect(monthPeriod("2026-02")).toMatchObject({ lastDay: "2026-02-28", to: at("2026-03-01T00:00:00Z") });
  });

  it("refuses anything else (400), saying how to write one", () => {
    for (const text of ["2026-Q5", "2026Q4", "2026-q4", "Q4-2026", "", null, "1999-Q4", "2026-Q4.csv"]) {
      expect(() => quarterPeriod(text)).toThrow(
        expect.objectContaining({ kind: "invalid", message: expect.stringContaining("YYYY-Qn, such as 2026-Q4") }),
      );
    }
    for (const text of ["2026-13", "2026-1", "2026-00", "11-2026", undefined]) {
      expect(() => monthPeriod(text)).toThrow(Refusal);
      expect(() => monthPeriod(text)).toThrow("YYYY-MM, such as 2026-11");
    }
  });

  it("writes rates in tenths of a basis point as percents", () => {
    expect([19000, 14975, 5000, 8100, 0].map(ratePercent)).toEqual(["19", "14.975", "5", "8.1", "0"]);
  });
});
