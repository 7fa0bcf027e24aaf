import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { payoutSettingsSchema } from "../../shared/payout-settings-schema.ts";
import { createOrder, giveTaxDetails } from "../../tests/support/factories.ts";
import { checkoutServices, paidOrder, recordingJobs } from "../../tests/support/orders.ts";
import { runManualPayouts, testDestinationServices } from "../../tests/support/payouts.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { creators, orderItems, payouts, products } from "../db/schema.ts";
import { seedSampleCatalogueIfEmpty } from "../demo/catalogue/seed-sample-catalogue.ts";
import { recordRefund, recordSales, sellerBalance, sellerLedger } from "./ledger.ts";
import { fundsAvailableOn, payoutFriday } from "./payout-schedule.ts";
import { savePayoutSettings } from "./payouts.ts";

const database = setUpTestDatabase();
const FRIDAY = new Date("2026-11-27T09:00:00Z");
const NEXT_FRIDAY = new Date("2026-12-04T09:00:00Z");
let creatorId = 0;
let productIds: number[] = [];

beforeAll(async () => {
  await seedSampleCatalogueIfEmpty(database.db, database.pool);
  // One creator's products (not the demo shop's, which is never paid): their sales feed one ledger.
  const rows = await database.db
    .select({ id: products.id, creatorId: products.creatorId, ownerId: creators.userId })
    .from(products)
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .orderBy(products.id);
  creatorId = rows.find((row) => row.ownerId === null)!.creatorId;
  productIds = rows.filter((row) => row.creatorId === creatorId).map((row) => row.id);
});

const services = () => checkoutServices(database.db, recordingJobs());

const runWeeklyPayouts = runManualPayouts;

describe("the payout calendar", () => {
  it("pays on Fridays only, with funds available 3 business days later (over the weekend)", () => {
    expect(payoutFriday(FRIDAY)).toBe("2026-11-27");
    expect(payoutFriday(new Date("2026-11-26T09:00:00Z"))).toBeNull();
    expect(fundsAvailableOn("2026-11-27")).toBe("2026-12-02");
  });

  it("takes PayPal or the last 4 digits of a US bank account", () => {
    expect(payoutSettingsSchema.safeParse({ method: "paypal", paypalEmail: "me@example.com" }).success).toBe(true);
    expect(
      payoutSettingsSchema.safeParse({ method: "bank_transfer", accountLast4: "12345" }).error?.issues[0]?.message,
    ).toBe("Enter the last 4 digits of your bank account.");
    expect(payoutSettingsSchema.safeParse({ method: "cash" }).success).toBe(false);
  });
});

