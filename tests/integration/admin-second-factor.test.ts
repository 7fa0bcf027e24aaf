import { beforeAll, describe, expect, it } from "vitest";
import * as appeals from "../../app/routes/admin/appeals.tsx";
import * as applications from "../../app/routes/admin/applications.tsx";
import * as discounts from "../../app/routes/admin/discounts.tsx";
import * as incomeReport from "../../app/routes/admin/income-report.tsx";
import { loader as incomeReportFile } from "../../app/routes/admin/income-report-csv.ts";
import * as messages from "../../app/routes/admin/messages.tsx";
import * as overview from "../../app/routes/admin/overview.tsx";
import * as payoutsPage from "../../app/routes/admin/payouts.tsx";
import { loader as payoutFile } from "../../app/routes/admin/payouts-csv.ts";
import * as products from "../../app/routes/admin/products.tsx";
import * as refunds from "../../app/routes/admin/refunds.tsx";
import * as reports from "../../app/routes/admin/reports.tsx";
import * as search from "../../app/routes/admin/search.tsx";
import * as sellers from "../../app/routes/admin/sellers.tsx";
import { SECOND_FACTOR_SETTINGS } from "../../server/accounts/second-factor.ts";
import { passkey, type user } from "../../server/db/schema.ts";
import { createUser } from "../support/factories.ts";
import { recordingJobs } from "../support/orders.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// The admin console asks its admins for a second factor (two-factor sign-in or a passkey): every
// page and form of it refuses an admin without one (403, saying what to do, with a link to
// Settings, which is outside the console so that a new admin can get there), and lets one with it
// in. How the refused page looks: app/lib/refusal.server.test.tsx.

const database = setUpTestDatabase();
type Account = typeof user.$inferSelect;
let withoutSecondFactor: Account;
let withTwoFactor: Account;
let withPasskey: Account;

const REASON = "Turn on two-factor sign-in or add a passkey in Settings before you use the admin console.";

beforeAll(async () => {
  withoutSecondFactor = await createUser(database.db, { role: "admin", twoFactorEnabled: false });
  withTwoFactor = await createUser(database.db, { role: "admin", twoFactorEnabled: true });
  withPasskey = await createUser(database.db, { role: "admin", twoFactorEnabled: false });
  await database.db.insert(passkey).values({
    id: "passkey-1",
    name: "Laptop",
    userId: withPasskey.id,
    publicKey: "key",
    credentialID: "credential-1",
    counter: 0,
    deviceType: "multiDevice",
    backedUp: true,
  });
});

const contextOf = (account: Account) =>
  contextAs(account, { db: database.db, readDb: database.db, jobs: recordingJobs(), shopName: "Test Market" });

type Handler = (args: never) => Promise<unknown>;
const pages: Array<[string, { loader: Handler; action?: Handler }]> = [
  ["/admin", overview],
  ["/admin/applications", applications],
  ["/admin/sellers", sellers],
  ["/admin/appeals", appeals],
  ["/admin/products", products],
  ["/admin/messages", messages],
  ["/admin/refunds", refunds],
  ["/admin/payouts", payoutsPage],
  ["/admin/income-report", incomeReport],
  ["/admin/search", search],
  ["/admin/discounts", discounts],
  ["/admin/reports", reports],
];

describe("an admin without a second factor", () => {
  it.each(pages)("is refused %s, with what to do and a link to Settings", async (url, page) => {
    const shown = await routeAnswer(page.loader, { url, context: contextOf(withoutSecondFactor) });
    expect(shown).toMatchObject({
      status: 403,
      data: { message: REASON, link: { label: "Open Settings", to: SECOND_FACTOR_SETTINGS } },
    });
  });

  it.each(pages.filter(([, page]) => page.action))("cannot post the forms of %s", async (url, page) => {
    const posted = await routeAnswer(page.action!, {
      url,
      context: contextOf(withoutSecondFactor),
      body: { intent: "anything" },
    });
    expect(posted).toMatchObject({ status: 403, data: { ok: false, message: REASON } });
  });

  it.each([
    ["/admin/payouts.csv?week=2026-11-27", payoutFile, {}],
    ["/admin/income-report/2026.csv", incomeReportFile, { file: "2026.csv" }],
  ] as const)("cannot download %s: a small page says why and links to Settings", async (url, loader, params) => {
    const { response } = await routeAnswer(loader as Handler, { url, params, context: contextOf(withoutSecondFactor) });
    expect(response!.status).toBe(403);
    expect(response!.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await response!.text();
    expect(page).toContain(REASON);
    expect(page).toContain(`<a href="${SECOND_FACTOR_SETTINGS}">Open Settings</a>`);
  });
});

describe("an admin with a second factor", () => {
  it.each([
    ["two-factor sign-in", () => withTwoFactor],
    ["a passkey", () => withPasskey],
  ])("opens the console with %s", async (_, admin) => {
    const overviewPage = await routeAnswer(overview.loader, { url: "/admin", context: contextOf(admin()) });
    expect(overviewPage.status).toBe(200);
    const messagesPage = await routeAnswer(messages.loader, { url: "/admin/messages", context: contextOf(admin()) });
    expect(messagesPage).toMatchObject({ status: 200, data: { messages: [] } });
    // A form gets past the guard to its own checks (here: an intent the page does not know).
    const posted = await routeAnswer(reports.action, {
      url: "/admin/reports",
      context: contextOf(admin()),
      body: { intent: "anything" },
    });
    expect(posted.status).toBe(400);
  });
});
