import { servicesContext } from "@server/http/context.ts";
import { asRefusal } from "@server/http/error-answers.ts";
import { sendTestEvent } from "@server/webhooks/deliveries.ts";
import {
  addWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  setWebhookEndpointEnabled,
} from "@server/webhooks/endpoints.ts";
import { webhookEndpointFields, webhookIntentSchema } from "@shared/webhook-schema.ts";
import { data } from "react-router";
import { CodeOutcome } from "~/components/sellers/discount-code-table";
import { SellerNav } from "~/components/sellers/seller-nav";
import { Container } from "~/components/ui/page";
import { EndpointCard, EndpointForm } from "~/components/webhooks/webhook-endpoints";
import { parseIntent, parseSubmission, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireCreator, requireCreatorWhoMayAct } from "~/lib/require-creator.server";
import type { Route } from "./+types/webhooks";

// The seller's webhook endpoints: add one (a public https URL, the events it wants), see its
// signing secret, send it a test event, rotate its secret, disable or delete it; each has a
// delivery log (webhooks.$id). Everything happens in server/webhooks.

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { creator, lookOnly } = await requireCreator(request, context);
  const endpoints = await listWebhookEndpoints(context.get(servicesContext).db, creator.id);
  return {
    lookOnly,
    endpoints: endpoints.map((endpoint) => ({
      id: endpoint.id,
      url: endpoint.url,
      events: endpoint.events,
      secret: endpoint.secret,
      createdAt: endpoint.createdAt.toISOString(),
      enabled: endpoint.disabledAt === null,
    })),
  };
});

/** POST: add an endpoint (a refused URL shows beside its field), or act on one of the seller's endpoints. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { creator } = await requireCreatorWhoMayAct(request, context);
  const { db, jobs } = context.get(servicesContext);
  const form = await readForm(request);
  const asked = parseIntent(form, webhookIntentSchema);
  switch (asked.intent) {
    case "add-endpoint": {
      const submission = parseSubmission(form, webhookEndpointFields);
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      try {
        const made = await addWebhookEndpoint(db, { creatorId: creator.id, endpoint: submission.value });
        return {
          ok: true as const,
          message: `${made.url} was added. Reveal its signing secret below to check the events it is sent.`,
          result: submission.reply({ resetForm: true }),
        };
      } catch (error) {
        const refusal = asRefusal(error);
        if (!refusal) throw error;
        return data(
          { result: submission.reply({ fieldErrors: { url: [refusal.message] } }) },
          { status: refusal.status },
        );
      }
    }
    case "send-test":
      await sendTestEvent(db, { jobs, creatorId: creator.id, endpointId: asked.endpointId });
      return { ok: true as const, message: "A test event is on its way: see it in the endpoint's delivery log." };
    case "rotate-secret": {
      const endpoint = await rotateWebhookSecret(db, creator.id, asked.endpointId);
      return { ok: true as const, message: `${endpoint.url} has a new signing secret: the old one no longer signs.` };
    }
    case "disable":
    case "enable": {
      const endpoint = await setWebhookEndpointEnabled(db, {
        creatorId: creator.id,
        endpointId: asked.endpointId,
        enabled: asked.intent === "enable",
      });
      return {
        ok: true as const,
        message: `${endpoint.url} is ${asked.intent === "enable" ? "enabled" : "disabled: it is sent nothing"}.`,
      };
    }
    case "delete": {
      const endpoint = await deleteWebhookEndpoint(db, creator.id, asked.endpointId);
      return { ok: true as const, message: `${endpoint.url} was deleted with its delivery log.` };
    }
    default:
      return data({ ok: false as const, message: "Choose what to do from the page." }, { status: 400 });
  }
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Webhooks");

export default function SellerWebhooksPage({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoints } = loaderData;
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav lookOnly={loaderData.lookOnly} />
      <h2 className="mt-8 text-xl font-semibold">Webhooks</h2>
      <p className="mt-1 max-w-3xl text-muted-foreground">
        Your server hears of each sale, refund and license activation as it happens: a signed JSON POST to your
        endpoint, tried again for up to 3 days until it answers 2xx. Each event has an id: a repeat of an id you have
        already handled can be skipped.
      </p>
      <div className="mt-6 max-w-3xl">
        <EndpointForm answer={actionData} />
      </div>
      <CodeOutcome answer={actionData} />
      <h3 className="mt-10 text-lg font-semibold">Your endpoints</h3>
      {endpoints.length === 0 ? (
        <p className="mt-3 text-muted-foreground">No endpoints yet. Add one above.</p>
      ) : (
        <ul className="mt-3 flex max-w-3xl flex-col gap-4">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id}>
              <EndpointCard endpoint={endpoint} />
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
