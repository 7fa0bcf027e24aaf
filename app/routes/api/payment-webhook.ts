import { servicesContext } from "@server/http/context.ts";
import { asRefusal } from "@server/http/error-answers.ts";
import { WebhookRejected } from "@server/payments/provider.ts";
import { receivePaymentEvent } from "@server/payments/receive-payment-event.ts";
import type { Route } from "./+types/payment-webhook";

/**
 * POST: an event from the payment provider. It is verified against the raw body, then recorded
 * and applied in one transaction before the 200, so an event the shop acknowledged is never
 * lost; anything else gets an error and the provider delivers it again.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, jobs, payments } = context.get(servicesContext);
  if (params.provider !== payments.name) return Response.json({ error: "Unknown payment provider" }, { status: 404 });
  let event: ReturnType<typeof payments.verifyWebhook>;
  try {
    event = payments.verifyWebhook(await request.text(), request.headers);
  } catch (error) {
    if (error instanceof WebhookRejected) return Response.json({ error: error.message }, { status: 400 });
    // A body past the bound (BODY_LIMIT) is refused before it is read whole, signed or not.
    const refusal = asRefusal(error);
    if (refusal) return Response.json({ error: refusal.message }, { status: refusal.status });
    throw error;
  }
  try {
    // Asked of the provider before the transaction, so that no row stays locked while it answers.
    const detailed = await payments.withCardCountry(event);
    const received = await receivePaymentEvent(db, { jobs, provider: payments.name, event: detailed });
    return Response.json({ received: true, duplicate: !received.firstTime });
  } catch (error) {
    // A value the database cannot hold (a NUL in a signed field): refused, and nothing recorded.
    const refusal = asRefusal(error);
    if (refusal) return Response.json({ error: refusal.message }, { status: refusal.status });
    throw error;
  }
}
