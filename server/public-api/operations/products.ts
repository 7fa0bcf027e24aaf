import { and, desc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { PRODUCT_FORMATS, type ProductForm, productFormSchema } from "../../../shared/product-schema.ts";
import { findCategoryBySlug } from "../../catalogue/categories.ts";
import type { Database } from "../../db/client.ts";
import { categories, products } from "../../db/schema.ts";
import { Refusal } from "../../lib/refusal.ts";
import { createProduct, requireOwnProduct, setPublished, updateProduct } from "../../sellers/seller-products.ts";
import { defineOperation } from "../operation.ts";
import {
  centsSchema,
  currencySchema,
  idParamsSchema,
  isoTime,
  pageFrom,
  pageOf,
  pageQueryShape,
  timeSchema,
} from "../schemas.ts";

// The seller's products: list, read, create a draft, change, publish and unpublish. The rules are
// the product editor's (shared/product-schema.ts and server/sellers/seller-products.ts): a body is
// turned into the editor's form and checked by its schema, so a product the dashboard refuses is
// refused here too, with the same words.

const PRODUCT_STATUSES = ["draft", "published", "hidden"] as const;

const productSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    status: z.enum(PRODUCT_STATUSES).meta({
      description: "draft: not on sale; published: on sale; hidden: taken down by the platform (see hiddenNote).",
    }),
    hiddenNote: z.string().nullable(),
    category: z.string().meta({ description: "The category's slug." }),
    // What the product page shows; older products have formats the editor no longer offers ("Video").
    format: z.string().meta({ description: "The files' format, as the product page shows it." }),
    tags: z.array(z.string()),
    features: z.array(z.string()),
    whatYouGet: z.array(z.string()),
    pages: z.number().int().nullable(),
    prints: z.number().int().nullable(),
    templates: z.number().int().nullable(),
    durationMinutes: z.number().int().nullable(),
    currency: currencySchema,
    priceCents: centsSchema.meta({ description: "The Personal license's price, in cents." }),
    originalPriceCents: centsSchema.nullable().meta({ description: "A crossed-out earlier price, or null." }),
    commercialPriceCents: centsSchema
      .nullable()
      .meta({ description: "The Commercial license's price; null: not sold." }),
    extendedPriceCents: centsSchema.nullable().meta({ description: "The Extended license's price; null: not sold." }),
    payWhatYouWant: z.boolean().meta({
      description: "Whether buyers name the price: at least priceCents (0: free), at most 1000000 cents.",
    }),
    suggestedPriceCents: centsSchema
      .nullable()
      .meta({ description: "The price the product page proposes, for pay what you want; null: none." }),
    url: z.string().meta({ description: "The product's page in the shop (shown once published)." }),
    createdAt: timeSchema,
    updatedAt: timeSchema,
    publishedAt: timeSchema.nullable(),
  })
  .strict()
  .meta({ title: "Product" });

type ProductOut = z.input<typeof productSchema>;

const productColumns = { product: products, category: categories.slug };

function productOut(row: { product: typeof products.$inferSelect; category: string }, publicUrl: string): ProductOut {
  const { product } = row;
  return {
    id: product.id,
    title: product.title,
    description: product.description,
    status: product.status === "deleted" ? "draft" : product.status,
    hiddenNote: product.status === "hidden" ? product.hiddenNote : null,
    category: row.category,
    format: product.format,
    tags: product.tags,
    features: product.features,
    whatYouGet: product.whatYouGet,
    pages: product.pages,
    prints: product.prints,
    templates: product.templates,
    durationMinutes: product.durationMinutes,
    currency: "usd",
    priceCents: product.priceCents,
    originalPriceCents: product.originalPriceCents,
    commercialPriceCents: product.commercialPriceCents,
    extendedPriceCents: product.extendedPriceCents,
    payWhatYouWant: product.payWhatYouWant,
    suggestedPriceCents: product.suggestedPriceCents,
    url: new URL(`/product/${product.id}`, publicUrl).href,
    createdAt: isoTime(product.createdAt),
    updatedAt: isoTime(product.updatedAt),
    publishedAt: product.publishedAt ? isoTime(product.publishedAt) : null,
  };
}

