import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createProduct } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { getProductDetail } from "../catalogue/product-detail.ts";
import { productImages } from "../db/schema.ts";
import { moveProductImage } from "./product-image-order.ts";

const database = setUpTestDatabase();
let mine = { id: 0, creatorId: 0 };
let theirs = { id: 0, creatorId: 0 };
// The ids of the seller's product's images, in the order they were added: A, B, C, D.
let ids: number[] = [];
let theirImage = 0;
const NOT_FOUND = "We could not find this product in your shop.";

beforeAll(async () => {
  // The seller's product, and another seller's.
  mine = await createProduct(database.db);
  theirs = await createProduct(database.db);
  await database.db.delete(productImages).where(eq(productImages.productId, theirs.id));
  [{ id: theirImage }] = (await database.db
    .insert(productImages)
    .values({ productId: theirs.id, url: "/media/generated/theirs.svg", position: 0 })
    .returning({ id: productImages.id })) as [{ id: number }];
});

// Four images A, B, C, D at positions 0..3 before each test.
beforeEach(async () => {
  await database.db.delete(productImages).where(eq(productImages.productId, mine.id));
  const inserted = await database.db
    .insert(productImages)
    .values(["A", "B", "C", "D"].map((name, position) => ({ productId: mine.id, url: `/${name}.svg`, position })))
    .returning({ id: productImages.id });
  ids = inserted.map((row) => row.id);
});

const A = () => ids[0]!;
const B = () => ids[1]!;
const C = () => ids[2]!;
const D = () => ids[3]!;

/** The product's images as [id, position], in order. */
const imagesOf = (productId: number) =>
  database.db
    .select({ id: productImages.id, position: productImages.position })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id))
    .then((rows) => rows.map((row) => [row.id, row.position]));

describe("reordering a product's images", () => {
  it("moves an image earlier or later by swapping it with its neighbour", async () => {
    expect(
      await moveProductImage(database.db, {
        creatorId: mine.creatorId,
        productId: mine.id,
        imageId: B(),
        direction: "earlier",
      }),
    ).toBe(0);
    expect(await imagesOf(mine.id)).toEqual([
      [B(), 0],
      [A(), 1],
      [C(), 2],
      [D(), 3],
    ]);
    expect(
      await moveProductImage(database.db, {
        creatorId: mine.creatorId,
        productId: mine.id,
        imageId: B(),
        direction: "later",
      }),
    ).toBe(1);
    expect(
      await moveProductImage(database.db, {
        creatorId: mine.creatorId,
        productId: mine.id,
        imageId: C(),
        direction: "later",
      }),
    ).toBe(3);
    expect(await imagesOf(mine.id)).toEqual([
      [A(), 0],
      [B(), 1],
      [D(), 2],
      [C(), 3],
    ]);
  });

  it("makes the image moved first the product's cover", async () => {
    await moveProductImage(database.db, {
      creatorId: mine.creatorId,
      productId: mine.id,
      imageId: B(),
      direction: "earlier",
    });
    // The sample product is published: the shop shows it with B first.
    const detail = await getProductDetail(database.db, mine.id);
    expect(detail?.images.map((image) => image.url)).toEqual(["/B.svg", "/A.svg", "/C.svg", "/D.svg"]);
  });

  it("refuses to move the first image earlier or the last later, and changes nothing", async () => {
    const before = await imagesOf(mine.id);
    await expect(
      moveProductImage(database.db, {
        creatorId: mine.creatorId,
        productId: mine.id,
        imageId: A(),
        direction: "earlier",
      }),
    ).rejects.toMatchObject({
      message: "This image is already the first.",
      status: 409,
    });
    await expect(
      moveProductImage(database.db, {
        creatorId: mine.creatorId,
        productId: mine.id,
        imageId: D(),
        direction: "later",
      }),
    ).rejects.toMatchObject({
      message: "This image is already the last.",
      status: 409,
    });
    expect(await imagesOf(mine.id)).toEqual(before);
  });

  it("refuses another seller's product or image as not found, and changes nothing", async () => {
    const before = await imagesOf(mine.id);
    // Another seller moving this seller's image.
    await expect(
      moveProductImage(database.db, {
        creatorId: theirs.creatorId,
        productId: mine.id,
        imageId: B(),
        direction: "earlier",
      }),
    ).rejects.toMatchObject({
      message: NOT_FOUND,
      status: 404,
    });
    // This seller naming another seller's image, through their own product or the other's.
    await expect(
      moveProductImage(database.db, {
        creatorId: mine.creatorId,
        productId: mine.id,
        imageId: theirImage,
        direction: "later",
      }),
    ).rejects.toMatchObject({
      message: NOT_FOUND,
      status: 404,
    });
    await expect(
      moveProductImage(database.db, {
        creatorId: mine.creatorId,
        productId: theirs.id,
        imageId: theirImage,
        direction: "earlier",
      }),
    ).rejects.toMatchObject({ message: NOT_FOUND, status: 404 });
    await expect(
      moveProductImage(database.db, {
        creatorId: mine.creatorId,
        productId: mine.id,
        imageId: 987_654,
        direction: "later",
      }),
    ).rejects.toMatchObject({
      message: NOT_FOUND,
    });
    expect(await imagesOf(mine.id)).toEqual(before);
    expect(await imagesOf(theirs.id)).toEqual([[theirImage, 0]]);
  });

  it("numbers the images 0, 1, 2... again after a removal left a gap", async () => {
    await database.db.delete(productImages).where(eq(productImages.id, B()));
    await moveProductImage(database.db, {
      creatorId: mine.creatorId,
      productId: mine.id,
      imageId: D(),
      direction: "earlier",
    });
    expect(await imagesOf(mine.id)).toEqual([
      [A(), 0],
      [D(), 1],
      [C(), 2],
    ]);
  });

  it("keeps positions unique and without gaps when moves arrive at once", async () => {
    const moves = await Promise.allSettled([
      moveProductImage(database.db, {
        creatorId: mine.creatorId,
        productId: mine.id,
        imageId: A(),
        direction: "later",
      }),
      moveProductImage(database.db, {
        creatorId: mine.creatorId,
        productId: mine.id,
        imageId: D(),
        direction: "earlier",
      }),
      moveProductImage(database.db, {
        creatorId: mine.creatorId,
        productId: mine.id,
        imageId: C(),
        direction: "earlier",
      }),
      moveProductImage(database.db, {
        creatorId: mine.creatorId,
        productId: mine.id,
        imageId: B(),
        direction: "later",
      }),
      moveProductImage(database.db, {
        creatorId: mine.creatorId,
        productId: mine.id,
        imageId: A(),
        direction: "later",
      }),
    ]);
    expect(moves.filter((move) => move.status === "fulfilled").length).toBeGreaterThan(0);
    const after = await imagesOf(mine.id);
    expect(after.map(([, position]) => position)).toEqual([0, 1, 2, 3]);
    expect(new Set(after.map(([id]) => id))).toEqual(new Set(ids));
  });
});
