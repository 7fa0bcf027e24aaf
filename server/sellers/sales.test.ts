import { beforeAll, describe, expect, it } from "vitest";
import { insertOrder } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { seedSampleCatalogueIfEmpty } from "../catalogue/seed-sample-catalogue.ts";
import { products } from "../db/schema.ts";
import { sellerSales } from "./sales.ts";

const database = setUpTestDatabase();
let rows: { id: number; creatorId: number }[] = [];

beforeAll(async () => {
  await seedSampleCatalogueIfEmpty(database.db, database.pool);
  rows = await database.db
    .select({ id: products.id, creatorId: products.creatorId })
    .from(products)
    .orderBy(products.id);
});

describe("a seller's sales", () => {
  it("lists their items of paid orders only, never the buyer or the buyer's other purchases", async () => {
    const mine = rows[0]!;
    const other = rows.find((row) => row.creatorId !== mine.creatorId)!;
    // One order with a product of each seller; and an unpaid order.
    const { order } = await insertOrder(database.db, { status: "paid", productIds: [mine.id, other.id], userId: null });
    await insertOrder(database.db, { status: "pending_payment", productIds: [mine.id] });
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
