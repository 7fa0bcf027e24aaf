import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, createProductImage } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { productImages, products } from "../db/schema.ts";
import { localFileStore } from "../storage/file-store.ts";
import { productOgImage, productOgImagePath, shopOgImage } from "./og-image.ts";

const database = setUpTestDatabase();
const root = fs.mkdtempSync(path.join(os.tmpdir(), "og-image-"));
const files = localFileStore(root);
let firstImage = "";

beforeAll(async () => {
  // Products 1 and 2 on sale, each with its own generated cover.
  for (const id of [1, 2]) {
    await createProduct(database.db, { id });
    await createProductImage(database.db, id);
  }
  const [image] = await database.db
    .select({ url: productImages.url })
    .from(productImages)
    .where(eq(productImages.productId, 1))
    .orderBy(productImages.position)
    .limit(1);
  firstImage = image!.url;
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const picture = (imagePath: string) => path.basename(imagePath, ".jpg");

describe("link previews", () => {
  it("name each product's first picture: /media/og/product/<id>/<picture>.jpg", () => {
    expect(productOgImagePath(1, "/media/generated/planner-10.svg")).toBe("/media/og/product/1/planner-10.jpg");
    expect(productOgImagePath(7, "/media/products/7-0123456789ab.webp")).toBe("/media/og/product/7/7-0123456789ab.jpg");
    expect(productOgImagePath(1, "https://elsewhere.example/x.png")).toBeNull();
    expect(productOgImagePath(1, undefined)).toBeNull();
  });

  it("are 1200x630 JPEGs, drawn once and kept in the file store", async () => {
    const name = picture(productOgImagePath(1, firstImage)!);
    const drawn = await productOgImage(database.db, { files, productId: 1, picture: name });
    expect(await sharp(drawn!).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    expect(fs.existsSync(path.join(root, "og", `product-${name}.jpg`))).toBe(true);
    expect((await productOgImage(database.db, { files, productId: 1, picture: name }))!.equals(drawn!)).toBe(true);
    const shop = await shopOgImage(files);
    expect(await sharp(shop).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
  });

  it("are drawn only of a product on sale, and only of its own first picture", async () => {
    const name = picture(productOgImagePath(1, firstImage)!);
    expect(await productOgImage(database.db, { files, productId: 2, picture: name })).toBeNull();
    expect(await productOgImage(database.db, { files, productId: 1, picture: "planner-999999" })).toBeNull();
    expect(await productOgImage(database.db, { files, productId: 999_999, picture: name })).toBeNull();
    await database.db.update(products).set({ status: "hidden" }).where(eq(products.id, 1));
    try {
      expect(await productOgImage(database.db, { files, productId: 1, picture: name })).toBeNull();
    } finally {
      await database.db.update(products).set({ status: "published" }).where(eq(products.id, 1));
    }
  });
});
