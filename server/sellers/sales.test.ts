import { beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
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
});
