import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { products } from "../../../server/db/schema.ts";
import { PWYW_PERSONAL_ONLY } from "../../../shared/product-schema.ts";
import { createProduct } from "../../support/factories.ts";
import type { ContractCase } from "./cases.ts";
import { type ContractWorld, publishableDraft } from "./world.ts";

// The products operations' own cases (successes, and refusals the generic cases cannot make).

type Product = { id: number; title: string; status: string; priceCents: number; commercialPriceCents: number | null };
type Page = { data: Product[]; pagination: { hasMore: boolean } };

const newProduct = (world: ContractWorld) => ({
  title: "Calm Weekly Planner",
  description: "A printable weekly planner with habit tracker and notes pages.",
  category: world.categorySlug,
  format: "PDF",
  priceCents: 1200,
  commercialPriceCents: 2400,
  tags: ["planner", "weekly"],
});

const statusOf = async (world: ContractWorld, id: number) =>
  (await world.db.select({ status: products.status }).from(products).where(eq(products.id, id)))[0]?.status;

export const productCases: ContractCase[] = [
  {
    operationId: "listProducts",
    name: "lists the key's shop's products only, drafts too, page by page",
    status: 200,
    async request(world) {
      await createProduct(world.db, { creatorId: world.creatorId, title: "Listed Draft", status: "draft" });
      await createProduct(world.db, { creatorId: world.otherCreatorId, title: "Someone Else's" });
      return { query: { perPage: "100" }, key: world.keys.read };
    },
    async check(body, world) {
      const page = body as Page;
      expect(page.data.map((product) => product.title)).toContain("Listed Draft");
      expect(page.data.map((product) => product.title)).not.toContain("Someone Else's");
      const own = await world.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.creatorId, world.creatorId));
      expect(page.data.every((product) => own.some((row) => row.id === product.id))).toBe(true);
    },
  },
  {
    operationId: "listProducts",
    name: "says when a next page has more",
    status: 200,
    async request(world) {
      await createProduct(world.db, { creatorId: world.creatorId });
      await createProduct(world.db, { creatorId: world.creatorId });
      return { query: { perPage: "1", page: "1" }, key: world.keys.read };
    },
    check(body) {
      expect((body as Page).data).toHaveLength(1);
      expect((body as Page).pagination.hasMore).toBe(true);
    },
  },
  {
    operationId: "getProduct",
    name: "reads one of the shop's products",
    status: 200,
    async request(world) {
      // A format of the sample catalogue that the editor no longer offers: still read as it is.
      const product = await createProduct(world.db, {
        creatorId: world.creatorId,
        title: "Read Me",
        priceCents: 990,
        format: "Video",
      });
      return { params: { id: String(product.id) }, key: world.keys.read };
    },
    check(body) {
      expect(body).toMatchObject({ title: "Read Me", priceCents: 990, currency: "usd", format: "Video" });
    },
  },
  {
    operationId: "getProduct",
    name: "does not find another shop's product",
    status: 404,
    async request(world) {
      const product = await createProduct(world.db, { creatorId: world.otherCreatorId });
      return { params: { id: String(product.id) }, key: world.keys.read };
    },
  },
  {
    operationId: "createProduct",
    name: "creates a draft with the editor's rules",
    status: 201,
    request: (world) => ({ body: newProduct(world) }),
    async check(body, world) {
      const product = body as Product;
      expect(product).toMatchObject({ status: "draft", priceCents: 1200, commercialPriceCents: 2400 });
      expect(await statusOf(world, product.id)).toBe("draft");
    },
  },
  {
    operationId: "createProduct",
    name: "refuses what the editor refuses, naming the field (a description too short)",
    status: 400,
    request: (world) => ({ body: { ...newProduct(world), description: "Too short." } }),
    check(body) {
      expect(body).toEqual({
        type: "about:blank",
        title: "Bad Request",
        status: 400,
        detail: "Describe the product in at least 20 characters.",
        code: "invalid_request",
        field: "description",
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        error: {
          code: "invalid_request",
          message: "Describe the product in at least 20 characters.",
          field: "description",
        },
      });
    },
  },
  {
    operationId: "createProduct",
    name: "refuses a category that does not exist",
    status: 400,
    request: (world) => ({ body: { ...newProduct(world), category: "no-such-category" } }),
    check(body) {
      expect(body).toMatchObject({ error: { field: "category" } });
    },
  },
  {
    operationId: "updateProduct",
    name: "changes the fields sent and keeps the others",
    status: 200,
    async request(world) {
      const product = await createProduct(world.db, { creatorId: world.creatorId, title: "Before", priceCents: 1000 });
      return { params: { id: String(product.id) }, body: { title: "After" } };
    },
    check(body) {
      expect(body).toMatchObject({ title: "After", priceCents: 1000 });
    },
  },
  {
    operationId: "updateProduct",
    name: "refuses a Commercial price below the Personal one, naming the field",
    status: 400,
    async request(world) {
      const product = await createProduct(world.db, { creatorId: world.creatorId, priceCents: 1000 });
      return { params: { id: String(product.id) }, body: { commercialPriceCents: 500 } };
    },
    check(body) {
      expect(body).toMatchObject({
        error: { message: "The Commercial price must be at least the Personal price.", field: "commercialPriceCents" },
      });
    },
  },
  {
    operationId: "createProduct",
    name: "creates a free pay-what-you-want draft with a suggested price",
    status: 201,
    request: (world) => ({
      body: {
        ...newProduct(world),
        commercialPriceCents: undefined,
        priceCents: 0,
        payWhatYouWant: true,
        suggestedPriceCents: 500,
      },
    }),
    async check(body, world) {
      expect(body).toMatchObject({ priceCents: 0, payWhatYouWant: true, suggestedPriceCents: 500 });
      const [row] = await world.db
        .select({ payWhatYouWant: products.payWhatYouWant, suggested: products.suggestedPriceCents })
        .from(products)
        .where(eq(products.id, (body as Product).id));
      expect(row).toEqual({ payWhatYouWant: true, suggested: 500 });
    },
  },
  {
    operationId: "updateProduct",
    name: "turns pay what you want on and off; off clears the suggestion",
    status: 200,
    async request(world) {
      const product = await createProduct(world.db, {
        creatorId: world.creatorId,
        priceCents: 300,
        payWhatYouWant: true,
        suggestedPriceCents: 800,
      });
      return { params: { id: String(product.id) }, body: { payWhatYouWant: false, suggestedPriceCents: null } };
    },
    check(body) {
      expect(body).toMatchObject({ priceCents: 300, payWhatYouWant: false, suggestedPriceCents: null });
    },
  },
  {
    operationId: "updateProduct",
    name: "refuses a suggested price below the minimum, naming the field",
    status: 400,
    async request(world) {
      const product = await createProduct(world.db, { creatorId: world.creatorId, priceCents: 1000 });
      return { params: { id: String(product.id) }, body: { payWhatYouWant: true, suggestedPriceCents: 500 } };
    },
    check(body) {
      expect(body).toMatchObject({
        error: { message: "The suggested price must be at least the minimum price.", field: "suggestedPriceCents" },
      });
    },
  },
  {
    operationId: "updateProduct",
    name: "refuses pay what you want beside a Commercial price, naming the field",
    status: 400,
    async request(world) {
      const product = await createProduct(world.db, {
        creatorId: world.creatorId,
        priceCents: 1000,
        commercialPriceCents: 2000,
      });
      return { params: { id: String(product.id) }, body: { payWhatYouWant: true } };
    },
    check(body) {
      expect(body).toMatchObject({ error: { message: PWYW_PERSONAL_ONLY, field: "commercialPriceCents" } });
    },
  },
  {
    operationId: "updateProduct",
    name: "does not change another shop's product",
    status: 404,
    async request(world) {
      const product = await createProduct(world.db, { creatorId: world.otherCreatorId, title: "Theirs" });
      return { params: { id: String(product.id) }, body: { title: "Mine now" } };
    },
  },
  {
    operationId: "publishProduct",
    name: "publishes a draft with an image and a file",
    status: 200,
    async request(world) {
      const product = await publishableDraft(world);
      return { params: { id: String(product.id) } };
    },
    async check(body, world) {
      expect((body as Product).status).toBe("published");
      expect(await statusOf(world, (body as Product).id)).toBe("published");
    },
  },
  {
    operationId: "publishProduct",
    name: "refuses a draft without a file, as the dashboard does",
    status: 409,
    async request(world) {
      const product = await publishableDraft(world, false);
      return { params: { id: String(product.id) } };
    },
    check(body) {
      expect(body).toMatchObject({
        error: { code: "conflict", message: "Add at least one image and one file before publishing." },
      });
    },
  },
  {
    operationId: "unpublishProduct",
    name: "takes a product off sale",
    status: 200,
    async request(world) {
      const product = await createProduct(world.db, { creatorId: world.creatorId, status: "published" });
      return { params: { id: String(product.id) } };
    },
    check(body) {
      expect((body as Product).status).toBe("draft");
    },
  },
  {
    operationId: "unpublishProduct",
    name: "leaves a product the platform hid hidden",
    status: 409,
    async request(world) {
      const product = await createProduct(world.db, { creatorId: world.creatorId, status: "hidden" });
      return { params: { id: String(product.id) } };
    },
  },
];
