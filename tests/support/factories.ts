import crypto from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import type { Database } from "../../server/db/client.ts";
import {
  categories,
  creators,
  type OrderStatus,
  orderItems,
  orders,
  productImages,
  products,
  user,
} from "../../server/db/schema.ts";
import { issueLicenses } from "../../server/licenses/licenses.ts";
import { artUrl } from "../../server/media/generated-art.ts";
import { splitSale } from "../../server/orders/money.ts";
import { type Buyer, itemsOf } from "../../server/orders/place-order.ts";
import { saveSellerTaxDetails } from "../../server/payouts/tax-details.ts";
import { sellerTaxDetailsSchema, toTaxDetails } from "../../shared/seller-tax-details-schema.ts";

// Rows for tests, made to measure: each factory inserts one row (and what it cannot exist
// without) with defaults a test does not have to think about, and takes overrides for what the
// test is about. Names, slugs, ids and emails carry a counter, so that tests never collide.
// Money is integer cents; the defaults respect the schema's CHECK constraints.

let counter = 0;
const next = () => ++counter;

type NewCategory = typeof categories.$inferInsert;
type NewCreator = typeof creators.$inferInsert;
type NewProduct = typeof products.$inferInsert;
type NewUser = typeof user.$inferInsert;

/** A category of its own (the sample catalogue's are not there unless a test loads them). */
export async function createCategory(db: Database, overrides: Partial<NewCategory> = {}) {
  const n = next();
  const [row] = await db
    .insert(categories)
    .values({
      slug: `test-category-${n}`,
      name: `Category ${n}`,
      label: `Category ${n}`,
      artKind: "planner",
      ...overrides,
    })
    .returning();
  return row!;
}

/** A creator (a seller's storefront, decision 028) in good standing, run by no account unless `userId` is given. */
export async function createCreator(db: Database, overrides: Partial<NewCreator> = {}) {
  const n = next();
  const [row] = await db
    .insert(creators)
    .values({ slug: `test-creator-${n}`, name: `Creator ${n}`, ...overrides })
    .returning();
  return row!;
}

/**
 * A product, published unless `status` says otherwise, of a new creator and category unless
 * given. Its price is between $15.00 and $24.00 (each call another) unless `priceCents` is given;
 * a hidden product is hidden by moderation unless `hiddenBy` is given. A test that names products
 * by id (1, 2, ...) may give `id`.
 */
export async function createProduct(db: Database, overrides: Partial<NewProduct> = {}) {
  const n = next();
  const creatorId = overrides.creatorId ?? (await createCreator(db)).id;
  const categoryId = overrides.categoryId ?? (await createCategory(db)).id;
  const status = overrides.status ?? "published";
  const [row] = await db
    .insert(products)
    .values({
      title: `Product ${n}`,
      priceCents: 1500 + 100 * (n % 10),
      format: "PDF",
      description: `The description of product ${n}.`,
      hiddenBy: status === "hidden" ? "moderation" : null,
      ...overrides,
      creatorId,
      categoryId,
      status,
    })
    .returning();
  // Given an id (as the sample catalogue's products have), move the id sequence past it.
  if (overrides.id !== undefined) {
    await db.execute(sql`SELECT setval(pg_get_serial_sequence('products', 'id'), (SELECT max(id) FROM products))`);
  }
  return row!;
}

/**
 * An image of the product: a generated planner picture as the sample catalogue's (which the shop
 * can draw), its cover (position 0) unless `position` says otherwise.
 */
export async function createProductImage(
  db: Database,
  productId: number,
  overrides: Partial<typeof productImages.$inferInsert> = {},
) {
  const [row] = await db
    .insert(productImages)
    .values({ productId, url: artUrl("planner", next()), alt: "", position: 0, ...overrides })
    .returning();
  return row!;
}

/** `count` products made by createProduct with the same overrides, in order of their ids. */
export async function createProducts(db: Database, count: number, overrides: Partial<NewProduct> = {}) {
  const made = [];
  for (let i = 0; i < count; i++) made.push(await createProduct(db, overrides));
  return made;
}

/**
 * An account (not a seller, not an admin unless overridden). An admin has two-factor sign-in on
 * unless overridden, as the admin console requires (server/accounts/second-factor.ts).
 */
export async function createUser(db: Database, overrides: Partial<NewUser> = {}) {
  const n = next();
  const id = overrides.id ?? `test-user-${n}`;
  const [row] = await db
    .insert(user)
    .values({
      id,
      name: `User ${n}`,
      email: `${id}@example.com`,
      twoFactorEnabled: overrides.role === "admin",
      ...overrides,
    })
    .returning();
  return row!;
}

