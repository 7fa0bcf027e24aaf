import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { orderItems } from "../db/schema.ts";
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
        "licenseTier",
        "lineTotalCents",
        "orderItemId",
        "orderNumber",
        "paidAt",
        "productId",
        "quantity",
        "sellerCents",
        "status",
        "title",
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
      lineTotalCents: 11998,
      sellerCents: 8399,
    });
    expect(sold(more[0]!.id)).toMatchObject({ licenseTier: "personal", quantity: 1 });
  });
});
