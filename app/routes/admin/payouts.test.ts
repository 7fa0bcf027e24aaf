import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { payouts } from "../../../server/db/schema.ts";
import { payoutBalance } from "../../../server/payouts/balance.ts";
import { savePayoutSettings } from "../../../server/payouts/payouts.ts";
import { createSeller } from "../../../tests/support/factories.ts";
import { recordingJobs } from "../../../tests/support/orders.ts";
import { runManualPayouts, testDestinationServices } from "../../../tests/support/payouts.ts";
import { contextAs, routeAnswer } from "../../../tests/support/route-answer.ts";
import { setUpTestDatabase } from "../../../tests/support/test-database.ts";
import { action as payoutsAction, loader as payoutsLoader } from "./payouts.tsx";
import { loader as payoutFile } from "./payouts-csv.ts";
import { action as sellersAction, loader as sellersLoader } from "./sellers.tsx";

// The admin's side of payouts on the manual rail: the week's payout file, each payout marked paid
// once or not paid (its money back), and a seller's payouts held and released with reasons.

const database = setUpTestDatabase();
const admin = { id: "payout-admin", email: "admin@example.com", name: "Ada Admin", role: "admin" };
const FRIDAY = new Date("2026-11-27T09:00:00Z");
type Call = (args: never) => Promise<unknown>;
const as = (who: typeof admin | null) => contextAs(who, { db: database.db, jobs: recordingJobs() });

let paidBy: { creatorId: number; name: string };
let bouncedFor: { creatorId: number; name: string };

beforeAll(async () => {
  // With two-factor sign-in on, as the admin console requires (decision 055).
  await database.db.execute(sql`INSERT INTO "user" (id, name, email, email_verified, role, two_factor_enabled, created_at, updated_at)
    VALUES (${admin.id}, ${admin.name}, ${admin.email}, true, 'admin', true, now(), now())`);
  const sellers = [];
  for (const [name, destination] of [
    ["=Formula Studio", "formula@example.com"],
    ["Bounce Books", "bounce@example.com"],
  ] as const) {
    const { creator } = await createSeller(database.db, { creator: { name } });
    await savePayoutSettings(database.db, testDestinationServices(), {
      creatorId: creator.id,
      input: { method: "paypal", paypalEmail: destination },
    });
    await database.db.execute(
      sql`INSERT INTO ledger_entries (creator_id, kind, amount_cents) VALUES (${creator.id}, 'sale', 4_321)`,
    );
    sellers.push({ creatorId: creator.id, name });
  }
  [paidBy, bouncedFor] = sellers as [typeof paidBy, typeof bouncedFor];
  await runManualPayouts(database.db, FRIDAY);
});

const payoutOf = async (creatorId: number) =>
  (await database.db.select().from(payouts).where(eq(payouts.creatorId, creatorId)))[0]!;

