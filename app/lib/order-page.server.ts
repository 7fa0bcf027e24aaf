import { servicesContext } from "@server/http/context.ts";
import { asRefusal } from "@server/http/error-answers.ts";
import { cancelFromPaymentPage, cancelRequestIn } from "@server/orders/cancel-payment.ts";
import { checkoutSchema } from "@server/orders/checkout-schema.ts";
import type { OrderViewer } from "@server/orders/find-order.ts";
import { findOrderFor } from "@server/orders/find-order.ts";
import { loadOrderPage } from "@server/orders/order-page.ts";
import { applyOrderPageIntent, orderPageIntentSchema } from "@server/orders/order-page-intents.ts";
import type { Order } from "@server/orders/place-order.ts";
import { licenseUpgradeSchema } from "@shared/license-upgrade-schema.ts";
import { data, type RouterContextProvider, redirect } from "react-router";
import { parseIntent, parseSubmission, readForm } from "~/lib/form.server";
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
        await cancelFromPaymentPage(
          services,
          await findOrderFor(services.db, { secret: services.secret, orderNumber: number, viewer }),
        );
      // The page itself, so that a reload cancels nothing again.
      return redirect(cancel.pageUrl);
    }
    return await loadOrderPage(services.db, { secret: services.secret, orderNumber: number, viewer });
  } catch (error) {
    const answer = refusalResponse(error);
    throw data(answer.data.message, { status: answer.init?.status ?? 404 });
  }
}

/**
 * The buyer asks for a refund of one item, pays again for an order that ended unpaid, or upgrades
 * an item's licence.
 */
export const orderPageAction = (args: Args, viewer: OrderViewer) =>
  formAction(async ({ request, params, context }: Args) => {
    const services = context.get(servicesContext);
    const order = await findOrderFor(services.db, {
      secret: services.secret,
      orderNumber: params.number ?? "",
      viewer,
    });
    const form = await readForm(request);
    if (form.get("intent") === "upgrade") return upgradeAction(services, order, form);
    const outcome = await applyOrderPageIntent(services, order, parseIntent(form, orderPageIntentSchema));
    if ("redirectTo" in outcome) return redirect(outcome.redirectTo);
    return { ok: true as const, message: outcome.message };
  })(args);

/**
 * The upgrade form (decision 029): its tier and seats checked by the form's schema, each problem
 * beside its field; a refusal (nothing to upgrade, a tier no longer sold) beside the form; what was
 * chosen kept either way. `upgradeOf` names the item whose form the answer is for.
 */
async function upgradeAction(services: Parameters<typeof applyOrderPageIntent>[0], order: Order, form: FormData) {
  const upgradeOf = String(form.get("orderItemId") ?? "");
  const submission = parseSubmission(form, licenseUpgradeSchema);
  if (submission.status !== "success") return data({ upgradeOf, result: submission.reply() }, { status: 400 });
  // The key is the page view's; with the choice in it, changing the choice after a first submission
  // (the back button) makes another order rather than returning the first one.
  // A key the checkout would refuse is left as it is, for it to refuse; a good one keeps within its 64 characters.
  const key = form.get("idempotencyKey");
  if (checkoutSchema.shape.idempotencyKey.safeParse(key).success) {
    form.set("idempotencyKey", `${String(key).slice(0, 48)}-${submission.value.tier}-${submission.value.seats}`);
  }
  try {
    const outcome = await applyOrderPageIntent(services, order, parseIntent(form, orderPageIntentSchema));
    if ("redirectTo" in outcome) return redirect(outcome.redirectTo);
    return { upgradeOf, result: submission.reply({ formErrors: [outcome.message] }) };
  } catch (error) {
    const refusal = asRefusal(error);
    if (!refusal) throw error;
    return data({ upgradeOf, result: submission.reply({ formErrors: [refusal.message] }) }, { status: refusal.status });
  }
}
