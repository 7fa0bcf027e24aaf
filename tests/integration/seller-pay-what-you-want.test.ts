import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../../server/db/schema.ts";
import { PWYW_PERSONAL_ONLY, SUGGESTED_WITHOUT_PWYW } from "../../shared/product-schema.ts";
import { createProduct } from "../support/factories.ts";
import { errorsOf, productEditor } from "../support/product-editor.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// Issue 29 item 17: a seller sets pay what you want (a minimum, 0 for free, and a suggested price)
// on their own products in the dashboard's editor, checked by the server as a browser without
// JavaScript posts it; refused beside the field, with nothing changed.

const database = setUpTestDatabase();
const editor = productEditor(database, { price: "3" });
const { save } = editor;

async function pricingOf(id: number) {
  const [row] = await database.db
    .select({
      priceCents: products.priceCents,
      payWhatYouWant: products.payWhatYouWant,
      suggestedPriceCents: products.suggestedPriceCents,
    })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

describe("pay what you want in the product editor", () => {
  it("makes a new product free to pay what you want, with a suggested price", async () => {
    const answer = await editor.create({ price: "0", payWhatYouWant: "on", suggestedPrice: "5" });
    expect(answer.status).toBe(302);
    const id = Number(/\/seller\/products\/(\d+)/.exec(answer.location ?? "")?.[1]);
    expect(await pricingOf(id)).toEqual({ priceCents: 0, payWhatYouWant: true, suggestedPriceCents: 500 });
  });

  it("turns it on for a product with a minimum, and off again (which clears the suggestion)", async () => {
    const { id } = await createProduct(database.db, {
      creatorId: editor.seller.creator.id,
      categoryId: editor.categoryId,
      priceCents: 1200,
    });
    expect(await save(id, { price: "3", payWhatYouWant: "on", suggestedPrice: "8" })).toMatchObject({
      status: 200,
      data: { ok: true },
    });
    expect(await pricingOf(id)).toEqual({ priceCents: 300, payWhatYouWant: true, suggestedPriceCents: 800 });
    expect(await save(id, { price: "12" })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await pricingOf(id)).toEqual({ priceCents: 1200, payWhatYouWant: false, suggestedPriceCents: null });
  });

  it("refuses beside each field what pay what you want cannot be, and changes nothing", async () => {
    const { id } = await createProduct(database.db, {
      creatorId: editor.seller.creator.id,
      categoryId: editor.categoryId,
      priceCents: 1200,
    });
    const before = await pricingOf(id);
    const below = await save(id, { payWhatYouWant: "on", price: "5", suggestedPrice: "4" });
    expect(below.status).toBe(400);
    expect(errorsOf(below).suggestedPrice).toEqual(["The suggested price must be at least the minimum price."]);
    const withTiers = await save(id, { payWhatYouWant: "on", commercialPrice: "20", originalPrice: "30" });
    expect(errorsOf(withTiers).commercialPrice).toEqual([PWYW_PERSONAL_ONLY]);
    expect(errorsOf(withTiers).originalPrice).toEqual([PWYW_PERSONAL_ONLY]);
    const tooHigh = await save(id, { payWhatYouWant: "on", price: "10000.01", suggestedPrice: "20000" });
    expect(errorsOf(tooHigh)).toMatchObject({
      price: ["The minimum price is at most $10,000.00."],
      suggestedPrice: ["The suggested price is at most $10,000.00."],
    });
    const suggestionAlone = await save(id, { suggestedPrice: "8" });
    expect(errorsOf(suggestionAlone).suggestedPrice).toEqual([SUGGESTED_WITHOUT_PWYW]);
    expect(await pricingOf(id)).toEqual(before);
  });
});
