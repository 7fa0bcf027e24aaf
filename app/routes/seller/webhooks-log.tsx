import { assertMayActForShop } from "@server/accounts/shared-demo-accounts.ts";
import { servicesContext } from "@server/http/context.ts";
import { deliveryLog, redeliver } from "@server/webhooks/deliveries.ts";
import { sellersEndpoint } from "@server/webhooks/endpoints.ts";
import { parseRecordId } from "@shared/record-id.ts";
import { webhookIntentSchema } from "@shared/webhook-schema.ts";
import { data, Link } from "react-router";
import { CodeOutcome } from "~/components/sellers/discount-code-table";
import { SellerNav } from "~/components/sellers/seller-nav";
import { Container } from "~/components/ui/page";
import { DeliveryLog } from "~/components/webhooks/delivery-log";
import { parseIntent, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireCreator } from "~/lib/require-creator.server";
import type { Route } from "./+types/webhooks-log";

// One endpoint's delivery log: its latest events, where each stands, every attempt's answer, and
// Redeliver. Only the seller's own endpoint: another's is "not found".

async function endpointOf({ request, context, params }: Route.LoaderArgs | Route.ActionArgs) {
  const { creator, user, lookOnly } = await requireCreator(request, context);
  const { db } = context.get(servicesContext);
  const id = parseRecordId(params.id);
  if (id === undefined) throw data("There is no such endpoint.", { status: 404 });
  const endpoint = await sellersEndpoint(db, creator.id, id).catch(() => {
    throw data("There is no such endpoint.", { status: 404 });
  });
  return { creator, user, lookOnly, endpoint };
}

export const loader = pageLoader(async (args: Route.LoaderArgs) => {
  const { creator, endpoint, lookOnly } = await endpointOf(args);
  const deliveries = await deliveryLog(args.context.get(servicesContext).db, creator.id, endpoint.id);
  return {
    lookOnly,
    endpoint: { id: endpoint.id, url: endpoint.url, enabled: endpoint.disabledAt === null },
    deliveries: deliveries.map((delivery) => ({
      ...delivery,
      createdAt: delivery.createdAt.toISOString(),
      nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
      tries: delivery.tries.map((attempt) => ({ ...attempt, createdAt: attempt.createdAt.toISOString() })),
    })),
  };
});

/** POST: Redeliver one of this endpoint's deliveries. */
export const action = formAction(async (args: Route.ActionArgs) => {
  const { creator, user } = await endpointOf(args);
  assertMayActForShop(args.context.get(servicesContext).shopMode, user);
  const asked = parseIntent(await readForm(args.request), webhookIntentSchema);
  if (asked.intent !== "redeliver") {
    return data({ ok: false as const, message: "Choose what to do from the page." }, { status: 400 });
  }
  const { db, jobs } = args.context.get(servicesContext);
  await redeliver(db, { jobs, creatorId: creator.id, deliveryId: asked.deliveryId });
  return { ok: true as const, message: "The event is being sent again: reload to see how it went." };
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Webhook delivery log");

export default function WebhookLogPage({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoint, deliveries } = loaderData;
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav lookOnly={loaderData.lookOnly} />
      <p className="mt-8 text-sm">
        <Link to="/seller/webhooks" className="text-primary underline-offset-4 hover:underline">
          ← All endpoints
        </Link>
      </p>
      <h2 className="mt-2 text-xl font-semibold">Delivery log</h2>
      <p className="mt-1 font-mono text-sm break-all">{endpoint.url}</p>
      {endpoint.enabled ? null : (
        <p className="mt-2 text-sm text-muted-foreground">This endpoint is disabled: it is sent nothing.</p>
      )}
      <CodeOutcome answer={actionData} />
      <DeliveryLog deliveries={deliveries} />
    </Container>
  );
}
