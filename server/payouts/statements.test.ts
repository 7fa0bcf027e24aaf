import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { extractText, getDocumentProxy, getMeta } from "unpdf";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../tests/support/csv.ts";
import { createOrder, createProduct, createSeller } from "../../tests/support/factories.ts";
import { recordingJobs } from "../../tests/support/orders.ts";
import { runManualPayouts, testDestinationServices } from "../../tests/support/payouts.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { ledgerEntries, type orderItems, payouts } from "../db/schema.ts";
import { recordRefund, recordSales } from "./ledger.ts";
import { markManualPayoutFailed } from "./manual-payouts.ts";
import { savePayoutSettings } from "./payouts.ts";
import { STATEMENT_CSV_HEADER, statementCsv } from "./statement-csv.ts";
import { statementResponse } from "./statement-download.ts";
import { statementPdf } from "./statement-pdf.ts";
import { monthlyStatement, statementMonths } from "./statements.ts";
import { saveSellerTaxDetails } from "./tax-details.ts";

const database = setUpTestDatabase();
const NOW = new Date("2026-12-15T12:00:00Z");
type Item = typeof orderItems.$inferSelect;

/** A new seller's shop with products at these prices (in cents). */
async function shopWith(prices: number[], titles: string[] = [], { taxDetails }: { taxDetails?: false } = {}) {
  const { creator } = await createSeller(database.db, { taxDetails });
  const made = [];
  for (const [index, priceCents] of prices.entries()) {
    made.push(
      await createProduct(database.db, {
        creatorId: creator.id,
        priceCents,
        ...(titles[index] ? { title: titles[index] } : {}),
      }),
    );
  }
  return { creatorId: creator.id, productIds: made.map((product) => product.id) };
}

/** Moves these ledger entries to `at`, as if they had been made then. */
async function enteredAt(ids: number[], at: Date) {
  await database.db.update(ledgerEntries).set({ createdAt: at }).where(inArray(ledgerEntries.id, ids));
}

/** A paid order of these products, entered in the ledger at `at`. */
async function sale(productIds: number[], at: Date, discountPercent = 0): Promise<Item[]> {
  const { order, items } = await createOrder(database.db, { productIds, discountPercent, paidAt: at });
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
    at,
  );
  return items;
}

async function refund(item: Item, at: Date) {
  await recordRefund(database.db, item.id);
  const [entry] = await database.db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderItemId, item.id), eq(ledgerEntries.kind, "refund")));
  await enteredAt([entry!.id], at);
}

/** The shop's payout on Friday `friday` (YYYY-MM-DD), entered at that Friday's run. */
async function payout(creatorId: number, friday: string) {
  const at = new Date(`${friday}T09:00:00Z`);
  await savePayoutSettings(database.db, testDestinationServices(), {
    creatorId,
    input: { method: "paypal", paypalEmail: "paid@example.com" },
  });
  const run = await runManualPayouts(database.db, at);
  const paid = run.taken.find((each) => each.creatorId === creatorId);
  expect(paid).toBeDefined();
  const [entry] = await database.db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.creatorId, creatorId), eq(ledgerEntries.kind, "payout")))
    .orderBy(sql`${ledgerEntries.id} DESC`)
    .limit(1);
  await enteredAt([entry!.id], at);
  return paid!.amountCents;
}

/** The balance from the ledger itself: every entry of the shop made before `before`. */
async function ledgerBalanceBefore(creatorId: number, before: Date) {
  const [row] = await database.db
    .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.creatorId, creatorId), lt(ledgerEntries.createdAt, before)));
  return row!.cents;
}

const sum = (values: (number | null)[]) => values.reduce<number>((total, value) => total + (value ?? 0), 0);

