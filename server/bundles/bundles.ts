import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { productCardColumns } from "../catalogue/product-card.ts";
import type { Queryable } from "../db/client.ts";
import { bundleProducts, bundles, creators, orderItems, orders, products } from "../db/schema.ts";
import { DELIVERABLE_ORDER_STATUSES } from "../delivery/open-download.ts";
import { Refusal } from "../lib/refusal.ts";
import { apportion } from "../orders/money.ts";

// Bundles as shoppers buy them (decision 033). A bundle's price is shared out over its products in
// proportion to their Personal prices now (apportion: whole cents, adding up exactly); each product
// is bought as an order item of its share, with a Personal licence. A buyer who owns some of the
// products pays only the shares of the others ("complete the bundle").

export const BUNDLE_NOT_AVAILABLE = "This bundle is not available.";
export const BUNDLE_ALL_OWNED = "You already own everything in this bundle.";

/** A product of a bundle, as the bundle's page, the cart and an order price it. */
export interface BundleProduct {
  productId: number;
  title: string;
  creatorId: number;
  imageUrl: string | null;
  /** The product's Personal price bought alone. */
  priceCents: number;
  /** Its share of the bundle's price. */
  shareCents: number;
  /** The buyer owns it already: it is not bought again, and its share is not paid. */
  owned: boolean;
}

/** A bundle on sale, priced for one buyer. */
export interface PricedBundle {
  id: number;
  title: string;
  description: string;
  creatorId: number;
  creatorName: string;
  creatorSlug: string;
  /** The bundle's price. */
  priceCents: number;
  /** What its products cost bought one by one (Personal licences). */
  valueCents: number;
  products: BundleProduct[];
  /** What this buyer pays: the shares of the products they do not own yet. */
  toPayCents: number;
  ownedCount: number;
}

/** Of these products, those the account owns: a paid purchase (not an upgrade) that was not refunded. */
export async function productsOwnedBy(
  db: Queryable,
  userId: string | null,
  productIds: readonly number[],
): Promise<Set<number>> {
  if (!userId || productIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ productId: orderItems.productId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orderItems.productId, [...productIds]),
        eq(orderItems.status, "active"),
        isNull(orderItems.upgradesLicenseId),
        inArray(orders.status, [...DELIVERABLE_ORDER_STATUSES]),
      ),
    );
  return new Set(rows.map((row) => row.productId));
}

/**
 * The bundle's price shared out over its products in proportion to their prices: the shares add up
 * to the bundle's price exactly.
 */
export function bundleShares(bundlePriceCents: number, productPricesCents: readonly number[]): number[] {
  return apportion(bundlePriceCents, productPricesCents);
}

/**
 * Whether a bundle of this price and these products' prices may be sold: it must cost less than its
 * products bought one by one (a seller who later lowers a product's price takes the bundle off sale
 * until its price is lowered too).
 */
export function bundleIsASaving(bundlePriceCents: number, productPricesCents: readonly number[]): boolean {
  return bundlePriceCents < productPricesCents.reduce((sum, price) => sum + price, 0);
}

/**
 * The bundles among `bundleIds` that are on sale (published, every product published, cheaper than
 * its products), priced for the account `userId` (null: a guest, who owns nothing yet), in the
 * order asked for.
 */
export async function bundlesOnSale(
  db: Queryable,
  bundleIds: readonly number[],
  userId: string | null,
): Promise<PricedBundle[]> {
  if (bundleIds.length === 0) return [];
  const heads = await db
    .select({
      id: bundles.id,
      title: bundles.title,
      description: bundles.description,
      creatorId: bundles.creatorId,
      creatorName: creators.name,
      creatorSlug: creators.slug,
      priceCents: bundles.priceCents,
    })
    .from(bundles)
    .innerJoin(creators, eq(creators.id, bundles.creatorId))
    .where(and(inArray(bundles.id, [...bundleIds]), eq(bundles.status, "published")));
  if (heads.length === 0) return [];
  const members = await db
    .select({
      bundleId: bundleProducts.bundleId,
      productId: products.id,
      title: products.title,
      creatorId: products.creatorId,
      imageUrl: productCardColumns.imageUrl,
      priceCents: products.priceCents,
      status: products.status,
    })
    .from(bundleProducts)
    .innerJoin(products, eq(products.id, bundleProducts.productId))
    .where(
      inArray(
        bundleProducts.bundleId,
        heads.map((head) => head.id),
      ),
    )
    .orderBy(asc(bundleProducts.position), asc(products.id));
  const owned = await productsOwnedBy(
    db,
    userId,
    members.map((member) => member.productId),
  );
  return bundleIds.flatMap((bundleId) => {
    const head = heads.find((row) => row.id === bundleId);
    const inBundle = members.filter((member) => member.bundleId === bundleId);
    const prices = inBundle.map((member) => member.priceCents);
    const onSale =
      head &&
      inBundle.length > 0 &&
      inBundle.every((member) => member.status === "published") &&
      bundleIsASaving(head.priceCents, prices);
    if (!onSale) return [];
    const shares = bundleShares(head.priceCents, prices);
    const bundleProductsPriced = inBundle.map(({ bundleId: _, status: __, ...member }, index) => ({
      ...member,
      shareCents: shares[index]!,
      owned: owned.has(member.productId),
    }));
    const unowned = bundleProductsPriced.filter((member) => !member.owned);
    return [
      {
        ...head,
        valueCents: prices.reduce((sum, price) => sum + price, 0),
        products: bundleProductsPriced,
        toPayCents: unowned.reduce((sum, member) => sum + member.shareCents, 0),
        ownedCount: bundleProductsPriced.length - unowned.length,
      },
    ];
  });
}

/**
 * What buying the bundle buys: an item for each product the buyer does not own yet, one Personal
 * seat at its share of the bundle's price.
 */
export function bundleItems(bundle: PricedBundle) {
  return bundle.products
    .filter((product) => !product.owned)
    .map((product) => ({
      bundleId: bundle.id,
      productId: product.productId,
      title: product.title,
      creatorId: product.creatorId,
      licenseTier: "personal" as const,
      priceCents: product.shareCents,
      quantity: 1 as const,
    }));
}

/** The bundle, on sale and priced for this buyer; refused (404) when it is not on sale. */
export async function requireBundleOnSale(db: Queryable, bundleId: number, userId: string | null) {
  const [bundle] = await bundlesOnSale(db, [bundleId], userId);
  if (!bundle) throw new Refusal(BUNDLE_NOT_AVAILABLE, "not-found");
  return bundle;
}

/** The published bundles that hold this product (its page offers them), each priced for the buyer. */
export async function bundlesWithProduct(db: Queryable, productId: number, userId: string | null) {
  const rows = await db
    .select({ bundleId: bundleProducts.bundleId })
    .from(bundleProducts)
    .innerJoin(bundles, eq(bundles.id, bundleProducts.bundleId))
    .where(and(eq(bundleProducts.productId, productId), eq(bundles.status, "published")))
    .orderBy(asc(bundles.id));
  return bundlesOnSale(
    db,
    rows.map((row) => row.bundleId),
    userId,
  );
}
