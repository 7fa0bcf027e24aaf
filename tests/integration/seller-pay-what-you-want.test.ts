import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as editAction } from "../../app/routes/seller/product-edit.tsx";
import { action as newAction } from "../../app/routes/seller/product-new.tsx";
import { products } from "../../server/db/schema.ts";
import { type FileStore, localFileStore } from "../../server/storage/file-store.ts";
import { PWYW_PERSONAL_ONLY, SUGGESTED_WITHOUT_PWYW } from "../../shared/product-schema.ts";
import { createCategory, createProduct, createSeller } from "../support/factories.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// Issue 29 item 17: a seller sets pay what you want (a minimum, 0 for free, and a suggested price)
// on their own products in the dashboard's editor, checked by the server as a browser without
// JavaScript posts it; refused beside the field, with nothing changed.

const database = setUpTestDatabase();
let directory = "";
let files: FileStore;
let seller: Awaited<ReturnType<typeof createSeller>>;
let categoryId = 0;

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), "seller-pwyw-"));
  files = localFileStore(directory);
  seller = await createSeller(database.db);
  categoryId = (await createCategory(database.db)).id;
});
afterAll(() => fs.rm(directory, { recursive: true, force: true }));

const fields = (changes: Record<string, string> = {}) => ({
  intent: "save",
  title: "Calm Weekly Planner",
  description: "A calm weekly planner with habit trackers and notes pages.",
  categoryId: String(categoryId),
  format: "PDF",
  price: "3",
  ...changes,
});

type Call = (args: never) => Promise<unknown>;
const answerOf = (action: Call, url: string, body: Record<string, string>, params: Record<string, string> = {}) =>
  routeAnswer(action, { url, context: contextAs(seller.user, { db: database.db, files }), body, params });
const save = (id: number, changes: Record<string, string>) =>
  answerOf(editAction as Call, `/seller/products/${id}`, fields(changes), { id: String(id) });

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

const errorsOf = (answer: { data?: unknown }) =>
  (answer.data as { result: { error: Record<string, string[]> } }).result.error;

describe("pay what you want in the product editor", () => {
  it("makes a new product free to pay what you want, with a suggested price", async () => {
    const answer = await answerOf(
      newAction as Call,
      "/seller/products/new",
      fields({ price: "0", payWhatYouWant: "on", suggestedPrice: "5" }),
    );
    expect(answer.status).toBe(302);
    const id = Number(/\/seller\/products\/(\d+)/.exec(answer.location ?? "")?.[1]);
    expect(await pricingOf(id)).toEqual({ priceCents: 0, payWhatYouWant: true, suggestedPriceCents: 500 });
  });

  it("turns it on for a product with a minimum, and off again (which clears the suggestion)", async () => {
    const { id } = await createProduct(database.db, { creatorId: seller.creator.id, categoryId, priceCents: 1200 });
    expect(await save(id, { price: "3", payWhatYouWant: "on", suggestedPrice: "8" })).toMatchObject({
      status: 200,
      data: { ok: true },
    });
    expect(await pricingOf(id)).toEqual({ priceCents: 300, payWhatYouWant: true, suggestedPriceCents: 800 });
    expect(await save(id, { price: "12" })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await pricingOf(id)).toEqual({ priceCents: 1200, payWhatYouWant: false, suggestedPriceCents: null });
  });

  it("refuses beside each field what pay what you want cannot be, and changes nothing", async () => {
    const { id } = await createProduct(database.db, { creatorId: seller.creator.id, categoryId, priceCents: 1200 });
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