describe("a monthly statement", () => {
  it("adds up to the cent: each sale's fee and share make its price, the totals their lines, the opening balance and the month's entries the closing one", async () => {
    const shop = await shopWith([999, 1499, 2345, 333, 1001]);
    // Discounts of odd percents: each line's share is rounded on its own.
    let day = 1;
    const sold: Item[] = [];
    for (const percent of [0, 7, 13, 15, 33, 0, 50, 3, 11, 29]) {
      const chosen = shop.productIds.filter((_, index) => (index + percent) % 2 === 0 || index === day % 5);
      sold.push(...(await sale(chosen, new Date(Date.UTC(2026, 9, day, 10 + (day % 12))), percent)));
      day += 3;
    }
    await refund(sold[2]!, new Date("2026-10-20T08:00:00Z"));
    await refund(sold[7]!, new Date("2026-10-29T08:00:00Z"));
    const paidOut = await payout(shop.creatorId, "2026-10-23");
    // The month before has a sale, for an opening balance.
    await sale([shop.productIds[0]!], new Date("2026-09-12T10:00:00Z"), 10);

    const statement = await monthlyStatement(database.db, { creatorId: shop.creatorId, month: "2026-10", now: NOW });
    expect(statement.openingBalanceCents).toBe(await ledgerBalanceBefore(shop.creatorId, statement.from));
    expect(statement.openingBalanceCents).toBeGreaterThan(0);
    expect(statement.closingBalanceCents).toBe(await ledgerBalanceBefore(shop.creatorId, statement.to));
    expect(statement.closingBalanceCents).toBe(
      statement.openingBalanceCents + sum(statement.lines.map((line) => line.amountCents)),
    );
    const { sale: sales, refund: refunds, payout: payouts } = statement.totals;
    expect(sales.count).toBe(sold.length);
    expect(refunds.count).toBe(2);
    expect(payouts).toEqual({ count: 1, paidCents: 0, feeCents: 0, amountCents: -paidOut });
    expect(statement.closingBalanceCents).toBe(
      statement.openingBalanceCents + sales.amountCents + refunds.amountCents + payouts.amountCents,
    );
    for (const kind of ["sale", "refund", "payout"] as const) {
      const lines = statement.lines.filter((line) => line.kind === kind);
      expect(statement.totals[kind].paidCents).toBe(sum(lines.map((line) => line.paidCents)));
      expect(statement.totals[kind].feeCents).toBe(sum(lines.map((line) => line.feeCents)));
      expect(statement.totals[kind].amountCents).toBe(sum(lines.map((line) => line.amountCents)));
    }
    for (const line of statement.lines.filter((each) => each.kind !== "payout")) {
      expect(line.feeCents! + line.amountCents).toBe(line.paidCents);
    }
    // The prices are what buyers paid: the order items' own figures, to the cent.
    expect(sales.paidCents).toBe(sum(sold.map((item) => item.lineTotalCents - item.discountCents)));
    expect(sales.feeCents).toBe(sum(sold.map((item) => item.platformCents)));
    expect(sales.amountCents).toBe(sum(sold.map((item) => item.sellerCents)));
    expect(refunds.amountCents).toBe(-(sold[2]!.sellerCents + sold[7]!.sellerCents));
    // The running balance ends where the statement closes.
    expect(statement.lines.at(-1)!.balanceCents).toBe(statement.closingBalanceCents);
  });

  it("puts an entry in the month of its UTC date: the last millisecond of a month in it, midnight in the next", async () => {
    const shop = await shopWith([1000, 2000, 3000, 4000]);
    const [september] = await sale([shop.productIds[0]!], new Date("2026-09-30T23:59:59.999Z"));
    const [octoberFirst] = await sale([shop.productIds[1]!], new Date("2026-10-01T00:00:00.000Z"));
    const [octoberLast] = await sale([shop.productIds[2]!], new Date("2026-10-31T23:59:59.999Z"));
    const [november] = await sale([shop.productIds[3]!], new Date("2026-11-01T00:00:00.000Z"));
    const october = await monthlyStatement(database.db, { creatorId: shop.creatorId, month: "2026-10", now: NOW });
    expect(october.from.toISOString()).toBe("2026-10-01T00:00:00.000Z");
    expect(october.to.toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(october.openingBalanceCents).toBe(september!.sellerCents);
    expect(october.lines.map((line) => line.amountCents)).toEqual([
      octoberFirst!.sellerCents,
      octoberLast!.sellerCents,
    ]);
    const next = await monthlyStatement(database.db, { creatorId: shop.creatorId, month: "2026-11", now: NOW });
    expect(next.openingBalanceCents).toBe(october.closingBalanceCents);
    expect(next.lines.map((line) => line.amountCents)).toEqual([november!.sellerCents]);
    // December is under way: its statement is the one so far, with nothing in it.
    const december = await monthlyStatement(database.db, { creatorId: shop.creatorId, month: "2026-12", now: NOW });
    expect(december).toMatchObject({ complete: false, lines: [], openingBalanceCents: next.closingBalanceCents });
    expect(october.complete).toBe(true);

    expect(await statementMonths(database.db, shop.creatorId, NOW)).toEqual([
      { month: "2026-11", complete: true, sales: 1, refunds: 0, payouts: 0, netCents: november!.sellerCents },
      {
        month: "2026-10",
        complete: true,
        sales: 2,
        refunds: 0,
        payouts: 0,
        netCents: octoberFirst!.sellerCents + octoberLast!.sellerCents,
      },
      { month: "2026-09", complete: true, sales: 1, refunds: 0, payouts: 0, netCents: september!.sellerCents },
    ]);
  });

  it("shows a refund after its sale was paid out in the refund's month, with the sale's order and product, taking the balance below zero", async () => {
    const shop = await shopWith([5000], ["Botanical Prints"]);
    const [item] = await sale(shop.productIds, new Date("2026-10-05T10:00:00Z"));
    const paidOut = await payout(shop.creatorId, "2026-10-09");
    expect(paidOut).toBe(item!.sellerCents);
    await refund(item!, new Date("2026-11-03T15:00:00Z"));

    const october = await monthlyStatement(database.db, { creatorId: shop.creatorId, month: "2026-10", now: NOW });
    expect(october.closingBalanceCents).toBe(0);
    expect(october.lines.map((line) => line.kind)).toEqual(["sale", "payout"]);
    expect(october.lines[1]).toMatchObject({
      payout: { weekOf: "2026-10-09", method: "paypal", destination: "paid@example.com" },
      amountCents: -paidOut,
      balanceCents: 0,
    });

    const november = await monthlyStatement(database.db, { creatorId: shop.creatorId, month: "2026-11", now: NOW });
    expect(november.openingBalanceCents).toBe(0);
    expect(november.lines).toEqual([
      expect.objectContaining({
        kind: "refund",
        orderNumber: october.lines[0]!.orderNumber,
        product: "Botanical Prints",
        paidCents: -5000,
        feeCents: -1500,
        amountCents: -3500,
        balanceCents: -3500,
      }),
    ]);
    expect(november.closingBalanceCents).toBe(-3500);
  });

  it("shows a payout that came back as money on the balance again, in the summary and among the payouts, and still adds up", async () => {
    const shop = await shopWith([5000], ["Returned Prints"]);
    await sale(shop.productIds, new Date("2026-10-05T10:00:00Z"));
    const paidOut = await payout(shop.creatorId, "2026-10-09");
    const [made] = await database.db
      .select({ id: payouts.id })
      .from(payouts)
      .where(eq(payouts.creatorId, shop.creatorId));
    await markManualPayoutFailed(
      { db: database.db, jobs: recordingJobs() },
      { payoutId: made!.id, reason: "The bank account was closed." },
    );
    await database.db
      .update(ledgerEntries)
      .set({ createdAt: new Date("2026-10-12T09:00:00Z") })
      .where(and(eq(ledgerEntries.creatorId, shop.creatorId), eq(ledgerEntries.kind, "payout_return")));

    const october = await monthlyStatement(database.db, { creatorId: shop.creatorId, month: "2026-10", now: NOW });
    expect(october.lines.map((line) => [line.kind, line.amountCents])).toEqual([
      ["sale", 3500],
      ["payout", -paidOut],
      ["payout_return", paidOut],
    ]);
    expect(october.totals.payout_return).toMatchObject({ count: 1, amountCents: paidOut });
    expect(october.closingBalanceCents).toBe(3500);

    const { pages } = await pagesOf(await statementPdf(october, { shopName: "Test Market" }));
    const text = pages.join("\n");
    expect(text).toContain("Payouts (1 payout) -$35.00");
    expect(text).toContain("Payouts returned to your balance (1) $35.00");
    expect(text).toContain("Closing balance $35.00");
    expect(text).toMatch(/Returned from PayPal \(paid@example\.com\)\s+Oct 9, 2026\s+\$35\.00/);
    expect(text).toContain("Total 1 payout, 1 returned $0.00");
    const rows = parseCsv(statementCsv(october));
    expect(rows.find((row) => row[1] === "Payout returned")?.slice(6)).toEqual(["35.00", "35.00"]);
    expect(rows.find((row) => row[1] === "Total payouts returned")?.[6]).toBe("35.00");
  });

  it("refuses a month yet to come and anything that is not a month (404)", async () => {
    const shop = await shopWith([1000]);
    for (const month of ["2027-01", "2026-13", "2026-1", "1999-12", "november", "2026-11-01"]) {
      await expect(monthlyStatement(database.db, { creatorId: shop.creatorId, month, now: NOW })).rejects.toMatchObject(
        { kind: "not-found" },
      );
    }
  });
});

describe("a statement as CSV", () => {
  it("keeps formulas typed into a title as text, quotes commas and quotes, and writes amounts as numbers that add up", async () => {
    const titles = ['=HYPERLINK("http://evil.example","Click")', 'Planner, "Deluxe" edition', "+1 sticker", "@sum(A1)"];
    const shop = await shopWith([1999, 2999, 999, 1234], titles);
    const items = await sale(shop.productIds, new Date("2026-10-10T10:00:00Z"), 15);
    await refund(items[1]!, new Date("2026-10-12T10:00:00Z"));
    const statement = await monthlyStatement(database.db, { creatorId: shop.creatorId, month: "2026-10", now: NOW });
    const text = statementCsv(statement);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(text).toContain(`"Planner, ""Deluxe"" edition"`);
    expect(text).toContain(",'+1 sticker,");
    expect(text).toContain(",'@sum(A1),");

    const [header, opening = [], ...rest] = parseCsv(text);
    expect(header).toEqual([...STATEMENT_CSV_HEADER]);
    expect(opening).toEqual(["2026-10-01", "Opening balance", "", "", "", "", "", "0.00"]);
    const closing = rest.at(-1)!;
    expect(closing.slice(0, 2)).toEqual(["2026-10-31", "Closing balance"]);
    const entries = rest.filter((row) => row[1] === "Sale" || row[1] === "Refund" || row[1] === "Payout");
    expect(entries).toHaveLength(5);
    const refunded = entries.find((row) => row[1] === "Refund")!;
    expect(refunded[3]).toBe(titles[1]);
    // A negative amount is a number, not text: no quote mark in front of its minus.
    expect(refunded.slice(4, 7).every((cell) => /^-\d+\.\d{2}$/.test(cell))).toBe(true);
    const cents = (cell: string) => Math.round(Number(cell) * 100);
    expect(sum(entries.map((row) => cents(row[6]!)))).toBe(cents(closing[7]!) - cents(opening[7]!));
    expect(cents(closing[7]!)).toBe(statement.closingBalanceCents);
    const salesTotal = rest.find((row) => row[1] === "Total sales")!;
    expect(salesTotal.slice(3)).toEqual([
      "4 entries",
      ...[statement.totals.sale.paidCents, statement.totals.sale.feeCents, statement.totals.sale.amountCents].map(
        (value) => (value / 100).toFixed(2),
      ),
      "",
    ]);
    for (const row of entries.filter((each) => each[1] === "Sale")) {
      expect(cents(row[5]!) + cents(row[6]!)).toBe(cents(row[4]!));
    }
  });
});

async function pagesOf(pdf: Uint8Array) {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text, totalPages } = await extractText(document, { mergePages: false });
  const { info } = await getMeta(document);
  return { pages: text, totalPages, info: info as Record<string, string> };
}

