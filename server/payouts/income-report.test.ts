import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sellerTaxDetailsSchema, toTaxDetails } from "../../shared/seller-tax-details-schema.ts";
import { parseCsv } from "../../tests/support/csv.ts";
import { createOrder, createProduct, createSeller } from "../../tests/support/factories.ts";
import { recordingJobs } from "../../tests/support/orders.ts";
import { runManualPayouts, testDestinationServices } from "../../tests/support/payouts.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { DEMO_SELLER } from "../accounts/shared-demo-accounts.ts";
import { ledgerEntries, type orderItems, payouts, sellerTaxDetails } from "../db/schema.ts";
import {
  INCOME_REPORT_HEADER,
  type IncomeReportRow,
  incomeReport,
  incomeReportCsv,
  incomeReportResponse,
} from "./income-report.ts";
import { recordRefund, recordSales } from "./ledger.ts";
import { markManualPayoutFailed } from "./manual-payouts.ts";
import { savePayoutSettings } from "./payouts.ts";
import { saveSellerTaxDetails } from "./tax-details.ts";

const database = setUpTestDatabase();
type Item = typeof orderItems.$inferSelect;
type Shop = { creatorId: number; productIds: number[] };

async function shopWith(prices: number[], overrides: Parameters<typeof createSeller>[1] = {}): Promise<Shop> {
  // Tax details as each test gives them: none until then.
  const { creator } = await createSeller(database.db, { taxDetails: false, ...overrides });
  const productIds = [];
  for (const priceCents of prices) {
    productIds.push((await createProduct(database.db, { creatorId: creator.id, priceCents })).id);
  }
  return { creatorId: creator.id, productIds };
}

async function enteredAt(ids: number[], at: Date) {
  await database.db.update(ledgerEntries).set({ createdAt: at }).where(inArray(ledgerEntries.id, ids));
}

async function sale(productIds: number[], at: string, discountPercent = 0): Promise<Item[]> {
  const { order, items } = await createOrder(database.db, { productIds, discountPercent });
  await recordSales(database.db, order.id);
  const entries = await database.db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(
      inArray(
        ledgerEntries.orderItemId,
        items.map((item) => item.id),
      ),
    );
  await enteredAt(
    entries.map((entry) => entry.id),
    new Date(at),
  );
  return items;
}

async function refund(item: Item, at: string) {
  await recordRefund(database.db, item.id);
  const [entry] = await database.db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderItemId, item.id), eq(ledgerEntries.kind, "refund")));
  await enteredAt([entry!.id], new Date(at));
}

const details = (input: Record<string, string>) => toTaxDetails(sellerTaxDetailsSchema.parse(input));

let german: Shop;
let american: Shop;
let unknown: Shop;
let demo: Shop;
let lastYearOnly: Shop;
const sold = new Map<number, Item[]>();
let refunded: Item;
let paidOutCents = 0;

beforeAll(async () => {
  german = await shopWith([1999, 2500]);
  american = await shopWith([4999]);
  unknown = await shopWith([1000]);
  demo = await shopWith([1500], { id: DEMO_SELLER.id, email: DEMO_SELLER.email });
  lastYearOnly = await shopWith([1200]);
  await saveSellerTaxDetails(
    database.db,
    german.creatorId,
    details({
      sellerType: "individual",
      legalName: "=Zoë Ødegård",
      addressLine1: "Hauptstraße 5",
      city: "Berlin",
      postalCode: "10115",
      country: "DE",
      taxIdKind: "national_tin",
      taxId: "12345678901",
      vatId: "DE123456789",
      dateOfBirth: "1990-04-25",
    }),
  );
  await saveSellerTaxDetails(
    database.db,
    american.creatorId,
    details({
      sellerType: "business",
      legalName: "Ink Owl, LLC",
      addressLine1: "1 Market Street",
      addressLine2: "Suite 5",
      city: "San Francisco",
      region: "CA",
      postalCode: "94103",
      country: "US",
      taxIdKind: "us_ein",
      taxId: "123456789",
    }),
  );

  const at = (shop: Shop, items: Item[]) => sold.set(shop.creatorId, [...(sold.get(shop.creatorId) ?? []), ...items]);
  // On each side of the year's and the quarters' bounds, in UTC.
  await sale(german.productIds, "2025-12-31T23:59:59.999Z");
  at(german, await sale(german.productIds, "2026-01-01T00:00:00.000Z", 15));
  at(german, await sale([german.productIds[0]!], "2026-03-31T23:59:59.999Z", 7));
  at(german, await sale(german.productIds, "2026-04-01T00:00:00.000Z"));
  at(german, await sale([german.productIds[1]!], "2026-12-31T23:59:59.999Z", 33));
  await sale(german.productIds, "2027-01-01T00:00:00.000Z");
  // A second-quarter sale refunded in the third quarter.
  refunded = sold.get(german.creatorId)![3]!;
  await refund(refunded, "2026-08-14T10:00:00Z");

  for (const day of ["2026-02-10", "2026-05-10", "2026-08-10", "2026-11-10"]) {
    at(american, await sale(american.productIds, `${day}T10:00:00Z`));
  }
  at(unknown, await sale(unknown.productIds, "2026-06-01T10:00:00Z"));
  await sale(demo.productIds, "2026-06-01T10:00:00Z");
  await sale(lastYearOnly.productIds, "2025-06-01T10:00:00Z");

  // The American shop is paid out on a Friday of 2026.
  await savePayoutSettings(database.db, testDestinationServices(), {
    creatorId: american.creatorId,
    input: { method: "paypal", paypalEmail: "owl@example.com" },
  });
  const run = await runManualPayouts(database.db, new Date("2026-11-13T09:00:00Z"));
  paidOutCents = run.taken.find((each) => each.creatorId === american.creatorId)!.amountCents;
  await database.db
    .update(ledgerEntries)
    .set({ createdAt: new Date("2026-11-13T09:00:00Z") })
    .where(and(eq(ledgerEntries.creatorId, american.creatorId), eq(ledgerEntries.kind, "payout")));
});