/** The seller's product with its category's slug, or 404 (another shop's product is not found either). */
async function ownProduct(db: Database, creatorId: number, productId: number, publicUrl: string) {
  await requireOwnProduct(db, creatorId, productId);
  const [row] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, productId));
  return productOut(row!, publicUrl);
}

// ---- The body of a product: the editor's fields, with money in cents and lists as arrays.

const line = (what: string) =>
  z
    .string()
    .max(200, `Keep each of the ${what} under 200 characters.`)
    .regex(/^[^\n\r]*$/, `One line per item of ${what}.`);
const count = z.number().int().positive().max(100_000).nullable();
const cents = (label: string) =>
  z
    .number({ error: `${label} is an amount in integer cents.` })
    .int(`${label} is an amount in integer cents.`)
    .min(0, `${label} cannot be below 0.`)
    .max(9_999_999, `${label} is at most 9999999 cents.`);

const productFieldsShape = {
  title: z.string().meta({ description: "3 to 120 characters.", example: "Calm Weekly Planner" }),
  description: z.string().meta({ description: "20 to 5000 characters." }),
  category: z
    .string()
    .max(60)
    .meta({ description: "A category's slug, such as planners or wall-art.", example: "planners" }),
  format: z.enum(PRODUCT_FORMATS),
  priceCents: cents("priceCents").meta({ description: "The Personal license's price, in cents." }),
  originalPriceCents: cents("originalPriceCents").nullable().meta({ description: "Higher than priceCents, or null." }),
  commercialPriceCents: cents("commercialPriceCents")
    .nullable()
    .meta({ description: "At least priceCents; null: the Commercial license is not sold." }),
  extendedPriceCents: cents("extendedPriceCents")
    .nullable()
    .meta({ description: "At least the Commercial (else Personal) price; null: not sold." }),
  payWhatYouWant: z.boolean({ error: "payWhatYouWant is true or false." }).meta({
    description:
      "Buyers name the price: priceCents is then the least they pay (0: free), at most 1000000 cents. Only with no original, Commercial or Extended price.",
  }),
  suggestedPriceCents: cents("suggestedPriceCents")
    .nullable()
    .meta({ description: "For pay what you want: the price the page proposes, at least priceCents; null: none." }),
  tags: z
    .array(
      z
        .string()
        .max(30, "Keep each tag under 30 characters.")
        .regex(/^[^,]*$/, "A tag cannot hold a comma."),
    )
    .max(10, "Use at most 10 tags."),
  features: z.array(line("features")).max(12, "Please list at most 12 features."),
  whatYouGet: z.array(line("items of what buyers get")).max(12, "Please list at most 12 items of what buyers get."),
  pages: count,
  prints: count,
  templates: count,
  durationMinutes: count,
};

const createBodySchema = z
  .object({
    ...productFieldsShape,
    originalPriceCents: productFieldsShape.originalPriceCents.optional(),
    commercialPriceCents: productFieldsShape.commercialPriceCents.optional(),
    extendedPriceCents: productFieldsShape.extendedPriceCents.optional(),
    payWhatYouWant: productFieldsShape.payWhatYouWant.optional(),
    suggestedPriceCents: productFieldsShape.suggestedPriceCents.optional(),
    tags: productFieldsShape.tags.optional(),
    features: productFieldsShape.features.optional(),
    whatYouGet: productFieldsShape.whatYouGet.optional(),
    pages: count.optional(),
    prints: count.optional(),
    templates: count.optional(),
    durationMinutes: count.optional(),
  })
  .strict()
  .meta({ title: "NewProduct" });

const patchBodySchema = z
  .object(productFieldsShape)
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change.")
  .meta({ title: "ProductChanges" });