describe("the seller's ledger and the weekly payout", () => {
  it("enters each sale's 70% once, pays a balance of at least $25 on Friday once, and carries a later refund forward", async () => {
    const before = await sellerBalance(database.db, creatorId);
    const { order } = await paidOrder(services(), productIds.slice(0, 1));
    const [item] = await database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(await sellerBalance(database.db, creatorId)).toBe(before + item!.sellerCents);
    const [entry] = await sellerLedger(database.db, creatorId, 1);
    expect(entry).toMatchObject({
      kind: "sale",
      amountCents: item!.sellerCents,
      orderNumber: order.number,
      title: item!.title,
    });
    expect((entry!.sellerCents ?? 0) + (entry!.platformCents ?? 0)).toBe(entry!.paidCents);

    // Without payout settings nothing is paid; below $25 neither.
    expect((await runWeeklyPayouts(database.db, FRIDAY)).taken).toEqual([]);
    await giveTaxDetails(database.db, creatorId);
    await savePayoutSettings(database.db, testDestinationServices(), {
      creatorId,
      input: { method: "paypal", paypalEmail: "seller@example.com" },
    });
    while ((await sellerBalance(database.db, creatorId)) < 2500) await paidOrder(services(), productIds.slice(0, 2));
    const balance = await sellerBalance(database.db, creatorId);
    expect((await runWeeklyPayouts(database.db, new Date("2026-11-26T09:00:00Z"))).taken).toEqual([]);

    // Two servers run the job at once, and it runs again later the same Friday: one payout.
    const runs = await Promise.all([runWeeklyPayouts(database.db, FRIDAY), runWeeklyPayouts(database.db, FRIDAY)]);
    await runWeeklyPayouts(database.db, FRIDAY);
    expect(runs.flatMap((run) => run.taken)).toEqual([{ creatorId, amountCents: balance }]);
    const made = await database.db.select().from(payouts).where(eq(payouts.creatorId, creatorId));
    expect(made).toMatchObject([
      {
        amountCents: balance,
        method: "paypal",
        destination: "seller@example.com",
        weekOf: "2026-11-27",
        fundsAvailableOn: "2026-12-02",
      },
    ]);
    expect(await sellerBalance(database.db, creatorId)).toBe(0);

    // A refund after the payout takes the share back: the balance goes negative and is carried forward.
    await recordRefund(database.db, item!.id);
    await recordRefund(database.db, item!.id);
    expect(await sellerBalance(database.db, creatorId)).toBe(-item!.sellerCents);
    expect((await runWeeklyPayouts(database.db, NEXT_FRIDAY)).taken).toEqual([]);
    const { rows } = await database.pool.query(
      "SELECT count(*)::int AS n FROM ledger_entries WHERE order_item_id = $1 AND kind = 'refund'",
      [item!.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it("shows each sale and refund at its list price and at what was paid after a discount; fee and share add up to what was paid", async () => {
    const { order, items } = await createOrder(database.db, {
      productIds: productIds.slice(0, 2),
      discountPercent: 20,
    });
    await recordSales(database.db, order.id);
    await recordRefund(database.db, items[1]!.id);
    const entries = (await sellerLedger(database.db, creatorId, 1000)).filter(
      (entry) => entry.orderNumber === order.number,
    );
    expect(entries.map((entry) => entry.kind).sort()).toEqual(["refund", "sale", "sale"]);
    for (const entry of entries) {
      const item = items.find((candidate) => candidate.title === entry.title)!;
      expect(entry.listPriceCents).toBe(item.lineTotalCents);
      expect(entry.paidCents).toBe(item.lineTotalCents - item.discountCents);
      expect(entry.paidCents).toBeLessThan(entry.listPriceCents!);
      expect(entry.platformCents! + entry.sellerCents!).toBe(entry.paidCents);
      expect(entry.amountCents).toBe(entry.kind === "sale" ? entry.sellerCents : -entry.sellerCents!);
    }
  });

  it("lists a seller only their own entries", async () => {
    const other = (await database.db.select({ id: products.id, creatorId: products.creatorId }).from(products)).find(
      (row) => row.creatorId !== creatorId,
    );
    await paidOrder(services(), [other!.id, productIds[0]!]);
    const mine = await sellerLedger(database.db, creatorId, 1000);
    const { rows } = await database.pool.query("SELECT id FROM ledger_entries WHERE creator_id = $1", [creatorId]);
    expect(mine.map((entry) => entry.id).sort()).toEqual(rows.map((row) => row.id).sort());
    const { rows: others } = await database.pool.query(
      "SELECT count(*)::int AS n FROM ledger_entries WHERE creator_id <> $1",
      [creatorId],
    );
    expect(others[0].n).toBeGreaterThan(0);
  });
});

describe("payouts and the shop's standing", () => {
  it("skips a suspended or removed shop, keeps its balance, and pays it on a Friday once it is active again", async () => {
    const rows = await database.db
      .select({ id: products.id, creatorId: products.creatorId, ownerId: creators.userId })
      .from(products)
      .innerJoin(creators, eq(creators.id, products.creatorId));
    const shop = rows.find((row) => row.creatorId !== creatorId && row.ownerId === null)!.creatorId;
    const theirs = rows.filter((row) => row.creatorId === shop).map((row) => row.id);
    await giveTaxDetails(database.db, shop);
    await savePayoutSettings(database.db, testDestinationServices(), {
      creatorId: shop,
      input: { method: "paypal", paypalEmail: "suspended@example.com" },
    });
    while ((await sellerBalance(database.db, shop)) < 2500) await paidOrder(services(), theirs.slice(0, 2));
    const balance = await sellerBalance(database.db, shop);
    const paidTo = (run: { taken: { creatorId: number; amountCents: number }[] }) =>
      run.taken.filter((payout) => payout.creatorId === shop);

    for (const [standing, friday] of [
      ["suspended", "2026-12-11"],
      ["removed", "2026-12-18"],
    ] as const) {
      await database.db.update(creators).set({ standing }).where(eq(creators.id, shop));
      expect(paidTo(await runWeeklyPayouts(database.db, new Date(`${friday}T09:00:00Z`)))).toEqual([]);
      expect(await sellerBalance(database.db, shop)).toBe(balance);
    }
    expect(await database.db.select().from(payouts).where(eq(payouts.creatorId, shop))).toEqual([]);

    await database.db.update(creators).set({ standing: "active" }).where(eq(creators.id, shop));
    expect(paidTo(await runWeeklyPayouts(database.db, new Date("2026-12-25T09:00:00Z")))).toEqual([
      { creatorId: shop, amountCents: balance },
    ]);
    expect(await sellerBalance(database.db, shop)).toBe(0);
  });
});

describe("the demo shop", () => {
  it("is never paid out, whatever its settings and balance", async () => {
    const [demoShop] = await database.db
      .select({ id: creators.id })
      .from(creators)
      .where(eq(creators.userId, "demo-seller"));
    const theirs = (await database.db.select().from(products).where(eq(products.creatorId, demoShop!.id))).map(
      (product) => product.id,
    );
    // As an attacker who signed in as the shared demo seller would have set it before it was locked.
    await savePayoutSettings(database.db, testDestinationServices(), {
      creatorId: demoShop!.id,
      input: { method: "paypal", paypalEmail: "thief@example.com" },
    });
    while ((await sellerBalance(database.db, demoShop!.id)) < 2500) await paidOrder(services(), theirs.slice(0, 2));
    const balance = await sellerBalance(database.db, demoShop!.id);
    const run = await runWeeklyPayouts(database.db, new Date("2027-01-01T09:00:00Z"));
    expect(run.taken.filter((payout) => payout.creatorId === demoShop!.id)).toEqual([]);
    expect(await sellerBalance(database.db, demoShop!.id)).toBe(balance);
    expect(await database.db.select().from(payouts).where(eq(payouts.creatorId, demoShop!.id))).toEqual([]);
  });
});