describe("a statement as PDF", () => {
  it("names the shop and the seller, and reads back a month of 300 sales over pages that each repeat the table's heads and say 'Page n of N'", async () => {
    const shop = await shopWith(
      [1250, 2475, 999],
      [
        "Weekly Planner",
        "Zoë's Botanical Prints, a very long title that wraps onto a second line in the table",
        "Stickers",
      ],
    );
    await saveSellerTaxDetails(database.db, shop.creatorId, {
      sellerType: "individual",
      legalName: "Zoë Ødegård",
      addressLine1: "Hauptstraße 5",
      addressLine2: null,
      city: "Berlin",
      region: null,
      postalCode: "10115",
      country: "DE",
      taxIdKind: "national_tin",
      taxId: "12345678901",
      vatId: null,
      businessRegistrationNumber: null,
      dateOfBirth: "1990-04-25",
    });
    const sold: Item[] = [];
    for (let index = 0; index < 100; index++) {
      const at = new Date(Date.UTC(2026, 9, 1 + (index % 30), index % 24, index % 60));
      sold.push(...(await sale(shop.productIds, at, index % 4 === 0 ? 10 : 0)));
    }
    await refund(sold[4]!, new Date("2026-10-30T12:00:00Z"));
    const statement = await monthlyStatement(database.db, { creatorId: shop.creatorId, month: "2026-10", now: NOW });
    expect(statement.totals.sale.count).toBe(300);

    const pdf = await statementPdf(statement, { shopName: "Test Market" });
    const { pages, totalPages, info } = await pagesOf(pdf);
    expect(totalPages).toBeGreaterThan(4);
    expect(pages).toHaveLength(totalPages);
    expect(info.Title).toBe(`Statement for October 2026: ${statement.shop.name}`);
    const first = pages[0]!;
    for (const fact of [
      "Test Market",
      "Statement for October 2026",
      "Oct 1, 2026 to Oct 31, 2026, in UTC.",
      "Zoë Ødegård",
      "Hauptstraße 5",
      "Berlin, 10115",
      "Germany",
      `Seller ID ${shop.creatorId}`,
    ]) {
      expect(first).toContain(fact);
    }
    for (const [index, page] of pages.entries()) {
      expect(page).toContain(`Page ${index + 1} of ${totalPages}`);
      expect(page).toContain(`Test Market · ${statement.shop.name} · Statement for October 2026`);
    }
    // Every page the sales run over has the heads; a page after the first says it goes on.
    const salesPages = pages.filter((page) => page.includes("Weekly Planner"));
    expect(salesPages.length).toBeGreaterThan(3);
    for (const page of salesPages) expect(page).toContain("Date Order Product Price paid Shop fee Your share");
    expect(pages.slice(1).some((page) => page.includes("Sales (continued)"))).toBe(true);
    // Each line is there once: its order's number shows as often as the order has lines.
    const all = pages.join("\n");
    for (const number of new Set(statement.lines.map((line) => line.orderNumber!))) {
      expect(all.split(number).length - 1).toBe(statement.lines.filter((line) => line.orderNumber === number).length);
    }
    const money = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
    expect(all).toContain(`Your share of sales (70%) ${money(statement.totals.sale.amountCents)}`);
    expect(all).toContain(`Closing balance ${money(statement.closingBalanceCents)}`);
    expect(all).toContain("Refunds");
    expect(all).toContain("No payouts this month.");
  });

  it("without tax details names the shop and says where the legal name will come from", async () => {
    const shop = await shopWith([1000], [], { taxDetails: false });
    await sale(shop.productIds, new Date("2026-11-02T10:00:00Z"));
    const statement = await monthlyStatement(database.db, { creatorId: shop.creatorId, month: "2026-11", now: NOW });
    const { pages } = await pagesOf(await statementPdf(statement, { shopName: "Test Market" }));
    expect(pages).toHaveLength(1);
    expect(pages[0]!.replace(/\s+/g, " ")).toContain(
      "Your legal name and address show here once you add your tax details.",
    );
    expect(pages[0]).toContain("Page 1 of 1");
  });
});

