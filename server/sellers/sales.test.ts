import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { licenses, orderItems } from "../db/schema.ts";
import { sellerSales } from "./sales.ts";

const database = setUpTestDatabase();
let rows: { id: number; creatorId: number }[] = [];

beforeAll(async () => {
  // A product of each of two sellers.
  rows = [await createProduct(database.db), await createProduct(database.db)];
});

describe("a seller's sales", () => {
  it("lists their items of paid orders only, never the buyer or the buyer's other purchases", async () => {
    const mine = rows[0]!;
    const other = rows.find((row) => row.creatorId !== mine.creatorId)!;
    // One order with a product of each seller; and an unpaid order.
    const { order } = await createOrder(database.db, { status: "paid", productIds: [mine.id, other.id], userId: null });
    await createOrder(database.db, { status: "pending_payment", productIds: [mine.id] });
    const sales = await sellerSales(database.db, mine.creatorId);
    expect(sales.map((sale) => [sale.orderNumber, sale.productId])).toEqual([[order.number, mine.id]]);
    expect(Object.keys(sales[0]!).sort()).toEqual(
      [
        "bundleTitle",
        "discountCents",
        "licenseTier",
        "lineTotalCents",
        "orderItemId",
        "orderNumber",
        "paidAt",
        "productId",
        "quantity",
        "seats",
        "sellerCents",
        "status",
        "title",
        "upgrade",
      ].sort(),
    );
    expect((await sellerSales(database.db, other.creatorId)).map((sale) => sale.productId)).toEqual([other.id]);
  });

  it("says which license each sale was, and its seats", async () => {
    const mine = rows[0]!;
    const { items } = await createOrder(database.db, { status: "paid", productIds: [mine.id] });
    const { items: more } = await createOrder(database.db, { status: "paid", productIds: [mine.id] });
    // Two seats of an Extended license, and one seat of a Personal one.
    await database.db
      .update(orderItems)
      .set({
        licenseType: "extended",
        quantity: 2,
        unitPriceCents: 5999,
        lineTotalCents: 11998,
        netCents: 11998,
        sellerCents: 8399,
        platformCents: 3599,
      })
      .where(eq(orderItems.id, items[0]!.id));
    await database.db.update(orderItems).set({ licenseType: "personal" }).where(eq(orderItems.id, more[0]!.id));
    const sales = await sellerSales(database.db, mine.creatorId);
    const sold = (id: number) => sales.find((sale) => sale.orderItemId === id);
    expect(sold(items[0]!.id)).toMatchObject({
      licenseTier: "extended",
      quantity: 2,
      seats: 2,
      upgrade: false,
      lineTotalCents: 11998,
      sellerCents: 8399,
    });
    expect(sold(more[0]!.id)).toMatchObject({ licenseTier: "personal", quantity: 1, seats: 1, upgrade: false });
  });

  it("says an upgrade is one, with the tier and seats the license moved to", async () => {
    const mine = rows[0]!;
    const { items } = await createOrder(database.db, { status: "paid", productIds: [mine.id] });
    const [license] = await database.db.select().from(licenses).where(eq(licenses.orderItemId, items[0]!.id));
    // A later order of one line: the license moved to Extended with 3 seats.
    const { items: upgrade } = await createOrder(database.db, { status: "paid", productIds: [mine.id] });
    await database.db
      .update(orderItems)
      .set({ licenseType: "extended", upgradesLicenseId: license!.id, upgradeToSeats: 3 })
      .where(eq(orderItems.id, upgrade[0]!.id));
    const sale = (await sellerSales(database.db, mine.creatorId)).find((row) => row.orderItemId === upgrade[0]!.id);
    expect(sale).toMatchObject({ licenseTier: "extended", quantity: 1, seats: 3, upgrade: true });
  });
});
