import fs from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createOrder, createProduct } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { apportion } from "../orders/money.ts";
import { orderItems, orders } from "./schema.ts";

// Migration 0039 gave the lines of earlier orders their part of the order's 8% tax, rounded once
// for the order: the shares their invoices and refunds had by apportion. Its statement, run again
// over orders whose lines lost their shares, must give those shares back.

const database = setUpTestDatabase();
const migration = fs.readFileSync(new URL("./migrations/0039_tax_by_place.sql", import.meta.url), "utf8");
const backfill = migration.split("--> statement-breakpoint").find((statement) => statement.includes("WITH lines AS"))!;

describe("migration 0039's shares of the tax", () => {
  it("gives each line of an earlier order its largest-remainder share of the order's tax, the earlier on a tie", async () => {
    const cases: { prices: number[]; tax: number }[] = [
      { prices: [1000, 1000, 1000], tax: 233 },
      { prices: [1999, 2999], tax: 400 },
      { prices: [99, 99, 99], tax: 24 },
      { prices: [0, 1250], tax: 100 },
      { prices: [0, 0], tax: 0 },
      { prices: [4999], tax: 400 },
    ];
    const made = [];
    for (const { prices, tax } of cases) {
      const products = [];
      for (const priceCents of prices) products.push(await createProduct(database.db, { priceCents }));
      const { order, items } = await createOrder(database.db, { productIds: products.map((product) => product.id) });
      await database.db
        .update(orders)
        .set({ taxCents: tax, totalCents: order.totalCents + tax })
        .where(eq(orders.id, order.id));
      made.push({ items, tax });
    }
    await database.db.update(orderItems).set({ taxCents: 999_999, taxRateTenths: 0 });
    await database.pool.query(backfill);
    for (const { items, tax } of made) {
      const rows = await database.db
        .select({ id: orderItems.id, taxCents: orderItems.taxCents, rate: orderItems.taxRateTenths })
        .from(orderItems)
        .where(eq(orderItems.orderId, items[0]!.orderId))
        .orderBy(orderItems.id);
      const nets = items.sort((a, b) => a.id - b.id).map((item) => item.netCents);
      expect(rows.map((row) => row.taxCents)).toEqual(apportion(tax, nets));
      expect(rows.every((row) => row.rate === 8000)).toBe(true);
    }
  });
});