// The format is any text: a product read back may have one the editor no longer offers, which the
// editor's schema then refuses with its own words.
type ProductFields = {
  [Field in Exclude<keyof typeof productFieldsShape, "format">]?:
    | z.output<(typeof productFieldsShape)[Field]>
    | undefined;
} & { format?: string | undefined };

/** The editor's names of fields the API names otherwise. */
const API_FIELD_OF: Record<string, string> = {
  categoryId: "category",
  price: "priceCents",
  originalPrice: "originalPriceCents",
  commercialPrice: "commercialPriceCents",
  extendedPrice: "extendedPriceCents",
  suggestedPrice: "suggestedPriceCents",
};

const dollars = (cents: number | null | undefined) => (cents == null ? "" : (cents / 100).toFixed(2));
const countText = (value: number | null | undefined) => (value == null ? "" : String(value));

/** The product's fields checked by the editor's own schema (its rules, its messages), or a 400 naming the field. */
async function editorForm(db: Database, fields: ProductFields): Promise<ProductForm> {
  const category = fields.category === undefined ? undefined : await findCategoryBySlug(db, fields.category);
  if (!category) throw new Refusal("There is no category with this slug.", "invalid", { field: "category" });
  const parsed = productFormSchema.safeParse({
    title: fields.title,
    description: fields.description,
    categoryId: String(category.id),
    tags: (fields.tags ?? []).join(","),
    format: fields.format,
    price: dollars(fields.priceCents) || undefined,
    originalPrice: dollars(fields.originalPriceCents),
    commercialPrice: dollars(fields.commercialPriceCents),
    extendedPrice: dollars(fields.extendedPriceCents),
    payWhatYouWant: fields.payWhatYouWant ? "on" : undefined,
    suggestedPrice: dollars(fields.suggestedPriceCents),
    features: (fields.features ?? []).join("\n"),
    whatYouGet: (fields.whatYouGet ?? []).join("\n"),
    pages: countText(fields.pages),
    prints: countText(fields.prints),
    templates: countText(fields.templates),
    durationMinutes: countText(fields.durationMinutes),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "body");
    throw new Refusal(issue.message, "invalid", { field: API_FIELD_OF[name] ?? name });
  }
  return parsed.data;
}

const productExample: ProductOut = {
  id: 42,
  title: "Calm Weekly Planner",
  description: "A printable weekly planner with habit tracker and notes pages.",
  status: "draft",
  hiddenNote: null,
  category: "planners",
  format: "PDF",
  tags: ["planner", "weekly"],
  features: ["52 weekly spreads", "Habit tracker"],
  whatYouGet: ["1 PDF, US Letter and A4"],
  pages: 60,
  prints: null,
  templates: null,
  durationMinutes: null,
  currency: "usd",
  priceCents: 1200,
  originalPriceCents: null,
  commercialPriceCents: 2400,
  extendedPriceCents: null,
  payWhatYouWant: false,
  suggestedPriceCents: null,
  url: "https://shop.example/product/42",
  createdAt: "2026-11-20T09:30:00.000Z",
  updatedAt: "2026-11-20T09:30:00.000Z",
  publishedAt: null,
};

