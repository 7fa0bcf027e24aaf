import { type RequestServices, servicesContext } from "@server/http/context.ts";
import { parseIntent } from "@server/lib/form-fields.ts";
import { cancelPayment, cancelRequestIn } from "@server/orders/cancel-payment.ts";
import { checkoutSchema } from "@server/orders/checkout-schema.ts";
import type { OrderViewer } from "@server/orders/find-order.ts";
import { findOrderFor } from "@server/orders/find-order.ts";
import { loadOrderPage } from "@server/orders/order-page.ts";
import { payAgain } from "@server/orders/pay-again.ts";
import { refundRequestSchema, requestRefund } from "@server/orders/refunds.ts";
import { data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { readForm } from "~/lib/form.server";
import { formAction, refusalResponse } from "~/lib/refusal.server";

// The order page's loader and action, for an account's order (/account/orders/N) and a guest's
// (/orders/N?access=...): the two differ only in who the viewer is.

type Args = { request: Request; params: { number?: string }; context: Readonly<RouterContextProvider> };

export async function orderPageLoader({ request, params, context }: Args, viewer: OrderViewer) {
  const services = context.get(servicesContext);
  const number = params.number ?? "";
  try {
    const cancel = cancelRequestIn(services.secret, number, new URL(request.url));
    if (cancel) {
      if (cancel.genuine) await cancelFromPaymentPage(services, number, viewer);
      // The page itself, so that a reload cancels nothing again.
      return redirect(cancel.pageUrl);
    }
    return await loadOrderPage(services.db, services.secret, number, viewer);
  } catch (error) {
    const answer = refusalResponse(error);
    throw data(answer.data.message, { status: answer.init?.status ?? 404 });
  }
}

/** The buyer gave up on the payment page: the provider sent them to the cancel address. */
async function cancelFromPaymentPage(services: RequestServices, number: string, viewer: OrderViewer) {
  const order = await findOrderFor(services.db, services.secret, number, viewer);
  try {
    await cancelPayment(services, order);
  } catch (error) {
    // The provider could not be asked to close the session: the order stays payable, and the page
    // says it waits for the payment; the expiry job ends it when the session's time is up.
    services.logger.warn({ err: error, order: order.number }, "Could not cancel the payment of an order");
  }
}

const orderPageIntents = z.discriminatedUnion("intent", [
  refundRequestSchema.extend({ intent: z.literal("refund") }),
  z.object({ intent: z.literal("pay-again"), idempotencyKey: checkoutSchema.shape.idempotencyKey }),
]);

/** The buyer asks for a refund of one item, or pays again for an order that ended unpaid. */
export const orderPageAction = (args: Args, viewer: OrderViewer) =>
  formAction(async ({ request, params, context }: Args) => {
    const services = context.get(servicesContext);
    const order = await findOrderFor(services.db, services.secret, params.number ?? "", viewer);
    const input = parseIntent(await readForm(request), orderPageIntents);
    if (input.intent === "pay-again") return redirect(await payAgain(services, order, input.idempotencyKey));
    await requestRefund(services.db, order, input);
    return { ok: true as const, message: "Your refund request was sent. We review requests within 24 hours." };
  })(args);
