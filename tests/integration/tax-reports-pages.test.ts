import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as csvLoader } from "../../app/routes/admin/tax-report-csv.ts";
import { loader as pageLoader } from "../../app/routes/admin/tax-reports.tsx";
import { orders, type user } from "../../server/db/schema.ts";
import { parseCsv } from "../support/csv.ts";
import { createSeller, createUser } from "../support/factories.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { createTaxedOrder } from "../support/taxed-orders.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// The admin console's tax reports through their loaders: only an admin with a second factor sees
// the page or downloads a file; a period written wrong is a 400 page that says how to write it.

const database = setUpTestDatabase();
type Account = typeof user.$inferSelect;
type Call = (args: never) => Promise<unknown>;
let admin: Account;
let seller: Awaited<ReturnType<typeof createSeller>>;
let contradictedNumber: string;

beforeAll(async () => {
  admin = await createUser(database.db, { role: "admin" });
  seller = await createSeller(database.db, { taxDetails: false });
  await createTaxedOrder(database.db, {
    creatorId: seller.creator.id,
    country: "DE",
    paidAt: new Date("2026-11-02T10:00:00Z"),
    lines: [{ netCents: 1000, taxCents: 190, rateTenths: 19000 }],
  });
  // Paid with a French card after choosing Germany from a private address: contradicted (in a month
  // of its own, apart from the reports below).
  const contradicted = await createTaxedOrder(database.db, {
    creatorId: seller.creator.id,
    country: "DE",
    paidAt: new Date("2027-01-04T10:00:00Z"),
    lines: [{ netCents: 1000, taxCents: 190, rateTenths: 19000 }],
  });
  contradictedNumber = contradicted.order.number;
  await database.db
    .update(orders)
    .set({
      taxEvidence: {
        status: "unconfirmed",
        country: "DE",
        region: null,
        evidence: [
          { kind: "billing-country", country: "DE", region: null },
          { kind: "ip-address", address: "10.0.0.7", country: null, database: "stand-in" },
          { kind: "card-country", country: "FR" },
        ],
        contradicted: true,
      },
    })
    .where(eq(orders.id, contradicted.order.id));
  await createTaxedOrder(database.db, {
    creatorId: seller.creator.id,
    country: "GB",
    paidAt: new Date("2026-11-03T10:00:00Z"),
    lines: [{ netCents: 1000, taxCents: 200, rateTenths: 20000 }],
  });
});

const contextOf = (account: Account | null, shopCountry: string | null = null) =>
  contextAs(account, { db: database.db, tax: { mode: "by-location", rates: {}, shopCountry } as never });

const file = (regime: string, name: string) => ({
  url: `/admin/tax-reports/${regime}/${name}`,
  params: { regime, file: name },
});

describe("the tax reports", () => {
  it("lists an admin's quarters and months, with the scheme the shop is in", async () => {
    const page = await routeAnswer(pageLoader as Call, { url: "/admin/tax-reports", context: contextOf(admin) });
    const data = page.data as { months: string[]; quarters: { name: string; dueOn: string }[] };
    expect(data.months).toContain("2026-11");
    expect(data.quarters).toContainEqual({ name: "2026-Q4", dueOn: "2027-01-31" });
    expect(page.data).toMatchObject({ identification: null });
    const union = await routeAnswer(pageLoader as Call, { url: "/admin/tax-reports", context: contextOf(admin, "IE") });
    expect(union.data).toMatchObject({ identification: "Ireland" });
  });

  it("lists the chosen month's orders whose buyer's place is not settled, with what each item said", async () => {
    const page = await routeAnswer(pageLoader as Call, {
      url: "/admin/tax-reports?evidence=2027-01",
      context: contextOf(admin),
    });
    expect(page.data).toMatchObject({
      evidenceMonth: "2027-01",
      unsettled: [
        {
          number: contradictedNumber,
          country: "DE",
          contradicted: true,
          evidence: ["Chosen: Germany", "IP address 10.0.0.7: nothing", "Card: France"],
        },
      ],
    });
    const wrong = await routeAnswer(pageLoader as Call, {
      url: "/admin/tax-reports?evidence=2026-13",
      context: contextOf(admin),
    });
    expect(wrong.status).toBe(400);
  });

  it("gives an admin the quarter's OSS return and the month's report as CSV files", async () => {
    const oss = await routeAnswer(csvLoader as Call, { ...file("oss", "2026-Q4.csv"), context: contextOf(admin) });
    expect(oss.status).toBe(200);
    const response = oss.response!;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="oss-return-2026-Q4.csv"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const rows = parseCsv(await response.text());
    expect(rows.find((row) => row[0] === "DE")!.slice(4, 8)).toEqual(["19", "USD", "10.00", "1.90"]);
    expect(rows.some((row) => row[0] === "GB")).toBe(false);

    const monthly = await routeAnswer(csvLoader as Call, {
      ...file("monthly", "2026-11.csv"),
      context: contextOf(admin),
    });
    expect(monthly.response!.headers.get("Content-Disposition")).toBe(
      'attachment; filename="tax-outside-eu-2026-11.csv"',
    );
    const lines = parseCsv(await monthly.response!.text());
    expect(lines.find((row) => row[1] === "GB")!.slice(7, 9)).toEqual(["10.00", "2.00"]);
    expect(lines.some((row) => row[1] === "DE")).toBe(false);
  });

  it("answers a period written wrong with a 400 page saying how to write it, and a report that is none with 404", async () => {
    for (const [regime, name, expected] of [
      ["oss", "2026-Q5.csv", "YYYY-Qn, such as 2026-Q4"],
      ["oss", "2026-11.csv", "YYYY-Qn, such as 2026-Q4"],
      ["oss", "2026-Q4", "YYYY-Qn, such as 2026-Q4"],
      ["monthly", "2026-13.csv", "YYYY-MM, such as 2026-11"],
    ] as const) {
      const answer = await routeAnswer(csvLoader as Call, { ...file(regime, name), context: contextOf(admin) });
      expect(answer.status, name).toBe(400);
      expect(answer.response!.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      expect(await answer.response!.text()).toContain(expected);
    }
    const none = await routeAnswer(csvLoader as Call, { ...file("yearly", "2026.csv"), context: contextOf(admin) });
    expect(none.status).toBe(404);
  });

  it("is the admins' only: a seller or a buyer is sent home, a visitor to sign in, an admin without a second factor refused", async () => {
    const buyer = await createUser(database.db);
    for (const account of [seller.user, buyer]) {
      for (const [loader, where] of [
        [pageLoader, { url: "/admin/tax-reports", params: {} }],
        [csvLoader, file("oss", "2026-Q4.csv")],
      ] as const) {
        expect(await routeAnswer(loader as Call, { ...where, context: contextOf(account) })).toMatchObject({
          status: 302,
          location: "/",
        });
      }
    }
    const visitor = await routeAnswer(csvLoader as Call, {
      ...file("monthly", "2026-11.csv"),
      context: contextOf(null),
    });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/\?signin=required&next=%2Fadmin%2Ftax-reports/);
    const unguarded = await createUser(database.db, { role: "admin", twoFactorEnabled: false });
    const refused = await routeAnswer(csvLoader as Call, {
      ...file("oss", "2026-Q4.csv"),
      context: contextOf(unguarded),
    });
    expect(refused.status).toBe(403);
    expect(refused.response!.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  });
});
