import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../../server/db/schema.ts";
import { createProduct } from "../support/factories.ts";
import { errorsOf, productEditor } from "../support/product-editor.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// The product editor's license prices, through the pages' actions as a seller's browser posts them
// (without JavaScript: what the server checks is what counts): saved in cents, cleared when left
// empty, and refused beside the field with nothing changed.

const database = setUpTestDatabase();
const editor = productEditor(database, {
  tags: "planner",
  price: "12.50",
  originalPrice: "",
  commercialPrice: "",
  extendedPrice: "",
  features: "",
  whatYouGet: "",
  pages: "",
  prints: "",
  templates: "",
  durationMinutes: "",
});
const { save } = editor;

async function pricesOf(id: number) {
  const [row] = await database.db
    .select({
      priceCents: products.priceCents,
      commercialPriceCents: products.commercialPriceCents,
      extendedPriceCents: products.extendedPriceCents,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

describe("a seller prices the licenses of a product", () => {
  it("a new product is created with its Commercial and Extended prices", async () => {
    const answer = await editor.create({ commercialPrice: "39.99", extendedPrice: "79.90" });
    expect(answer.status).toBe(302);
    const id = Number(/\/seller\/products\/(\d+)/.exec(answer.location ?? "")?.[1]);
    expect(await pricesOf(id)).toMatchObject({
      priceCents: 1250,
      commercialPriceCents: 3999,
      extendedPriceCents: 7990,
    });
  });

  it("the editor saves tier prices, and clears a tier left empty", async () => {
    const { id } = await createProduct(database.db, {
      creatorId: editor.seller.creator.id,
      categoryId: editor.categoryId,
      status: "draft",
    });
    expect(await save(id, { commercialPrice: "25", extendedPrice: "60.5" })).toMatchObject({
      status: 200,
      data: { ok: true, message: "Your changes were saved." },
    });
    expect(await pricesOf(id)).toMatchObject({
      priceCents: 1250,
      commercialPriceCents: 2500,
      extendedPriceCents: 6050,
    });

    // Commercial no longer sold: Extended stays, at least the Personal price.
    await save(id, { commercialPrice: "", extendedPrice: "60.50" });
    expect(await pricesOf(id)).toMatchObject({ commercialPriceCents: null, extendedPriceCents: 6050 });

    // Both equal to the tier below, to the cent.
    await save(id, { price: "20", commercialPrice: "20.00", extendedPrice: "20" });
    expect(await pricesOf(id)).toMatchObject({
      priceCents: 2000,
      commercialPriceCents: 2000,
      extendedPriceCents: 2000,
    });

    await save(id, {});
    expect(await pricesOf(id)).toMatchObject({
      priceCents: 1250,
      commercialPriceCents: null,
      extendedPriceCents: null,
    });
  });

  it("refuses a price below the tier under it, beside the field, and changes nothing", async () => {
    const { id } = await createProduct(database.db, {
      creatorId: editor.seller.creator.id,
      categoryId: editor.categoryId,
      status: "draft",
      priceCents: 1000,
      commercialPriceCents: 3000,
      extendedPriceCents: 6000,
    });
    const before = await pricesOf(id);
    const refusals: [Record<string, string>, Record<string, string[]>][] = [
      [
        { price: "10", commercialPrice: "9.99", extendedPrice: "60" },
        { commercialPrice: ["The Commercial price must be at least the Personal price."] },
      ],
      [
        { price: "10", commercialPrice: "30", extendedPrice: "29.99" },
        { extendedPrice: ["The Extended price must be at least the Commercial price."] },
      ],
      [
        { price: "10", commercialPrice: "", extendedPrice: "9.99" },
        { extendedPrice: ["The Extended price must be at least the Personal price."] },
      ],
      // Raising the Personal price above the others is refused at the others.
      [
        { price: "30.01", commercialPrice: "30", extendedPrice: "60" },
        { commercialPrice: ["The Commercial price must be at least the Personal price."] },
      ],
      [
        { price: "10", commercialPrice: "thirty", extendedPrice: "60" },
        { commercialPrice: ["Enter the Commercial price in dollars, like 12.99."] },
      ],
    ];
    for (const [changes, errors] of refusals) {
      const answer = await save(id, changes);
      expect(answer.status, JSON.stringify(changes)).toBe(400);
      expect(errorsOf(answer), JSON.stringify(changes)).toEqual(errors);
    }
    expect(await pricesOf(id)).toEqual(before);

    // A new product with a bad tier price is not created.
    const [{ count: productsBefore }] = await database.db
      .execute<{ count: number }>("SELECT count(*)::int AS count FROM products")
      .then((result) => result.rows as [{ count: number }]);
    const refused = await editor.create({ commercialPrice: "5" });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused)).toEqual({
      commercialPrice: ["The Commercial price must be at least the Personal price."],
    });
    const [{ count: productsAfter }] = await database.db
      .execute<{ count: number }>("SELECT count(*)::int AS count FROM products")
      .then((result) => result.rows as [{ count: number }]);
    expect(productsAfter).toBe(productsBefore);
  });
});