export const productOperations = [
  defineOperation({
    method: "get",
    path: "/products",
    operationId: "listProducts",
    tag: "Products",
    summary: "List your products",
    description: "Your products, drafts and hidden ones too, newest first.",
    scope: "read",
    query: z.object({
      ...pageQueryShape,
      status: z.enum(PRODUCT_STATUSES).optional().meta({ description: "Only products of this status." }),
    }),
    response: {
      status: 200,
      description: "A page of products.",
      schema: pageOf(productSchema),
      example: { data: [productExample], pagination: { page: 1, perPage: 25, hasMore: false } },
    },
    async handler({ caller, query }, { db, publicUrl }) {
      const rows = await db
        .select(productColumns)
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(
          and(
            eq(products.creatorId, caller.creatorId),
            query.status ? eq(products.status, query.status) : ne(products.status, "deleted"),
          ),
        )
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(query.perPage + 1)
        .offset((query.page - 1) * query.perPage);
      return pageFrom(
        rows.map((row) => productOut(row, publicUrl)),
        query,
      );
    },
  }),
  defineOperation({
    method: "get",
    path: "/products/{id}",
    operationId: "getProduct",
    tag: "Products",
    summary: "Get one of your products",
    scope: "read",
    params: idParamsSchema,
    response: { status: 200, description: "The product.", schema: productSchema, example: productExample },
    handler: ({ caller, params }, { db, publicUrl }) => ownProduct(db, caller.creatorId, params.id, publicUrl),
  }),
  defineOperation({
    method: "post",
    path: "/products",
    operationId: "createProduct",
    tag: "Products",
    summary: "Create a draft product",
    description:
      "Creates a draft with the dashboard's rules (the same checks and messages). Add its images and files in the dashboard, then publish it.",
    scope: "write",
    body: createBodySchema,
    bodyExample: {
      title: "Calm Weekly Planner",
      description: "A printable weekly planner with habit tracker and notes pages.",
      category: "planners",
      format: "PDF",
      priceCents: 1200,
      commercialPriceCents: 2400,
      tags: ["planner", "weekly"],
    },
    response: { status: 201, description: "The draft.", schema: productSchema, example: productExample },
    async handler({ caller, body }, { db, publicUrl }) {
      const id = await createProduct(db, caller.creatorId, await editorForm(db, body));
      return ownProduct(db, caller.creatorId, id, publicUrl);
    },
  }),
  defineOperation({
    method: "patch",
    path: "/products/{id}",
    operationId: "updateProduct",
    tag: "Products",
    summary: "Change a product",
    description:
      "Changes the fields sent and keeps the others; null clears an optional price or count. The whole product is then checked as the dashboard checks it.",
    scope: "write",
    params: idParamsSchema,
    body: patchBodySchema,
    bodyExample: { priceCents: 1500, tags: ["planner", "weekly", "printable"] },
    response: { status: 200, description: "The product as changed.", schema: productSchema, example: productExample },
    async handler({ caller, params, body }, { db, publicUrl }) {
      const current = await ownProduct(db, caller.creatorId, params.id, publicUrl);
      const merged: ProductFields = { ...current, ...body };
      await updateProduct(db, {
        creatorId: caller.creatorId,
        productId: params.id,
        product: await editorForm(db, merged),
      });
      return ownProduct(db, caller.creatorId, params.id, publicUrl);
    },
  }),
  defineOperation({
    method: "post",
    path: "/products/{id}/publish",
    operationId: "publishProduct",
    tag: "Products",
    summary: "Publish a product",
    description:
      "Puts the product on sale, with the dashboard's checks: it needs at least one image and one file (409 otherwise), and a shop in good standing.",
    scope: "write",
    params: idParamsSchema,
    errors: [409],
    response: {
      status: 200,
      description: "The product, on sale.",
      schema: productSchema,
      example: { ...productExample, status: "published", publishedAt: "2026-11-21T10:00:00.000Z" },
    },
    async handler({ caller, params }, { db, publicUrl }) {
      await setPublished(db, { creatorId: caller.creatorId, productId: params.id, published: true });
      return ownProduct(db, caller.creatorId, params.id, publicUrl);
    },
  }),
  defineOperation({
    method: "post",
    path: "/products/{id}/unpublish",
    operationId: "unpublishProduct",
    tag: "Products",
    summary: "Unpublish a product",
    description: "Takes the product off sale (a draft again). Its buyers keep their downloads.",
    scope: "write",
    params: idParamsSchema,
    errors: [409],
    response: { status: 200, description: "The product, a draft.", schema: productSchema, example: productExample },
    async handler({ caller, params }, { db, publicUrl }) {
      await setPublished(db, { creatorId: caller.creatorId, productId: params.id, published: false });
      return ownProduct(db, caller.creatorId, params.id, publicUrl);
    },
  }),
];
