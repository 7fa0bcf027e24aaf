import { z } from "zod";
import { parseIntent } from "../lib/form-fields.ts";
import type { CheckoutServices } from "./checkout.ts";
import { checkoutSchema } from "./checkout-schema.ts";
import { payAgain } from "./pay-again.ts";
import type { Order } from "./place-order.ts";
import { refundRequestSchema, requestRefund } from "./refunds.ts";

// What a buyer asks for on an order's page (an account's or a guest's): a refund of one item, or
// paying again for an order that ended unpaid. Any other intent is refused.

const orderPageIntentSchema = z.discriminatedUnion("intent", [
  refundRequestSchema.extend({ intent: z.literal("refund") }),
  z.object({ intent: z.literal("pay-again"), idempotencyKey: checkoutSchema.shape.idempotencyKey }),
]);

const REFUND_REQUEST_SENT = "Your refund request was sent. We review requests within 24 hours.";

/**
 * Carries out the order page's form on `order` (already found for this viewer): where to send the
 * buyer next (the payment page), or what to tell them.
 */
export async function applyOrderPageIntent(
  services: CheckoutServices,
  order: Order,
  form: FormData,
): Promise<{ redirectTo: string } | { message: string }> {
  const input = parseIntent(form, orderPageIntentSchema);
  switch (input.intent) {
    case "pay-again":
      return { redirectTo: await payAgain(services, order, input.idempotencyKey) };
    case "refund":
      await requestRefund(services.db, order, input);
      return { message: REFUND_REQUEST_SENT };
  }
}
