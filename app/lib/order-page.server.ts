import { servicesContext } from "@server/http/context.ts";
import { cancelFromPaymentPage, cancelRequestIn } from "@server/orders/cancel-payment.ts";
import type { OrderViewer } from "@server/orders/find-order.ts";
import { findOrderFor } from "@server/orders/find-order.ts";
import { loadOrderPage } from "@server/orders/order-page.ts";
import { applyOrderPageIntent } from "@server/orders/order-page-intents.ts";
import { data, type RouterContextProvider, redirect } from "react-router";
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
      if (cancel.genuine)
        await cancelFromPaymentPage(services, await findOrderFor(services.db, services.secret, number, viewer));
      // The page itself, so that a reload cancels nothing again.
      return redirect(cancel.pageUrl);
    }
    return await loadOrderPage(services.db, services.secret, number, viewer);
  } catch (error) {
    const answer = refusalResponse(error);
    throw data(answer.data.message, { status: answer.init?.status ?? 404 });
  }
}

/** The buyer asks for a refund of one item, or pays again for an order that ended unpaid. */
export const orderPageAction = (args: Args, viewer: OrderViewer) =>
  formAction(async ({ request, params, context }: Args) => {
    const services = context.get(servicesContext);
    const order = await findOrderFor(services.db, services.secret, params.number ?? "", viewer);
    const outcome = await applyOrderPageIntent(services, order, await readForm(request));
    if ("redirectTo" in outcome) return redirect(outcome.redirectTo);
    return { ok: true as const, message: outcome.message };
  })(args);