describe("the admin Payouts page", () => {
  it("keeps everyone but admins out, the file too", async () => {
    expect((await routeAnswer(payoutsLoader as Call, { url: "/admin/payouts", context: as(null) })).status).toBe(302);
    const file = await routeAnswer(payoutFile as Call, {
      url: "/admin/payouts.csv?week=2026-11-27",
      context: contextAs({ ...admin, id: "shopper", role: "user" }, { db: database.db }),
    });
    expect(file.status).toBe(302);
  });

  it("lists the payouts to pay by hand and gives the week's file, safe to open in a spreadsheet", async () => {
    const page = await routeAnswer<{ toPay: { seller: string; amountCents: number }[]; weeks: string[] }>(
      payoutsLoader as Call,
      { url: "/admin/payouts", context: as(admin) },
    );
    expect(page.data!.weeks).toEqual(["2026-11-27"]);
    expect(page.data!.toPay.map((row) => [row.seller, row.amountCents])).toEqual([
      ["=Formula Studio", 4_321],
      ["Bounce Books", 4_321],
    ]);
    const file = await routeAnswer(payoutFile as Call, {
      url: "/admin/payouts.csv?week=2026-11-27",
      context: as(admin),
    });
    expect(file.response!.headers.get("cache-control")).toBe("private, no-store");
    const text = await file.response!.text();
    expect(text.split("\r\n")).toEqual([
      "Payout,Seller,Method,Pay to,Amount (USD),Status",
      `${(await payoutOf(paidBy.creatorId)).id},'=Formula Studio,PayPal,formula@example.com,43.21,pending`,
      `${(await payoutOf(bouncedFor.creatorId)).id},Bounce Books,PayPal,bounce@example.com,43.21,pending`,
      "",
    ]);
    const malformed = await routeAnswer(payoutFile as Call, {
      url: "/admin/payouts.csv?week=soon",
      context: as(admin),
    });
    expect(malformed.status).toBe(400);
  });

  it("marks a payout paid once, and one that could not be paid as not paid, its money back on the balance", async () => {
    const paid = await payoutOf(paidBy.creatorId);
    const post = (body: Record<string, string>) =>
      routeAnswer(payoutsAction as Call, { url: "/admin/payouts", body, context: as(admin) });
    expect(await post({ intent: "mark-sent", payoutId: String(paid.id) })).toMatchObject({
      status: 200,
      data: { ok: true, message: "Marked paid: $43.21." },
    });
    expect(await post({ intent: "mark-sent", payoutId: String(paid.id) })).toMatchObject({
      status: 409,
      data: {
        ok: false,
        message: expect.stringMatching(/^This payout was already marked paid on \d{4}-\d{2}-\d{2}\.$/),
      },
    });
    expect((await payoutOf(paidBy.creatorId)).status).toBe("sent");

    const bounced = await payoutOf(bouncedFor.creatorId);
    const tooShort = await post({ intent: "mark-failed", payoutId: String(bounced.id), reason: "no" });
    expect(tooShort.status).toBe(400);
    expect((await payoutOf(bouncedFor.creatorId)).status).toBe("pending");
    expect(
      await post({ intent: "mark-failed", payoutId: String(bounced.id), reason: "PayPal says the address is closed." }),
    ).toMatchObject({ status: 200, data: { ok: true } });
    expect(await payoutOf(bouncedFor.creatorId)).toMatchObject({
      status: "failed",
      failureReason: "PayPal says the address is closed.",
    });
    const balance = await payoutBalance(database.db, { creatorId: bouncedFor.creatorId, now: FRIDAY, holdDays: 0 });
    expect(balance.availableCents).toBe(4_321);
    // Neither can be paid now.
    expect(await post({ intent: "mark-sent", payoutId: String(bounced.id) })).toMatchObject({ status: 409 });
    expect(await post({ intent: "mark-sent", payoutId: "999999" })).toMatchObject({ status: 404 });
  });

  it("holds a seller's payouts from Sellers with a reason, and releases them from Payouts", async () => {
    const post = (action: Call, url: string, body: Record<string, string>) =>
      routeAnswer(action, { url, body, context: as(admin) });
    const creatorId = String(bouncedFor.creatorId);
    expect(
      await post(sellersAction as Call, "/admin/sellers", { intent: "hold-payouts", creatorId, reason: "short" }),
    ).toMatchObject({ status: 400 });
    expect(
      await post(sellersAction as Call, "/admin/sellers", {
        intent: "hold-payouts",
        creatorId,
        reason: "We are checking a run of refunds.",
      }),
    ).toMatchObject({ status: 200, data: { ok: true } });
    expect(
      await post(sellersAction as Call, "/admin/sellers", {
        intent: "set-reserve",
        creatorId,
        percent: "15",
        reason: "New seller, few sales yet.",
      }),
    ).toMatchObject({ status: 200, data: { message: "Reserve set: 15% of each payout is kept back." } });
    const sellers = await routeAnswer<{ shops: { id: number; payouts: unknown }[] }>(sellersLoader as Call, {
      url: "/admin/sellers?q=Bounce",
      context: as(admin),
    });
    expect(sellers.data!.shops.find((shop) => shop.id === bouncedFor.creatorId)?.payouts).toEqual({
      hold: { reason: "We are checking a run of refunds.", heldAt: expect.any(String) },
      reservePercent: 15,
      reserveReason: "New seller, few sales yet.",
    });
    const page = await routeAnswer<{ holds: { seller: string; reason: string }[] }>(payoutsLoader as Call, {
      url: "/admin/payouts",
      context: as(admin),
    });
    expect(page.data!.holds).toMatchObject([{ seller: "Bounce Books", reason: "We are checking a run of refunds." }]);
    expect(
      await post(payoutsAction as Call, "/admin/payouts", { intent: "release", creatorId, note: "Checked: all fine." }),
    ).toMatchObject({ status: 200, data: { message: "Released: the seller is paid on the next Friday." } });
    expect(
      await post(payoutsAction as Call, "/admin/payouts", { intent: "release", creatorId, note: "Checked: all fine." }),
    ).toMatchObject({ status: 409 });
  });
});
