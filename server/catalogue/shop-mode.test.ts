import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { categories, creators, products, user } from "../db/schema.ts";
import { shopCategories } from "./shop-categories.ts";
import { prepareLiveShop } from "./shop-mode.ts";

// A live shop's start (SHOP_MODE=live). What it does to a database that was a demo shop's is in
// server/demo/demo-shop.test.ts, beside the demo content.

describe("a live shop on a new database", () => {
  const database = setUpTestDatabase();

  it("has the shop's categories and nothing of the demo: no sample products, creators or demo accounts", async () => {
    await prepareLiveShop(database.db, database.pool);
    await prepareLiveShop(database.db, database.pool); // every start
    const [counted] = await database.db.select({ value: count() }).from(categories);
    expect(counted?.value).toBe(shopCategories.length);
    expect(await database.db.select().from(products)).toEqual([]);
    expect(await database.db.select().from(creators)).toEqual([]);
    expect(await database.db.select().from(user)).toEqual([]);
  });

  it("keeps its sellers' products on sale at every start, whatever their ids (the sample catalogue's were 1 to 66)", async () => {
    const first = await createProduct(database.db, { id: 1 });
    const done = await prepareLiveShop(database.db, database.pool);
    expect(done).toEqual([]);
    const [kept] = await database.db.select().from(products).where(eq(products.id, first.id));
    expect(kept).toMatchObject({ status: "published", isSample: false });
  });
});
