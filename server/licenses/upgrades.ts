import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { isHigherTier, LICENSE_TIERS, type LicenseTier, MAX_SEATS } from "../../shared/license-tiers.ts";
import type { Queryable } from "../db/client.ts";
import { licenseChanges, licenses, orderItems, orders, products } from "../db/schema.ts";
import { DELIVERABLE_ORDER_STATUSES } from "../delivery/open-download.ts";
import { Refusal } from "../lib/refusal.ts";
import { requireTierOffered, tierPricesOf } from "./tier-prices.ts";

// Upgrading a licence the buyer has: to a higher tier, more seats, or both, for the difference
// between what the licence would cost now and what has been paid for it so far (its purchase and
// earlier upgrades, without tax). The upgrade is an order of one line, paid through the provider
// like any other; once paid the licence moves up and its history says which item paid for it.

export interface UpgradeTarget {
  licenseId: number;
  tier: LicenseTier;
  seats: number;
}

/** An upgrade priced for an order: one line of quantity 1 at the difference. */
export interface UpgradeLine {
  productId: number;
  title: string;
  creatorId: number;
  licenseTier: LicenseTier;
  priceCents: number;
  quantity: 1;
  upgradesLicenseId: number;
  upgradeToSeats: number;
}

export const NOTHING_TO_UPGRADE = "Choose a higher license or more seats than this license has.";
export const LICENSE_REFUNDED = "This license was refunded, so it cannot be upgraded.";
export const PAY_WHAT_YOU_WANT_NO_UPGRADE =
  "A pay-what-you-want license cannot be upgraded: add more copies to your cart instead.";
export const UPGRADE_OFF_SALE = "This product is no longer on sale, so its license cannot be upgraded.";

/** The items whose payment counts for a licence: its purchase and its upgrades, paid and not refunded. */
function paidItemsOf(licenseId: number, baseItemId: number) {
  return and(
    or(eq(orderItems.id, baseItemId), eq(orderItems.upgradesLicenseId, licenseId)),
    eq(orderItems.status, "active"),
    inArray(orders.status, [...DELIVERABLE_ORDER_STATUSES]),
  );
}

/** What has been paid for a licence so far, in cents, without tax: the sellers' and platform's parts. */
async function paidForLicense(db: Queryable, licenseId: number, baseItemId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${orderItems.sellerCents} + ${orderItems.platformCents}), 0)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(paidItemsOf(licenseId, baseItemId));
  return row?.cents ?? 0;
}

/**
 * The upgrade of `target.licenseId` to its tier and seats, priced now; refused when the licence
 * was refunded, the target is not above it, or the product no longer sells the tier.
 */
export async function priceUpgrade(db: Queryable, target: UpgradeTarget): Promise<UpgradeLine> {
  const [found] = await db
    .select({
      license: licenses,
      productId: products.id,
      title: products.title,
      creatorId: products.creatorId,
      status: products.status,
      priceCents: products.priceCents,
      commercialPriceCents: products.commercialPriceCents,
      extendedPriceCents: products.extendedPriceCents,
      payWhatYouWant: products.payWhatYouWant,
    })
    .from(licenses)
    .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(licenses.id, target.licenseId));
  if (!found) throw new Refusal("This license does not exist.", 404);
  const { license } = found;
  if (license.status !== "active") throw new Refusal(LICENSE_REFUNDED, 409);
  if (!Number.isInteger(target.seats) || target.seats < 1 || target.seats > MAX_SEATS) {
    throw new Refusal(`A license has 1 to ${MAX_SEATS} seats.`, 400);
  }
  const lower = isHigherTier(license.tier, target.tier) || target.seats < license.seats;
  const same = license.tier === target.tier && license.seats === target.seats;
  if (lower || same) throw new Refusal(NOTHING_TO_UPGRADE, 400);
  if (found.status !== "published") throw new Refusal(UPGRADE_OFF_SALE, 409);
  // Its buyers name the price of a Personal license, which has no tier or seat price to pay the difference to.
  if (found.payWhatYouWant) throw new Refusal(PAY_WHAT_YOU_WANT_NO_UPGRADE, 409);
  const seatPrice = requireTierOffered(tierPricesOf(found), target.tier);
  const paid = await paidForLicense(db, license.id, license.orderItemId);
  return {
    productId: found.productId,
    title: found.title,
    creatorId: found.creatorId,
    licenseTier: target.tier,
    // Never below nothing: a licence bought dearer than its upgrade costs now upgrades for free.
    priceCents: Math.max(0, seatPrice * target.seats - paid),
    quantity: 1,
    upgradesLicenseId: license.id,
    upgradeToSeats: target.seats,
  };
}

