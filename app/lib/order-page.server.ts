import { servicesContext } from "@server/http/context.ts";
import type { OrderViewer } from "@server/orders/find-order.ts";
import { findOrderFor } from "@server/orders/find-order.ts";
import { loadOrderPage } from "@server/orders/order-page.ts";
import { refundRequestSchema, requestRefund } from "@server/orders/refunds.ts";
import { data, type RouterContextProvider } from "react-router";
import { parseForm, readForm } from "~/lib/form.server";
import { formAction, refusalResponse } from "~/lib/refusal.server";

// The order page's loader and action, for an account's order (/account/orders/N) and a guest's
// (/orders/N?access=...): the two differ only in who the viewer is.

type Args = { request: Request; params: { number?: string }; context: Readonly<RouterContextProvider> };

export async function orderPageLoader({ params, context }: Args, viewer: OrderViewer) {
  const { db, secret } = context.get(servicesContext);
  try {
    return await loadOrderPage(db, secret, params.number ?? "", viewer);
  } catch (error) {
    const answer = refusalResponse(error);
    throw data(answer.data.message, { status: answer.init?.status ?? 404 });
  }
}

/** The buyer asks for a refund of one item. */
export const orderPageAction = (args: Args, viewer: OrderViewer) =>
  formAction(async ({ request, params, context }: Args) => {
    const { db, secret } = context.get(servicesContext);
    const order = await findOrderFor(db, secret, params.number ?? "", viewer);
    await requestRefund(db, order, parseForm(await readForm(request), refundRequestSchema));
    return { ok: true as const, message: "Your refund request was sent. We review requests within 24 hours." };
  })(args);
