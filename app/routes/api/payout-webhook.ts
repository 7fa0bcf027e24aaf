import { servicesContext } from "@server/http/context.ts";
import { asRefusal } from "@server/http/error-answers.ts";
import { WebhookRejected } from "@server/payments/provider.ts";
import { recordTransferReturn } from "@server/payouts/payout-returns.ts";
import { type OnTransferEvent, receivePayoutEvent } from "@server/payouts/receive-payout-event.ts";
import { destinationChangeServices } from "~/lib/payout-account.server";
import type { Route } from "./+types/payout-webhook";

/**
 * POST: an event of the payment provider about the sellers' connected accounts and transfers
 * (Stripe Connect's, or the hosted stand-in's). A delivery that is not genuine is answered 400; a
 * body past the bound 413; any genuine one 200 once applied, so an acknowledged event is never
 * lost; a failure to apply it (the provider cannot be read back) is an error, and the provider
 * delivers it again.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { db, jobs, payouts, logger } = services;
  if (params.provider !== payouts.name) return Response.json({ error: "Unknown payment provider" }, { status: 404 });
  // Money of a sent payout that came back: on the seller's ledger once (payout-returns.ts).
  const onTransferEvent: OnTransferEvent = async ({ provider, event }) => {
    const returned = await recordTransferReturn({ db, jobs }, event);
    if (returned.outcome === "unknown-transfer") {
      logger.warn({ provider, event }, "A transfer event names a transfer no payout of the shop has");
    }
  };
  let received: Awaited<ReturnType<typeof receivePayoutEvent>>;
  try {
    received = await receivePayoutEvent(db, {
      payouts,
      rawBody: await request.text(),
      headers: request.headers,
      onTransferEvent,
      destinationChanges: destinationChangeServices(services),
      logger,
    });
  } catch (error) {
    if (error instanceof WebhookRejected) return Response.json({ error: error.message }, { status: 400 });
    // A body past the bound (BODY_LIMIT), or a value the database cannot hold: refused, nothing stored.
    const refusal = asRefusal(error);
    if (refusal) return Response.json({ error: refusal.message }, { status: refusal.status });
    throw error;
  }
  return Response.json({ received: true, outcome: received.outcome });
}
