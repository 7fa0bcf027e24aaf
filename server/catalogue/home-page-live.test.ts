import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { seedSampleCatalogueIfEmpty } from "../demo/catalogue/seed-sample-catalogue.ts";
import { getHomePage } from "./home-page.ts";
import { prepareLiveShop } from "./shop-mode.ts";

// A demo shop turned live (SHOP_MODE=live on its database): the sample products go back to drafts,
// and the home page features no creator who has nothing on sale.

const database = setUpTestDatabase();

describe("the home page of a live shop made from a demo one", () => {
  it("has no products and features no creator", async () => {
    await seedSampleCatalogueIfEmpty(database.db, database.pool);
    await prepareLiveShop(database.db, database.pool);
    const home = await getHomePage(database.db);
    expect(home).toMatchObject({ productCount: 0, trending: [], featuredCreators: [] });
  });
});
