import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { productFilePreviews, productFiles, products } from "../db/schema.ts";
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

  it("lists the first pages of its PDF files' current versions, file by file, only while it is on sale", async () => {
    const product = await createProduct(database.db);
    const file = async (fileName: string, position: number) =>
      (
        await database.db
          .insert(productFiles)
          .values({
            productId: product.id,
            storageKey: `products/${product.id}/${fileName}`,
            fileName,
            contentType: "application/pdf",
            sizeBytes: 1000,
            position,
            previewsVersion: 1,
          })
          .returning()
      )[0]!;
    const [guide, workbook] = [await file("guide.pdf", 0), await file("workbook.pdf", 1)];
    const page = (fileId: number, n: number) => ({
      fileId,
      page: n,
      imageUrl: `/media/products/${product.id}-${"ab".repeat(5)}${fileId % 10}${n}.webp`,
      width: 1236,
      height: 1600,
    });
    await database.db.insert(productFilePreviews).values([page(workbook.id, 1), page(guide.id, 2), page(guide.id, 1)]);

    const previews = async () => (await getProductDetail(database.db, product.id))?.previews;
    expect((await previews())?.map((preview) => [preview.fileName, preview.page])).toEqual([
      ["guide.pdf", 1],
      ["guide.pdf", 2],
      ["workbook.pdf", 1],
    ]);
    expect((await previews())?.[0]).toEqual({
      fileName: "guide.pdf",
      page: 1,
      imageUrl: page(guide.id, 1).imageUrl,
      width: 1236,
      height: 1600,
    });
    // A new version of the guide: its old pages are no longer shown, until the job draws the new ones.
    await database.db.update(productFiles).set({ version: 2 }).where(eq(productFiles.id, guide.id));
    expect((await previews())?.map((preview) => [preview.fileName, preview.page])).toEqual([["workbook.pdf", 1]]);
    // A product not on sale shows nothing at all.
    await database.db.update(products).set({ status: "draft" }).where(eq(products.id, product.id));
    expect(await getProductDetail(database.db, product.id)).toBeNull();
  });
});
