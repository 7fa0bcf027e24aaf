import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { BUNDLE_PRODUCTS_NOT_LISTED, type BundleInput } from "../../shared/bundle-schema.ts";
import { formatPrice } from "../../shared/format.ts";
import type { Database, Queryable } from "../db/client.ts";
import { bundleProducts, bundles, products } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { bundleIsASaving } from "./bundles.ts";

// A seller's bundles: made, changed, published, taken off sale and deleted from the dashboard.
// Every action names the seller's shop (creatorId) and touches only its own bundles and products.

export const NO_SUCH_BUNDLE = "This bundle does not exist.";
export type BundleStatusChange = "published" | "draft" | "deleted";

/** The start of the message of a bundle that costs as much as its products or more (a form puts it by the price). */
export const NOT_A_SAVING = "A bundle must cost less than its products bought one by one";

export function notASaving(valueCents: number): string {
  return `${NOT_A_SAVING} (${formatPrice(valueCents)}).`;
}

/** The seller's products a bundle can hold: those on sale, by title, with their Personal price. */
export function bundleProductChoices(db: Queryable, creatorId: number) {
  return db
    .select({ id: products.id, title: products.title, priceCents: products.priceCents })
    .from(products)
    .where(and(eq(products.creatorId, creatorId), eq(products.status, "published")))
    .orderBy(asc(products.title), asc(products.id));
}

/**
 * The products' prices, in the order named; refused when one is not a product of this seller on
 * sale, or when the bundle would not cost less than they do.
 */
async function requireBundleable(tx: Queryable, creatorId: number, input: BundleInput): Promise<void> {
  const rows = await tx
    .select({ id: products.id, priceCents: products.priceCents })
    .from(products)
    .where(
      and(inArray(products.id, input.productIds), eq(products.creatorId, creatorId), eq(products.status, "published")),
    );
  if (rows.length !== input.productIds.length) throw new Refusal(BUNDLE_PRODUCTS_NOT_LISTED, "invalid");
  const prices = rows.map((row) => row.priceCents);
  if (!bundleIsASaving(input.price, prices)) {
    throw new Refusal(notASaving(prices.reduce((sum, price) => sum + price, 0)), "invalid");
  }
}

async function putProducts(tx: Queryable, bundleId: number, productIds: readonly number[]) {
  await tx.delete(bundleProducts).where(eq(bundleProducts.bundleId, bundleId));
  await tx.insert(bundleProducts).values(productIds.map((productId, position) => ({ bundleId, productId, position })));
}

/** Makes a bundle, as a draft: the seller publishes it when it is ready. */
export async function createBundle(db: Database, creatorId: number, input: BundleInput) {
  return db.transaction(async (tx) => {
    await requireBundleable(tx, creatorId, input);
    const [made] = await tx
      .insert(bundles)
      .values({ creatorId, title: input.title, description: input.description, priceCents: input.price })
      .returning();
    await putProducts(tx, made!.id, input.productIds);
    return made!;
  });
}

/** The seller's bundle (not deleted), locked for a change; refused (404) when it is not theirs. */
async function requireOwnBundle(tx: Queryable, creatorId: number, bundleId: number) {
  const [bundle] = await tx
    .select()
    .from(bundles)
    .where(and(eq(bundles.id, bundleId), eq(bundles.creatorId, creatorId), ne(bundles.status, "deleted")))
    .for("update");
  if (!bundle) throw new Refusal(NO_SUCH_BUNDLE, "not-found");
  return bundle;
}

/** Changes a bundle's title, description, price and products; a published one stays on sale. */
export async function updateBundle(
  db: Database,
  { creatorId, bundleId, bundle }: { creatorId: number; bundleId: number; bundle: BundleInput },
) {
  await db.transaction(async (tx) => {
    await requireOwnBundle(tx, creatorId, bundleId);
    await requireBundleable(tx, creatorId, bundle);
    await tx
      .update(bundles)
      .set({ title: bundle.title, description: bundle.description, priceCents: bundle.price, updatedAt: sql`now()` })
      .where(eq(bundles.id, bundleId));
    await putProducts(tx, bundleId, bundle.productIds);
  });
}

/**
 * Publishes a bundle (refused unless its products are on sale and it costs less than they do),
 * takes it off sale (draft), or deletes it (kept for the orders that name it, gone from the shop).
 */
export async function setBundleStatus(
  db: Database,
  { creatorId, bundleId, status }: { creatorId: number; bundleId: number; status: BundleStatusChange },
) {
  await db.transaction(async (tx) => {
    const bundle = await requireOwnBundle(tx, creatorId, bundleId);
    if (status === "published") {
      const productIds = (
        await tx
          .select({ productId: bundleProducts.productId })
          .from(bundleProducts)
          .where(eq(bundleProducts.bundleId, bundleId))
      ).map((row) => row.productId);
      const problem = await saleProblem(tx, creatorId, bundle.priceCents, productIds);
      if (problem) throw new Refusal(problem, "conflict");
    }
    await tx.update(bundles).set({ status, updatedAt: sql`now()` }).where(eq(bundles.id, bundleId));
  });
}

/** Why a bundle of these products at this price cannot be on sale now, or null. */
async function saleProblem(tx: Queryable, creatorId: number, priceCents: number, productIds: number[]) {
  try {
    await requireBundleable(tx, creatorId, { title: "", description: "", price: priceCents, productIds });
    return null;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return error.message === BUNDLE_PRODUCTS_NOT_LISTED
      ? "A product of this bundle is no longer on sale: edit the bundle to publish it."
      : error.message;
  }
}

/** The seller's bundles, newest first, each with its products and, when it cannot sell now, why. */
export async function listBundles(db: Queryable, creatorId: number) {
  const rows = await db
    .select()
    .from(bundles)
    .where(and(eq(bundles.creatorId, creatorId), ne(bundles.status, "deleted")))
    .orderBy(desc(bundles.id));
  if (rows.length === 0) return [];
  const members = await db
    .select({
      bundleId: bundleProducts.bundleId,
      productId: products.id,
      title: products.title,
      priceCents: products.priceCents,
    })
    .from(bundleProducts)
    .innerJoin(products, eq(products.id, bundleProducts.productId))
    .where(
      inArray(
        bundleProducts.bundleId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(bundleProducts.position));
  return Promise.all(
    rows.map(async (bundle) => {
      const inBundle = members.filter((member) => member.bundleId === bundle.id);
      const productIds = inBundle.map((member) => member.productId);
      return {
        id: bundle.id,
        title: bundle.title,
        description: bundle.description,
        priceCents: bundle.priceCents,
        status: bundle.status,
        products: inBundle.map(({ bundleId: _, ...member }) => member),
        valueCents: inBundle.reduce((sum, member) => sum + member.priceCents, 0),
        problem: await saleProblem(db, creatorId, bundle.priceCents, productIds),
      };
    }),
  );
}
