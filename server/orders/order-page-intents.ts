import { z } from "zod";
import { licenseUpgradeSchema } from "../../shared/license-upgrade-schema.ts";
import { recordIdField } from "../../shared/record-id.ts";
import type { CheckoutServices } from "./checkout.ts";
import { checkoutSchema } from "./checkout-schema.ts";
import type { RefundServices } from "./decide-refund.ts";
import { payAgain } from "./pay-again.ts";
import type { Order } from "./place-order.ts";
import { refundRequestSchema, requestRefund } from "./refunds.ts";
import { upgradeLicense } from "./upgrade-license.ts";
import { type OrderPageVatServices, recheckVatNumberFromPage } from "./vat-recheck-page.ts";
import { withdrawFromOrder, withdrawnMessage } from "./withdrawal.ts";

// What a buyer asks for on an order's page (an account's or a guest's): a refund of one item,
// paying again for an order that ended unpaid, an upgrade of an item's licence, or a check again
// of their VAT number. Any other
// intent is refused by the schema, with which the route reads the form (app/lib/order-page.server.ts).

export const orderPageIntentSchema = z.discriminatedUnion("intent", [
  refundRequestSchema.extend({ intent: z.literal("refund") }),
  z.object({ intent: z.literal("pay-again"), idempotencyKey: checkoutSchema.shape.idempotencyKey }),
  licenseUpgradeSchema.extend({
    intent: z.literal("upgrade"),
    orderItemId: recordIdField("Choose the license to upgrade."),
    idempotencyKey: checkoutSchema.shape.idempotencyKey,
  }),
  // A business buyer asks VIES again about the VAT number it could not check (docs/decisions/058).
  z.object({ intent: z.literal("vat-recheck") }),
  // An EU consumer withdraws from the purchase (its confirmation step, CONFIRM_WITHDRAWAL_LABEL).
  z.object({ intent: z.literal("withdraw") }),
]);

export type OrderPageIntent = z.output<typeof orderPageIntentSchema>;

const REFUND_REQUEST_SENT = "Your refund request was sent. We review requests within 24 hours.";

/**
 * Carries out what the order page's form asks on `order` (already found for this viewer): where to
 * send the buyer next (the payment page), or what to tell them.
 */
export async function applyOrderPageIntent(
  services: CheckoutServices & RefundServices & OrderPageVatServices,
  order: Order,
  asked: OrderPageIntent,
): Promise<{ redirectTo: string } | { message: string }> {
  switch (asked.intent) {
    case "pay-again":
      return { redirectTo: await payAgain(services, order, asked.idempotencyKey) };
    case "upgrade":
      return { redirectTo: await upgradeLicense(services, order, asked) };
    case "refund":
      await requestRefund(services.db, { order, request: asked });
      return { message: REFUND_REQUEST_SENT };
    case "vat-recheck":
      return { message: await recheckVatNumberFromPage(services, order) };
    case "withdraw": {
      const { refundedCents } = await withdrawFromOrder(services, { order });
      return { message: withdrawnMessage(refundedCents) };
    }
  }
}
