import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { LICENSE_TERMS_VERSION } from "../../shared/license-tiers.ts";
import { createOrder, createProduct } from "../../tests/support/factories.ts";
import { checkoutServices, payOrder, recordingJobs, reloadOrder, TEST_SECRET } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { discountCodes, licenses, orderItems, orders, products, user } from "../db/schema.ts";
import { revokeLicense } from "../licenses/licenses.ts";
import { checkout } from "./checkout.ts";
import { loadOrderPage } from "./order-page.ts";

const SECRET = TEST_SECRET;
const database = setUpTestDatabase();
const jobs = recordingJobs();

beforeAll(async () => {
  for (const id of [1, 2]) await createProduct(database.db, { id });
  // Product 3: Personal $20.00, Commercial $40.00, Extended $80.00; product 4 Personal only.
  await createProduct(database.db, { id: 3, priceCents: 2000, commercialPriceCents: 4000, extendedPriceCents: 8000 });
  await createProduct(database.db, { id: 4, priceCents: 1000 });
  await database.db.insert(user).values({ id: "ann", name: "Ann", email: "ann@example.com" });
});

describe("the order page's items", () => {
  it("show each paid item's license as it stands (tier, seats, key, terms) and offer its certificate", async () => {
    const { order, items } = await createOrder(database.db, { userId: "ann", productIds: [1, 2] });
    await database.db.update(licenses).set({ seats: 2 }).where(eq(licenses.orderItemId, items[1]!.id));
    const page = await loadOrderPage(database.db, {
      secret: SECRET,
      orderNumber: order.number,
      viewer: { userId: "ann" },
    });
    expect(
      page.items.map((item) => [item.license && { ...item.license, history: undefined }, item.hasCertificate]),
    ).toEqual([
      [{ tier: "commercial", seats: 1, key: items[0]!.licenseKey, termsVersion: LICENSE_TERMS_VERSION }, true],
      [{ tier: "commercial", seats: 2, key: items[1]!.licenseKey, termsVersion: LICENSE_TERMS_VERSION }, true],
    ]);
  });

  it("offer no certificate for a refunded item, nor any license before payment", async () => {
    const { order, items } = await createOrder(database.db, { userId: "ann", productIds: [1, 2] });
    await database.db.update(orderItems).set({ status: "refunded" }).where(eq(orderItems.id, items[0]!.id));
    await revokeLicense(database.db, items[0]!.id);
    const page = await loadOrderPage(database.db, {
      secret: SECRET,
      orderNumber: order.number,
      viewer: { userId: "ann" },
    });
    expect(page.items.map((item) => item.hasCertificate)).toEqual([false, true]);

    const unpaid = await createOrder(database.db, { userId: "ann", productIds: [1], status: "pending_payment" });
    const [item] = (
      await loadOrderPage(database.db, { secret: SECRET, orderNumber: unpaid.order.number, viewer: { userId: "ann" } })
    ).items;
    expect(item).toMatchObject({ license: null, hasCertificate: false });
  });
});

