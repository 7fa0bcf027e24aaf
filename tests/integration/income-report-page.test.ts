import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as pageLoader } from "../../app/routes/admin/income-report.tsx";
import { loader as csvLoader } from "../../app/routes/admin/income-report-csv.ts";
import { ledgerEntries, type user } from "../../server/db/schema.ts";
import { recordSales } from "../../server/payouts/ledger.ts";
import { parseCsv } from "../support/csv.ts";
import { createOrder, createProduct, createSeller, createUser } from "../support/factories.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// The admin console's income report through its loaders: only an admin sees it or downloads its
// CSV; sellers without tax details are counted in a warning.

const database = setUpTestDatabase();
type Account = typeof user.$inferSelect;
type Call = (args: never) => Promise<unknown>;
let admin: Account;
let seller: Awaited<ReturnType<typeof createSeller>>;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  admin = await createUser(database.db, { role: "admin" });
  seller = await createSeller(database.db, { creator: { name: "Paper Fox" }, taxDetails: false });
  const product = await createProduct(database.db, { creatorId: seller.creator.id, priceCents: 2000 });
  const { order } = await createOrder(database.db, { productIds: [product.id] });
  await recordSales(database.db, order.id);
  await database.db
    .update(ledgerEntries)
    .set({ createdAt: new Date(Date.UTC(year, 0, 15)) })
    .where(eq(ledgerEntries.creatorId, seller.creator.id));
});

const contextOf = (account: Account | null) => contextAs(account, { db: database.db });

describe("the income report page", () => {
  it("shows an admin the chosen year's sellers and counts those without tax details", async () => {
    const page = await routeAnswer(pageLoader as Call, {
      url: `/admin/income-report?year=${year}`,
      context: contextOf(admin),
    });
    expect(page.data).toMatchObject({
      year,
      withoutTaxDetails: 1,
      dueOn: `${year + 1}-01-31`,
      rows: [
        {
          creatorId: seller.creator.id,
          shopName: "Paper Fox",
          legalName: null,
          taxDetailsState: "missing",
          activities: 1,
          considerationCents: 1400,
          feesCents: 600,
        },
      ],
    });
    expect((page.data as { years: number[] }).years[0]).toBe(year);
    const refused = await routeAnswer(pageLoader as Call, {
      url: "/admin/income-report?year=1999",
      context: contextOf(admin),
    });
    expect(refused.status).toBe(404);
  });

  it("is the admins' only: a seller or a buyer is sent home, a visitor to sign in", async () => {
    const buyer = await createUser(database.db);
    for (const account of [seller.user, buyer]) {
      for (const [loader, url, params] of [
        [pageLoader, "/admin/income-report", {}],
        [csvLoader, `/admin/income-report/${year}.csv`, { file: `${year}.csv` }],
      ] as const) {
        expect(await routeAnswer(loader as Call, { url, params, context: contextOf(account) })).toMatchObject({
          status: 302,
          location: "/",
        });
      }
    }
    const visitor = await routeAnswer(csvLoader as Call, {
      url: `/admin/income-report/${year}.csv`,
      params: { file: `${year}.csv` },
      context: contextOf(null),
    });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/\?signin=required&next=%2Fadmin%2Fincome-report/);
  });

  it("gives an admin the year's CSV, with the seller's row and its empty tax fields", async () => {
    const answer = await routeAnswer(csvLoader as Call, {
      url: `/admin/income-report/${year}.csv`,
      params: { file: `${year}.csv` },
      context: contextOf(admin),
    });
    expect(answer.status).toBe(200);
    const response = answer.response!;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="income-report-${year}.csv"`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const [header, row] = parseCsv(await response.text());
    expect(row!.slice(0, 5)).toEqual([String(seller.creator.id), "Paper Fox", "missing", "", ""]);
    expect(row![header!.indexOf("Year consideration (USD)")]).toBe("14.00");
  });
});
