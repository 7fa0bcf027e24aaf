import { codeTextOf } from "../discounts/discount-codes.ts";
import { Refusal } from "../lib/refusal.ts";
import { type CheckoutServices, checkout } from "./checkout.ts";
import { hasEndedUnpaid, isUnpaid } from "./order-status.ts";
import { itemsOf, type Order, whereaboutsOfOrder } from "./place-order.ts";

/**
 * "Pay again" on an order's page. An order that can still be paid opens its own payment page
 * (made now if the provider could not be reached before). One whose payment was cancelled or
 * expired becomes a new order of the same items for the same buyer, at the catalogue's prices now
 * (a product no longer on sale is left out); `idempotencyKey` comes with the form, so that a
 * repeated click makes one order. Answers where the buyer goes next: the payment page, or the new
 * order's page when there is nothing to pay.
 */
export async function payAgain(services: CheckoutServices, order: Order, idempotencyKey: string): Promise<string> {
  const buyer = { userId: order.userId, name: order.customerName, email: order.email };
  let started: Awaited<ReturnType<typeof checkout>>;
  if (isUnpaid(order.status)) {
    started = await checkout(services, { shopperId: order.shopperId, buyer, idempotencyKey: order.idempotencyKey });
  } else if (hasEndedUnpaid(order.status)) {
    const items = await itemsOf(services.db, order.id);
    const upgrade = items.find((item) => item.upgradesLicenseId !== null);
    // An upgrade is priced again from what the licence has now; products at their prices now,
    // with the earlier order's discount code if it still works.
    const what = upgrade
      ? {
          upgrade: { licenseId: upgrade.upgradesLicenseId!, tier: upgrade.licenseType, seats: upgrade.upgradeToSeats! },
        }
      : {
          lines: items
            .filter((item) => item.bundleId === null)
            .map((item) => ({
              productId: item.productId,
              licenseTier: item.licenseType,
              quantity: item.quantity,
              // Pay what you want: what the buyer chose before (never below today's minimum).
              chosenPriceCents: item.unitPriceCents,
            })),
          // A bundle's items: the bundle again, priced for what the buyer owns now.
          bundleIds: [...new Set(items.flatMap((item) => (item.bundleId === null ? [] : [item.bundleId])))],
          discountCode: await codeTextOf(services.db, order.discountCodeId),
        };
    const whereabouts = whereaboutsOfOrder(order, services.clientAddress);
    started = await checkout(services, { shopperId: order.shopperId, buyer, idempotencyKey, whereabouts, ...what });
  } else {
    throw new Refusal("This order has been paid already.", "conflict");
  }
  return started.paymentUrl ?? started.orderPath;
}
