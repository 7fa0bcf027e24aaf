import { and, eq } from "drizzle-orm";
import type { LicenseTier } from "../../shared/license-tiers.ts";
import { licenses, orderItems } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { type CheckoutServices, checkout } from "./checkout.ts";
import { type Order, whereaboutsOfOrder } from "./place-order.ts";

export const NO_LICENSE_TO_UPGRADE = "This item has no license to upgrade.";

/**
 * "Upgrade" on an order's page: a new order of one line, the licence of `orderItemId` (an item of
 * `order`, already found for this viewer) moved to `tier` and `seats` for the difference, for the
 * same buyer; `idempotencyKey` comes with the form, so a repeated click makes one order. Answers
 * where the buyer goes next: the payment page, or the new order's page when nothing is to pay.
 */
export async function upgradeLicense(
  services: CheckoutServices,
  order: Order,
  input: { orderItemId: number; tier: LicenseTier; seats: number; idempotencyKey: string },
): Promise<string> {
  const [license] = await services.db
    .select({ id: licenses.id })
    .from(licenses)
    .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
    .where(and(eq(orderItems.id, input.orderItemId), eq(orderItems.orderId, order.id)));
  if (!license) throw new Refusal(NO_LICENSE_TO_UPGRADE, "not-found");
  const started = await checkout(services, {
    shopperId: order.shopperId,
    buyer: { userId: order.userId, name: order.customerName, email: order.email },
    idempotencyKey: input.idempotencyKey,
    // Taxed where the buyer was taxed for the licence's order.
    whereabouts: whereaboutsOfOrder(order, services.clientAddress),
    upgrade: { licenseId: license.id, tier: input.tier, seats: input.seats },
  });
  return started.paymentUrl ?? started.orderPath;
}