describe("the order page's upgrades", () => {
  it("offers each tier at or above the licence's that the product sells, priced by the server", async () => {
    // createOrder buys a Commercial licence at the Personal price ($20.00 paid).
    const { order } = await createOrder(database.db, { userId: "ann", productIds: [3, 4] });
    const page = await loadOrderPage(database.db, {
      secret: SECRET,
      orderNumber: order.number,
      viewer: { userId: "ann" },
    });
    const [upgradable, personalOnly] = page.items;
    expect(upgradable!.upgradeOffer).toMatchObject({
      paidCents: 2000,
      currentTier: "commercial",
      currentSeats: 1,
      quotes: [
        { tier: "commercial", seatPriceCents: 4000, seats: 2, payCents: 6000 },
        { tier: "extended", seatPriceCents: 8000, seats: 1, payCents: 6000 },
      ],
    });
    expect(upgradable!.upgradeOffer!.key).toMatch(/^[a-f0-9]{32}$/);
    // Commercial is not sold for product 4 (only Personal): nothing above the licence to offer.
    expect(personalOnly!.upgradeOffer).toBeNull();
    expect(upgradable!.license!.history).toEqual([
      { kind: "issued", tier: "commercial", seats: 1, at: expect.any(String) },
    ]);
  });

  it("offers nothing for a product off sale, a refunded item or an unpaid order", async () => {
    const { order, items } = await createOrder(database.db, { userId: "ann", productIds: [3, 1] });
    await database.db.update(orderItems).set({ status: "refunded" }).where(eq(orderItems.id, items[1]!.id));
    await revokeLicense(database.db, items[1]!.id);
    await database.db.update(products).set({ status: "draft" }).where(eq(products.id, 3));
    try {
      const page = await loadOrderPage(database.db, {
        secret: SECRET,
        orderNumber: order.number,
        viewer: { userId: "ann" },
      });
      expect(page.items.map((item) => item.upgradeOffer)).toEqual([null, null]);
    } finally {
      await database.db.update(products).set({ status: "published" }).where(eq(products.id, 3));
    }
    const unpaid = await createOrder(database.db, { userId: "ann", productIds: [3], status: "pending_payment" });
    const page = await loadOrderPage(database.db, {
      secret: SECRET,
      orderNumber: unpaid.order.number,
      viewer: { userId: "ann" },
    });
    expect(page.items[0]!.upgradeOffer).toBeNull();
  });

  it("shows an upgrade's line with the licence it raises, and the licence's history on its own order", async () => {
    const services = checkoutServices(database.db, jobs);
    const { order, items } = await createOrder(database.db, { userId: "ann", productIds: [3] });
    const started = await checkout(services, {
      shopperId: null,
      buyer: { userId: "ann", name: "Ann", email: "ann@example.com" },
      idempotencyKey: `upgrade-${order.number}-extended-3`,
      upgrade: { licenseId: (await licenseOf(items[0]!.id)).id, tier: "extended", seats: 3 },
    });
    const [placed] = await database.db.select().from(orders).where(eq(orders.number, started.orderNumber));
    await payOrder(database.db, jobs, await reloadOrder(database.db, placed!.id));

    const upgradePage = await loadOrderPage(database.db, {
      secret: SECRET,
      orderNumber: started.orderNumber,
      viewer: { userId: "ann" },
    });
    expect(upgradePage.items[0]).toMatchObject({
      license: null,
      upgradeOffer: null,
      // $80.00 × 3 seats − $20.00 paid.
      lineTotalCents: 22000,
      upgrade: {
        tier: "extended",
        seats: 3,
        licenseAt: {
          orderNumber: order.number,
          path: `/account/orders/${order.number}#item-${items[0]!.id}`,
          itemId: items[0]!.id,
        },
      },
    });

    const [item] = (
      await loadOrderPage(database.db, { secret: SECRET, orderNumber: order.number, viewer: { userId: "ann" } })
    ).items;
    expect(item!.license).toMatchObject({ tier: "extended", seats: 3 });
    expect(item!.license!.history.map(({ kind, tier, seats }) => [kind, tier, seats])).toEqual([
      ["issued", "commercial", 1],
      ["upgraded", "extended", 3],
    ]);
    // Extended is the top tier: more seats are still for sale.
    expect(item!.upgradeOffer!.quotes).toEqual([{ tier: "extended", seatPriceCents: 8000, seats: 4, payCents: 8000 }]);
    expect(item!.upgradeOffer!.paidCents).toBe(24000);
  });
});

describe("the order page's discount", () => {
  it("names the code and shows what was paid for each item", async () => {
    const { order, items } = await createOrder(database.db, { userId: "ann", productIds: [3, 4] });
    const [code] = await database.db
      .insert(discountCodes)
      .values({ code: "Spring10", kind: "amount", value: 500 })
      .returning();
    // $5.00 off the first item: its seller and the platform share the $15.00 left.
    await database.db
      .update(orderItems)
      .set({ discountCents: 500, netCents: 1500, sellerCents: 1050, platformCents: 450 })
      .where(eq(orderItems.id, items[0]!.id));
    await database.db
      .update(orders)
      .set({ discountCents: 500, discountCodeId: code!.id, totalCents: order.subtotalCents - 500 })
      .where(eq(orders.id, order.id));
    const page = await loadOrderPage(database.db, {
      secret: SECRET,
      orderNumber: order.number,
      viewer: { userId: "ann" },
    });
    expect(page.order).toMatchObject({ discountCents: 500, discountCode: "Spring10" });
    expect(page.items.map((item) => [item.lineTotalCents, item.discountCents, item.paidCents])).toEqual([
      [2000, 500, 1500],
      [1000, 0, 1000],
    ]);
    const plain = await createOrder(database.db, { userId: "ann", productIds: [4] });
    const plainPage = await loadOrderPage(database.db, {
      secret: SECRET,
      orderNumber: plain.order.number,
      viewer: { userId: "ann" },
    });
    expect(plainPage.order).toMatchObject({ discountCents: 0, discountCode: null });
  });
});

async function licenseOf(orderItemId: number) {
  const [license] = await database.db.select().from(licenses).where(eq(licenses.orderItemId, orderItemId));
  return license!;
}
