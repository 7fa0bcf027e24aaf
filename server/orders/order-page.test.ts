import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { LICENSE_TERMS_VERSION } from "../../shared/license-tiers.ts";
import { createOrder, createProduct } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { licenses, orderItems, user } from "../db/schema.ts";
import { revokeLicense } from "../licenses/licenses.ts";
import { loadOrderPage } from "./order-page.ts";

const SECRET = "test-secret-for-order-pages";
const database = setUpTestDatabase();

beforeAll(async () => {
  for (const id of [1, 2]) await createProduct(database.db, { id });
  await database.db.insert(user).values({ id: "ann", name: "Ann", email: "ann@example.com" });
});

describe("the order page's items", () => {
  it("show each paid item's license as it stands (tier, seats, key, terms) and offer its certificate", async () => {
    const { order, items } = await createOrder(database.db, { userId: "ann", productIds: [1, 2] });
    await database.db.update(licenses).set({ seats: 2 }).where(eq(licenses.orderItemId, items[1]!.id));
    const page = await loadOrderPage(database.db, SECRET, order.number, { userId: "ann" });
    expect(page.items.map((item) => [item.license, item.hasCertificate])).toEqual([
      [{ tier: "commercial", seats: 1, key: items[0]!.licenseKey, termsVersion: LICENSE_TERMS_VERSION }, true],
      [{ tier: "commercial", seats: 2, key: items[1]!.licenseKey, termsVersion: LICENSE_TERMS_VERSION }, true],
    ]);
  });

  it("offer no certificate for a refunded item, nor any license before payment", async () => {
    const { order, items } = await createOrder(database.db, { userId: "ann", productIds: [1, 2] });
    await database.db.update(orderItems).set({ status: "refunded" }).where(eq(orderItems.id, items[0]!.id));
    await revokeLicense(database.db, items[0]!.id);
    const page = await loadOrderPage(database.db, SECRET, order.number, { userId: "ann" });
    expect(page.items.map((item) => item.hasCertificate)).toEqual([false, true]);

    const unpaid = await createOrder(database.db, { userId: "ann", productIds: [1], status: "pending_payment" });
    const [item] = (await loadOrderPage(database.db, SECRET, unpaid.order.number, { userId: "ann" })).items;
    expect(item).toMatchObject({ license: null, hasCertificate: false });
  });
});
