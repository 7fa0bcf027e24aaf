import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { LICENSE_TERMS_VERSION } from "../../shared/license-tiers.ts";
import type { Queryable } from "../db/client.ts";
import { licenseChanges, licenses, orderItems } from "../db/schema.ts";
import { randomCharacters } from "../orders/order-number.ts";

// The licence record of each paid order item (the License page's terms, by tier and seats):
// issued when its order is paid, revoked when the item is refunded, its history kept in
// license_changes.

export type License = typeof licenses.$inferSelect;

/** A licence key the buyer can show, like `DGM-7K2Q-9XWM-C4RT-P8NE`. */
function newLicenseKey(): string {
  return ["DGM", ...Array.from({ length: 4 }, () => randomCharacters(4))].join("-");
}

/**
 * Issues a licence to every item of a paid order that buys a product (an upgrade moves the
 * licence it upgrades instead: server/licenses/upgrades.ts): its tier and seats (the line's
 * quantity), a new key and the terms version of today. Called once, inside the transaction that
 * marks it paid.
 */
export async function issueLicenses(tx: Queryable, orderId: number): Promise<void> {
  const items = await tx
    .select({ id: orderItems.id, tier: orderItems.licenseType, seats: orderItems.quantity })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNull(orderItems.upgradesLicenseId)))
    .orderBy(asc(orderItems.id));
  if (items.length === 0) return;
  const issued = await tx
    .insert(licenses)
    .values(
      items.map((item) => ({
        key: newLicenseKey(),
        orderItemId: item.id,
        tier: item.tier,
        seats: item.seats,
        termsVersion: LICENSE_TERMS_VERSION,
      })),
    )
    .returning();
  await tx.insert(licenseChanges).values(
    issued.map((license) => ({
      licenseId: license.id,
      kind: "issued" as const,
      tier: license.tier,
      seats: license.seats,
      orderItemId: license.orderItemId,
    })),
  );
}

/** Revokes the licence of a refunded order item, in the refund's transaction. */
export async function revokeLicense(tx: Queryable, orderItemId: number): Promise<void> {
  const [revoked] = await tx
    .update(licenses)
    .set({ status: "revoked", updatedAt: new Date() })
    .where(eq(licenses.orderItemId, orderItemId))
    .returning();
  if (!revoked) return;
  await tx.insert(licenseChanges).values({
    licenseId: revoked.id,
    kind: "revoked",
    tier: revoked.tier,
    seats: revoked.seats,
    orderItemId,
  });
}

/** The licences of these order items, by item id. */
export async function licensesOfItems(db: Queryable, orderItemIds: number[]): Promise<Map<number, License>> {
  if (orderItemIds.length === 0) return new Map();
  const rows = await db.select().from(licenses).where(inArray(licenses.orderItemId, orderItemIds));
  return new Map(rows.map((license) => [license.orderItemId, license]));
}

/** A licence's history, oldest first. */
export function historyOf(db: Queryable, licenseId: number) {
  return db
    .select()
    .from(licenseChanges)
    .where(eq(licenseChanges.licenseId, licenseId))
    .orderBy(asc(licenseChanges.id));
}
