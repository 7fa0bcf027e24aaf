import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as editAction } from "../../app/routes/seller/product-edit.tsx";
import { action as newAction } from "../../app/routes/seller/product-new.tsx";
import { products } from "../../server/db/schema.ts";
import { type FileStore, localFileStore } from "../../server/storage/file-store.ts";
import { createCategory, createProduct, createSeller } from "../support/factories.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// The product editor's license prices, through the pages' actions as a seller's browser posts them
// (without JavaScript: what the server checks is what counts): saved in cents, cleared when left
// empty, and refused beside the field with nothing changed.

const database = setUpTestDatabase();
let directory = "";
let files: FileStore;
let seller: Awaited<ReturnType<typeof createSeller>>;
let categoryId = 0;

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), "license-prices-"));
  files = localFileStore(directory);
  seller = await createSeller(database.db);
  categoryId = (await createCategory(database.db)).id;
});
afterAll(() => fs.rm(directory, { recursive: true, force: true }));

/** The services of a request signed in as the seller (the session is the auth's answer). */
/** A request by the seller, with the file store the editor saves to. */
const contextOf = () => contextAs(seller.user, { db: database.db, files });

/** The editor's fields as its form sends them, with `changes`. */
const fields = (changes: Record<string, string> = {}) => ({
  intent: "save",
  title: "Calm Weekly Planner",
  description: "A calm weekly planner with habit trackers and notes pages.",
  categoryId: String(categoryId),
  tags: "planner",
  format: "PDF",
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
  ...changes,
});

type Call = (args: never) => Promise<unknown>;

/** An action's answer: its status and data (a redirect is a Response). */
const answerOf = (action: Call, url: string, body: Record<string, string>, params: Record<string, string> = {}) =>
  routeAnswer(action, { url, context: contextOf(), body, params });

const save = (id: number, changes: Record<string, string>) =>
  answerOf(editAction as Call, `/seller/products/${id}`, fields(changes), { id: String(id) });

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

/** The field errors of a refused submission (Conform's reply). */
const errorsOf = (answer: { data?: unknown }) =>
  (answer.data as { result: { error: Record<string, string[]> } }).result.error;

describe("a seller prices the licenses of a product", () => {
  it("a new product is created with its Commercial and Extended prices", async () => {
    const answer = await answerOf(
      newAction as Call,
      "/seller/products/new",
      fields({ commercialPrice: "39.99", extendedPrice: "79.90" }),
    );
    expect(answer.status).toBe(302);
    const id = Number(/\/seller\/products\/(\d+)/.exec(answer.location ?? "")?.[1]);
    expect(await pricesOf(id)).toMatchObject({
      priceCents: 1250,
      commercialPriceCents: 3999,
      extendedPriceCents: 7990,
    });
  });

  it("the editor saves tier prices, and clears a tier left empty", async () => {
    const { id } = await createProduct(database.db, { creatorId: seller.creator.id, categoryId, status: "draft" });
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
      creatorId: seller.creator.id,
      categoryId,
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
    const refused = await answerOf(newAction as Call, "/seller/products/new", fields({ commercialPrice: "5" }));
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