describe("the statement download", () => {
  it("answers a PDF or CSV of the shop's own month, private and not kept; a name that is no month's is a 404 page", async () => {
    const mine = await shopWith([1000]);
    const theirs = await shopWith([2000], ["Their Secret Product"]);
    await sale(mine.productIds, new Date("2026-11-02T10:00:00Z"));
    await sale(theirs.productIds, new Date("2026-11-02T10:00:00Z"));
    const services = { db: database.db, shopName: "Test Market" };
    const pdf = await statementResponse(services, { creatorId: mine.creatorId, file: "2026-11.pdf", now: NOW });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Cache-Control")).toBe("private, no-store");
    expect(pdf.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(pdf.headers.get("Content-Disposition")).toBe(
      `attachment; filename="statement-2026-11-seller-${mine.creatorId}.pdf"`,
    );
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(Number(pdf.headers.get("Content-Length"))).toBe(bytes.length);
    expect((await pagesOf(bytes)).pages.join("\n")).not.toContain("Their Secret Product");

    const csv = await statementResponse(services, { creatorId: mine.creatorId, file: "2026-11.csv", now: NOW });
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await csv.text();
    expect(text).toContain("Sale");
    expect(text).not.toContain("Their Secret Product");

    for (const file of ["2026-11.xls", "2027-01.pdf", "../2026-11.csv", undefined]) {
      const refused = await statementResponse(services, { creatorId: mine.creatorId, file, now: NOW });
      expect(refused.status).toBe(404);
      expect(refused.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      expect(await refused.text()).toContain("There is no statement for that month");
    }
  });
});
