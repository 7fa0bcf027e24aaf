import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import {
  isHigherTier,
  LICENSE_TIER_NAMES,
  LICENSE_TIERS,
  type LicenseTier,
  MAX_SEATS,
  seatsLabel,
} from "../../shared/license-tiers.ts";
import type { Queryable } from "../db/client.ts";
import { licenseChanges, licenses, orderItems, orders, products } from "../db/schema.ts";
import { DELIVERABLE_ORDER_STATUSES } from "../delivery/open-download.ts";
import { Refusal } from "../lib/refusal.ts";
import { UNPAID } from "../orders/order-status.ts";
import { requireTierOffered, tierPricesOf } from "./tier-prices.ts";

// Upgrading a licence the buyer has: to a higher tier, more seats, or both, for the difference
// between what the licence would cost now and what has been paid for it so far (its purchase and
// earlier upgrades, without tax). The upgrade is an order of one line, paid through the provider
// like any other; once paid the licence moves up and its history says which item paid for it.
// A licence has at most one upgrade waiting for payment (openUpgradeFor), and an upgrade is applied
// only to the licence it was priced for: one paid after the licence changed is refunded
// (docs/decisions/038-one-open-upgrade-applied-as-priced.md).

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
  /** The licence as it was priced: the upgrade applies only to a licence still so. */
  upgradeFromTier: LicenseTier;
  upgradeFromSeats: number;
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
  if (!found) throw new Refusal("This license does not exist.", "not-found");
  const { license } = found;
  if (license.status !== "active") throw new Refusal(LICENSE_REFUNDED, "conflict");
  if (!Number.isInteger(target.seats) || target.seats < 1 || target.seats > MAX_SEATS) {
    throw new Refusal(`A license has 1 to ${MAX_SEATS} seats.`, "invalid");
  }
  const lower = isHigherTier(license.tier, target.tier) || target.seats < license.seats;
  const same = license.tier === target.tier && license.seats === target.seats;
  if (lower || same) throw new Refusal(NOTHING_TO_UPGRADE, "invalid");
  if (found.status !== "published") throw new Refusal(UPGRADE_OFF_SALE, "conflict");
  // Its buyers name the price of a Personal license, which has no tier or seat price to pay the difference to.
  if (found.payWhatYouWant) throw new Refusal(PAY_WHAT_YOU_WANT_NO_UPGRADE, "conflict");
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
    upgradeFromTier: license.tier,
    upgradeFromSeats: license.seats,
  };
}

/** Why an upgrade to another tier or seats is refused while one waits for payment. */
export function upgradeWaitingMessage(open: { number: string; tier: LicenseTier; seats: number }): string {
  return (
    `An upgrade of this license to ${LICENSE_TIER_NAMES[open.tier]}, ${seatsLabel(open.seats)}, is waiting for payment ` +
    `(order ${open.number}). Pay it from that order's page, or cancel it on its payment page, before choosing another upgrade.`
  );
}

/**
 * Called in the transaction that places an upgrade order, before it is priced: locks the licence's
 * row, so that upgrades of one licence are placed one after another, and finds its upgrade order
 * still waiting for payment (its payment page not yet closed). The same target answers that
 * order, so that the buyer pays on its page; another target is refused, since each upgrade is
 * priced from the licence as it is and paying both would combine them. Null when none waits.
 */
export async function openUpgradeFor(tx: Queryable, target: UpgradeTarget) {
  await tx.select({ id: licenses.id }).from(licenses).where(eq(licenses.id, target.licenseId)).for("update");
  const open = await upgradeWaitingFor(tx, target.licenseId);
  if (!open) return null;
  if (open.tier === target.tier && open.seats === target.seats) return open.order;
  throw new Refusal(
    upgradeWaitingMessage({ number: open.order.number, tier: open.tier, seats: open.seats }),
    "conflict",
  );
}

/** The licence's upgrade order still waiting for payment (its payment page not yet closed), or null. */
async function upgradeWaitingFor(db: Queryable, licenseId: number) {
  const [open] = await db
    .select({ order: orders, tier: orderItems.licenseType, seats: orderItems.upgradeToSeats })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.upgradesLicenseId, licenseId),
        inArray(orders.status, [...UNPAID]),
        or(isNull(orders.paymentExpiresAt), gt(orders.paymentExpiresAt, sql`now()`)),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  return open ? { order: open.order, tier: open.tier, seats: open.seats ?? 1 } : null;
}

/**
 * Applies the upgrades of a just-paid order (in the fulfilment transaction): each licence moves
 * to the higher of its tier and seats and the upgrade's. An upgrade whose licence is no longer
 * what it was priced for (another upgrade was applied or refunded first, or the licence was
 * refunded) is not applied: it was priced against what is no longer there, and applying it would
 * give a licence nobody paid for. Answers those items' ids, for refunding.
 */
export async function applyUpgrades(tx: Queryable, orderId: number): Promise<number[]> {
  const upgrades = await tx
    .select({
      id: orderItems.id,
      licenseId: orderItems.upgradesLicenseId,
      tier: orderItems.licenseType,
      seats: orderItems.upgradeToSeats,
      fromTier: orderItems.upgradeFromTier,
      fromSeats: orderItems.upgradeFromSeats,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), sql`${orderItems.upgradesLicenseId} IS NOT NULL`))
    .orderBy(asc(orderItems.id));
  const notApplied: number[] = [];
  for (const upgrade of upgrades) {
    const [license] = await tx.select().from(licenses).where(eq(licenses.id, upgrade.licenseId!)).for("update");
    // An upgrade bought before the priced state was kept (null) is applied as it was then.
    const asPriced =
      upgrade.fromTier === null || (license?.tier === upgrade.fromTier && license.seats === upgrade.fromSeats);
    if (license?.status !== "active" || !asPriced) {
      notApplied.push(upgrade.id);
      continue;
    }
    const tier = isHigherTier(upgrade.tier, license.tier) ? upgrade.tier : license.tier;
    const seats = Math.max(license.seats, upgrade.seats!);
    await tx.update(licenses).set({ tier, seats, updatedAt: new Date() }).where(eq(licenses.id, license.id));
    await tx
      .insert(licenseChanges)
      .values({ licenseId: license.id, kind: "upgraded", tier, seats, orderItemId: upgrade.id });
  }
  return notApplied;
}

/** Whether this upgrade item moved its licence (a paid upgrade that was not applied did not). */
export async function wasApplied(db: Queryable, upgradeItemId: number): Promise<boolean> {
  const [change] = await db
    .select({ id: licenseChanges.id })
    .from(licenseChanges)
    .where(and(eq(licenseChanges.orderItemId, upgradeItemId), eq(licenseChanges.kind, "upgraded")))
    .limit(1);
  return change !== undefined;
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
): Promise<{
  paidCents: number;
  quotes: UpgradeQuote[];
  /** An upgrade already placed and waiting for payment: the page offers to pay it, not another. */
  waiting: { order: { number: string; userId: string | null }; tier: LicenseTier; seats: number } | null;
} | null> {
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
  const [paidCents, waiting] = await Promise.all([
    paidForLicense(db, license.id, license.orderItemId),
    upgradeWaitingFor(db, license.id),
  ]);
  return { paidCents, quotes, waiting };
}
