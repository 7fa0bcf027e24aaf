import { describe, expect, it } from "vitest";
import { createProduct } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { getProductDetail } from "./product-detail.ts";

const database = setUpTestDatabase();

describe("a product's detail", () => {
  it("gives the price of each license tier the product is sold under, null for the others", async () => {
    const tiers = await createProduct(database.db, {
      priceCents: 1599,
      originalPriceCents: 2499,
      commercialPriceCents: 3999,
      extendedPriceCents: 7999,
    });
    const commercialOnly = await createProduct(database.db, { priceCents: 1200, commercialPriceCents: 2900 });
    const personalOnly = await createProduct(database.db, { priceCents: 900 });

    const detail = await getProductDetail(database.db, tiers.id);
    expect(detail?.tierPrices).toEqual({ personal: 1599, commercial: 3999, extended: 7999 });
    // The spec's price and sale are the Personal license's.
    expect(detail).toMatchObject({ priceCents: 1599, originalPriceCents: 2499 });
    expect((await getProductDetail(database.db, commercialOnly.id))?.tierPrices).toEqual({
      personal: 1200,
      commercial: 2900,
      extended: null,
    });
    expect((await getProductDetail(database.db, personalOnly.id))?.tierPrices).toEqual({
      personal: 900,
      commercial: null,
      extended: null,
    });
  });

  it("says whether the buyer names the price, with its minimum and the seller's suggestion", async () => {
    const named = await createProduct(database.db, { priceCents: 0, payWhatYouWant: true, suggestedPriceCents: 699 });
    const fixed = await createProduct(database.db, { priceCents: 900 });
    expect(await getProductDetail(database.db, named.id)).toMatchObject({
      priceCents: 0,
      payWhatYouWant: true,
      suggestedPriceCents: 699,
    });
    expect(await getProductDetail(database.db, fixed.id)).toMatchObject({
      payWhatYouWant: false,
      suggestedPriceCents: null,
    });
  });
});