/**
 * Applies the upgrades of a just-paid order (in the fulfilment transaction): each licence moves
 * to the higher of its tier and seats and the upgrade's. A licence refunded meanwhile stays
 * revoked; its upgrade can be refunded like any item.
 */
export async function applyUpgrades(tx: Queryable, orderId: number): Promise<void> {
  const upgrades = await tx
    .select({
      id: orderItems.id,
      licenseId: orderItems.upgradesLicenseId,
      tier: orderItems.licenseType,
      seats: orderItems.upgradeToSeats,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), sql`${orderItems.upgradesLicenseId} IS NOT NULL`))
    .orderBy(asc(orderItems.id));
  for (const upgrade of upgrades) {
    const [license] = await tx.select().from(licenses).where(eq(licenses.id, upgrade.licenseId!)).for("update");
    if (license?.status !== "active") continue;
    const tier = isHigherTier(upgrade.tier, license.tier) ? upgrade.tier : license.tier;
    const seats = Math.max(license.seats, upgrade.seats!);
    await tx.update(licenses).set({ tier, seats, updatedAt: new Date() }).where(eq(licenses.id, license.id));
    await tx
      .insert(licenseChanges)
      .values({ licenseId: license.id, kind: "upgraded", tier, seats, orderItemId: upgrade.id });
  }
}

/**
 * After a refund of an upgrade item (in its transaction): the licence goes back to the highest
 * tier and seats its purchase and its other paid upgrades give.
 */
export async function undoUpgrade(tx: Queryable, upgradeItemId: number, licenseId: number): Promise<void> {
  const [license] = await tx.select().from(licenses).where(eq(licenses.id, licenseId)).for("update");
  if (license?.status !== "active") return;
  const paidFor = await tx
    .select({
      tier: orderItems.licenseType,
      seats: sql<number>`coalesce(${orderItems.upgradeToSeats}, ${orderItems.quantity})`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(paidItemsOf(license.id, license.orderItemId), ne(orderItems.id, upgradeItemId)));
  const tier = LICENSE_TIERS.findLast((candidate) => paidFor.some((item) => item.tier === candidate)) ?? "personal";
  const seats = Math.max(1, ...paidFor.map((item) => item.seats));
  await tx.update(licenses).set({ tier, seats, updatedAt: new Date() }).where(eq(licenses.id, license.id));
  await tx
    .insert(licenseChanges)
    .values({ licenseId: license.id, kind: "upgrade_refunded", tier, seats, orderItemId: upgradeItemId });
}

/** One tier an upgrade form offers: its seat price now and what the upgrade costs at `seats`. */
interface UpgradeQuote {
  tier: LicenseTier;
  seatPriceCents: number;
  /** The fewest seats that make this tier an upgrade: the licence's own, or one more for its own tier. */
  seats: number;
  /** What the buyer pays now for the upgrade to `tier` at `seats` (before tax): priceUpgrade's figure. */
  payCents: number;
}

/**
 * What the order page's upgrade form offers for a licence: the tiers at or above its own that the
 * product sells now, each priced by `priceUpgrade` (no order is made), and what has been paid so
 * far, so that the page can name the sum for other seat counts. Null when there is nothing to
 * offer: the licence refunded, the product off sale or pay what you want, nothing above it.
 */
export async function quoteUpgrades(
  db: Queryable,
  licenseId: number,
): Promise<{ paidCents: number; quotes: UpgradeQuote[] } | null> {
  const [found] = await db
    .select({
      license: licenses,
      status: products.status,
      payWhatYouWant: products.payWhatYouWant,
      priceCents: products.priceCents,
      commercialPriceCents: products.commercialPriceCents,
      extendedPriceCents: products.extendedPriceCents,
    })
    .from(licenses)
    .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(licenses.id, licenseId));
  // A pay-what-you-want product has no price per seat to upgrade to: its buyer named one.
  if (found?.license.status !== "active" || found.status !== "published" || found.payWhatYouWant) return null;
  const { license } = found;
  const prices = tierPricesOf(found);
  const quotes: UpgradeQuote[] = [];
  for (const tier of LICENSE_TIERS) {
    const seatPriceCents = prices[tier];
    if (seatPriceCents === null || isHigherTier(license.tier, tier)) continue;
    const seats = tier === license.tier ? license.seats + 1 : license.seats;
    if (seats > MAX_SEATS) continue;
    const line = await priceUpgrade(db, { licenseId, tier, seats });
    quotes.push({ tier, seatPriceCents, seats, payCents: line.priceCents });
  }
  if (quotes.length === 0) return null;
  return { paidCents: await paidForLicense(db, license.id, license.orderItemId), quotes };
}