const rowOf = (rows: IncomeReportRow[], shop: Shop) => rows.find((row) => row.creatorId === shop.creatorId);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe("the yearly income report", () => {
  it("has a row per seller paid or credited in the year, not the demo shop's, nor a seller of other years only", async () => {
    const report = await incomeReport(database.db, { year: 2026 });
    expect(report.rows.map((row) => row.creatorId)).toEqual(
      [german.creatorId, american.creatorId, unknown.creatorId].sort((a, b) => a - b),
    );
    expect(rowOf(report.rows, demo)).toBeUndefined();
    expect(rowOf(report.rows, lastYearOnly)).toBeUndefined();
    expect(report).toMatchObject({ withoutTaxDetails: 1, euResidents: 1, fewerActivitiesThanDeMinimis: 3 });
    expect(report.dueOn).toBe("2027-01-31");
    expect(report.deMinimis).toMatchObject({
      fewerActivitiesThan: 30,
      considerationAtMost: { cents: 200000, currency: "EUR" },
    });
  });

  it("puts each entry in its UTC quarter and sums per quarter what the ledger holds: the seller's share less refunds, sales, fees less those returned", async () => {
    const report = await incomeReport(database.db, { year: 2026 });
    for (const shop of [german, american, unknown]) {
      const row = rowOf(report.rows, shop)!;
      const { rows: ledger } = await database.pool.query<{ quarter: number; cents: number; sales: number }>(
        `SELECT extract(quarter FROM created_at AT TIME ZONE 'UTC')::int AS quarter,
           sum(amount_cents)::int AS cents, count(*) FILTER (WHERE kind = 'sale')::int AS sales
         FROM ledger_entries WHERE creator_id = $1 AND kind <> 'payout'
           AND created_at >= '2026-01-01T00:00:00Z' AND created_at < '2027-01-01T00:00:00Z'
         GROUP BY 1`,
        [shop.creatorId],
      );
      for (const quarter of [1, 2, 3, 4]) {
        const expected = ledger.find((each) => each.quarter === quarter);
        expect(row.quarters[quarter - 1]!.considerationCents).toBe(expected?.cents ?? 0);
        expect(row.quarters[quarter - 1]!.activities).toBe(expected?.sales ?? 0);
      }
      for (const key of ["considerationCents", "activities", "feesCents"] as const) {
        expect(row.year[key]).toBe(sum(row.quarters.map((quarter) => quarter[key])));
      }
    }
    // The German seller, quarter by quarter, from the items themselves.
    const items = sold.get(german.creatorId)!;
    const german2026 = rowOf(report.rows, german)!;
    const share = (list: Item[]) => sum(list.map((item) => item.sellerCents));
    const fees = (list: Item[]) => sum(list.map((item) => item.platformCents));
    const q1 = items.slice(0, 3);
    const q2 = items.slice(3, 5);
    const q4 = items.slice(5);
    expect(german2026.quarters).toEqual([
      { considerationCents: share(q1), activities: 3, feesCents: fees(q1) },
      { considerationCents: share(q2), activities: 2, feesCents: fees(q2) },
      { considerationCents: -refunded.sellerCents, activities: 0, feesCents: -refunded.platformCents },
      { considerationCents: share(q4), activities: 1, feesCents: fees(q4) },
    ]);
    expect(german2026.refunds).toBe(1);
    expect(german2026.year.considerationCents + german2026.year.feesCents).toBe(
      sum(items.map((item) => item.lineTotalCents - item.discountCents)) -
        (refunded.lineTotalCents - refunded.discountCents),
    );
    const american2026 = rowOf(report.rows, american)!;
    expect(american2026.quarters.map((quarter) => quarter.activities)).toEqual([1, 1, 1, 1]);
    expect(american2026.paidOutCents).toBe(paidOutCents);
    expect(american2026.financialAccountIdentifier).toBeNull();
  });

  it("as CSV: one row per seller, each quarter's figures, the details of those who gave them, empty cells for one who did not, formulas kept as text", async () => {
    const report = await incomeReport(database.db, { year: 2026 });
    const text = incomeReportCsv(report);
    expect(text).toContain('"Ink Owl, LLC"');
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([...INCOME_REPORT_HEADER]);
    expect(rows).toHaveLength(report.rows.length);
    const column = (name: (typeof INCOME_REPORT_HEADER)[number]) => INCOME_REPORT_HEADER.indexOf(name);
    const cellsOf = (shop: Shop) => rows.find((row) => row[0] === String(shop.creatorId))!;
    const germanCells = cellsOf(german);
    expect(germanCells[column("Legal name")]).toBe("'=Zoë Ødegård");
    expect(germanCells[column("Country (ISO 3166-1)")]).toBe("DE");
    expect(germanCells[column("EU member state")]).toBe("yes");
    expect(germanCells[column("Tax number")]).toBe("12345678901");
    expect(germanCells[column("Tax number issued by")]).toBe("DE");
    expect(germanCells[column("VAT number")]).toBe("DE123456789");
    expect(germanCells[column("Date of birth")]).toBe("1990-04-25");
    expect(germanCells[column("Financial account identifier")]).toBe("");
    const germanRow = rowOf(report.rows, german)!;
    expect(germanCells[column("Q3 consideration (USD)")]).toBe(
      (germanRow.quarters[2]!.considerationCents / 100).toFixed(2),
    );
    expect(germanCells[column("Q3 consideration (USD)")]).toMatch(/^-\d+\.\d{2}$/);
    expect(germanCells[column("Q1 activities")]).toBe("3");
    expect(germanCells[column("Year activities")]).toBe("6");
    expect(germanCells[column("Fewer than 30 activities in year")]).toBe("yes");

    const americanCells = cellsOf(american);
    expect(americanCells[column("Legal name")]).toBe("Ink Owl, LLC");
    expect(americanCells[column("Seller type")]).toBe("business");
    expect(americanCells[column("Date of birth")]).toBe("");
    expect(americanCells[column("Tax number")]).toBe("12-3456789");
    expect(americanCells[column("Paid out in year (USD)")]).toBe((paidOutCents / 100).toFixed(2));

    const unknownCells = cellsOf(unknown);
    expect(unknownCells).toHaveLength(INCOME_REPORT_HEADER.length);
    expect(unknownCells[column("Tax details")]).toBe("missing");
    for (const name of [
      "Legal name",
      "Address line 1",
      "Country (ISO 3166-1)",
      "Tax number",
      "Date of birth",
    ] as const) {
      expect(unknownCells[column(name)]).toBe("");
    }
    expect(unknownCells[column("Q2 activities")]).toBe("1");
  });

  it("counts a seller whose saved details no longer pass the form as without tax details", async () => {
    await database.db
      .update(sellerTaxDetails)
      .set({ dateOfBirth: null })
      .where(eq(sellerTaxDetails.creatorId, german.creatorId));
    const report = await incomeReport(database.db, { year: 2026 });
    expect(rowOf(report.rows, german)!.taxDetailsState).toBe("incomplete");
    expect(report.withoutTaxDetails).toBe(2);
    await database.db
      .update(sellerTaxDetails)
      .set({ dateOfBirth: "1990-04-25" })
      .where(eq(sellerTaxDetails.creatorId, german.creatorId));
  });

  it("is a private CSV download for a year up to this one; anything else is a 404 page", async () => {
    const now = new Date("2026-12-01T00:00:00Z");
    const response = await incomeReportResponse(database.db, { file: "2026.csv", now });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="income-report-2026.csv"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(parseCsv(await response.text())).toHaveLength(4);
    for (const file of ["2027.csv", "1999.csv", "2026.pdf", "26.csv", undefined]) {
      const refused = await incomeReportResponse(database.db, { file, now });
      expect(refused.status).toBe(404);
      expect(await refused.text()).toContain("Choose a year from 2000 to this one.");
    }
  });

  it("counts a payout that came back as not paid out, and not as consideration", async () => {
    const before = rowOf((await incomeReport(database.db, { year: 2026 })).rows, american)!;
    const [made] = await database.db
      .select({ id: payouts.id })
      .from(payouts)
      .where(eq(payouts.creatorId, american.creatorId));
    await markManualPayoutFailed(
      { db: database.db, jobs: recordingJobs() },
      { payoutId: made!.id, reason: "The PayPal account was closed." },
    );
    await database.db
      .update(ledgerEntries)
      .set({ createdAt: new Date("2026-11-20T09:00:00Z") })
      .where(and(eq(ledgerEntries.creatorId, american.creatorId), eq(ledgerEntries.kind, "payout_return")));
    const after = rowOf((await incomeReport(database.db, { year: 2026 })).rows, american)!;
    expect(before.paidOutCents).toBe(paidOutCents);
    expect(after.paidOutCents).toBe(0);
    expect(after.quarters).toEqual(before.quarters);
    expect(after.year).toEqual(before.year);
  });
});