/** An account that buys, as the checkout's `Buyer` (userId, name, email), with its id. */
export async function createBuyer(db: Database, overrides: Partial<NewUser> = {}): Promise<Buyer & { id: string }> {
  const row = await createUser(db, { id: `test-buyer-${next()}`, ...overrides });
  return { id: row.id, userId: row.id, name: row.name, email: row.email };
}

/**
 * A seller: an account with isSeller and the creator it runs. `creator` overrides the creator's
 * columns, the rest the account's. It has two-factor sign-in on unless overridden, as connecting or
 * changing a payout account requires (server/accounts/second-factor.ts), and tax details on file
 * unless `taxDetails: false`, as a payout requires (server/payouts/destinations.ts).
 */
export async function createSeller(
  db: Database,
  overrides: Partial<NewUser> & { creator?: Partial<NewCreator>; taxDetails?: false } = {},
) {
  const { creator: creatorOverrides, taxDetails, ...userOverrides } = overrides;
  const account = await createUser(db, {
    id: `test-seller-${next()}`,
    isSeller: true,
    twoFactorEnabled: true,
    ...userOverrides,
  });
  const creator = await createCreator(db, { ...creatorOverrides, userId: account.id });
  if (taxDetails !== false) await giveTaxDetails(db, creator.id);
  return { user: account, creator };
}

/** Complete tax details of an individual in France, as the form takes them (toTaxDetails). */
export const FRENCH_INDIVIDUAL_TAX_DETAILS = toTaxDetails(
  sellerTaxDetailsSchema.parse({
    sellerType: "individual",
    legalName: "Léa Martin",
    addressLine1: "3 rue de la Paix",
    city: "Paris",
    postalCode: "75002",
    country: "FR",
    taxIdKind: "national_tin",
    taxId: "1234567890123",
    dateOfBirth: "1988-07-14",
  }),
);

/** Complete tax details for a shop, as a payout needs them. */
export async function giveTaxDetails(db: Database, creatorId: number) {
  await saveSellerTaxDetails(db, creatorId, FRENCH_INDIVIDUAL_TAX_DETAILS);
}

const UNPAID: OrderStatus[] = ["pending_payment", "failed", "expired", "cancelled"];

/**
 * An order written straight to the database in any state (paid unless `status` says otherwise),
 * one of each product at its price, no tax, no cart and no payment provider: for tests of what a
 * given state allows. Paid states get paid_at and licences. Orders made as a buyer makes them
 * (cart, checkout, payment event) are in ./orders.ts.
 */
export async function createOrder(
  db: Database,
  options: {
    productIds: number[];
    status?: OrderStatus;
    userId?: string | null;
    paidAt?: Date;
    /** A discount code's percent off every item (each item's part rounded on its own); none by default. */
    discountPercent?: number;
  },
) {
  const { status = "paid", productIds, userId = null, discountPercent = 0 } = options;
  const number = crypto.randomBytes(8).toString("hex").toUpperCase().slice(0, 9);
  const bought = await db.select().from(products).where(inArray(products.id, productIds));
  const subtotal = bought.reduce((sum, product) => sum + product.priceCents, 0);
  const discountOf = (priceCents: number) => Math.round((priceCents * discountPercent) / 100);
  const discount = bought.reduce((sum, product) => sum + discountOf(product.priceCents), 0);
  const paid = !UNPAID.includes(status);
  const [order] = await db
    .insert(orders)
    .values({
      number,
      userId,
      email: `${userId ?? "guest"}@example.com`,
      customerName: userId ?? "Guest",
      status,
      subtotalCents: subtotal,
      discountCents: discount,
      taxCents: 0,
      totalCents: subtotal - discount,
      idempotencyKey: `key-${number}`,
      paidAt: paid ? (options.paidAt ?? new Date()) : null,
    })
    .returning();
  await db.insert(orderItems).values(
    productIds.map((productId) => {
      const product = bought.find((row) => row.id === productId)!;
      return {
        orderId: order!.id,
        productId,
        creatorId: product.creatorId,
        title: product.title,
        unitPriceCents: product.priceCents,
        quantity: 1,
        lineTotalCents: product.priceCents,
        discountCents: discountOf(product.priceCents),
        netCents: product.priceCents - discountOf(product.priceCents),
        taxCents: 0,
        taxRateTenths: 0,
        ...splitSale(product.priceCents - discountOf(product.priceCents)),
        licenseType: "commercial" as const,
      };
    }),
  );
  if (paid) await issueLicenses(db, order!.id);
  return { order: order!, items: await itemsOf(db, order!.id) };
}
