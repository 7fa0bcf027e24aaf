import { servicesContext } from "@server/http/context.ts";
import { asRefusal } from "@server/http/error-answers.ts";
import { createApiKey, listApiKeys, MAX_ACTIVE_API_KEYS, revokeApiKey } from "@server/sellers/api-keys.ts";
import { apiKeySchema } from "@shared/api-key-schema.ts";
import { recordIdField } from "@shared/record-id.ts";
import { data, Link } from "react-router";
import { z } from "zod";
import { FormStatus } from "~/components/account/form-status";
import { ApiKeyForm, ApiKeyTable, NewApiKey } from "~/components/developers/api-keys";
import { SellerNav } from "~/components/sellers/seller-nav";
import { Container } from "~/components/ui/page";
import { parseIntent, parseSubmission, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireCreator, requireCreatorWhoMayAct } from "~/lib/require-creator.server";
import type { Route } from "./+types/api-keys";

// The seller's keys for the public API (server/public-api/, docs/public-api.md): create one (shown
// once), see which are in use and when each was last used, revoke one.

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { creator, lookOnly } = await requireCreator(request, context);
  const keys = await listApiKeys(context.get(servicesContext).db, creator.id);
  return {
    lookOnly,
    keys: keys.map((key) => ({
      ...key,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    })),
    // Sent, not imported by the page: server/sellers/api-keys.ts would take its database code into the browser.
    maxKeys: MAX_ACTIVE_API_KEYS,
  };
});

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }),
  z.object({ intent: z.literal("revoke"), keyId: recordIdField("Choose one of your keys.") }),
]);

/** POST: create a key (its answer carries the key, this once), or revoke one. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { creator } = await requireCreatorWhoMayAct(request, context);
  const { db } = context.get(servicesContext);
  const form = await readForm(request);
  const asked = parseIntent(form, intentSchema);
  if (asked.intent === "revoke") {
    const { name } = await revokeApiKey(db, creator.id, asked.keyId);
    return { ok: true as const, message: `“${name}” was revoked: requests with it are refused from now on.` };
  }
  const submission = parseSubmission(form, apiKeySchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const made = await createApiKey(db, creator.id, submission.value);
    return {
      ok: true as const,
      message: `The key “${made.name}” was created.`,
      created: { name: made.name, key: made.key },
      result: submission.reply({ resetForm: true }),
    };
  } catch (error) {
    const refusal = asRefusal(error);
    if (!refusal) throw error;
    return data({ result: submission.reply({ formErrors: [refusal.message] }) }, { status: refusal.status });
  }
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "API keys");

export default function SellerApiKeysPage({ loaderData, actionData }: Route.ComponentProps) {
  const { keys, maxKeys } = loaderData;
  const outcome = actionData && "message" in actionData ? actionData : undefined;
  const created = actionData && "created" in actionData ? actionData.created : undefined;
  const full = keys.length >= maxKeys;
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav lookOnly={loaderData.lookOnly} />
      <h2 className="mt-8 text-xl font-semibold">API keys</h2>
      <p className="mt-1 max-w-3xl text-muted-foreground">
        Keys let your own tools use the Seller API: read your products, sales and payouts, and with a write key create
        and publish products. See the{" "}
        <Link to="/developers/api" className="underline">
          API reference
        </Link>{" "}
        for every operation with examples.
      </p>
      <div className="mt-6 flex max-w-3xl flex-col gap-6">
        {created ? <NewApiKey name={created.name} apiKey={created.key} /> : null}
        {outcome && !created ? <FormStatus result={outcome} /> : null}
        {full ? (
          <p className="rounded-md bg-muted p-3 text-sm">
            You have {maxKeys} keys, the most a shop may hold. Revoke one you no longer use to create another.
          </p>
        ) : null}
        <ApiKeyForm answer={actionData} disabled={full} />
      </div>
      <h3 className="mt-10 text-lg font-semibold">
        Your keys{" "}
        <span className="text-sm font-normal text-muted-foreground">
          ({keys.length} of {maxKeys})
        </span>
      </h3>
      <ApiKeyTable keys={keys} />
    </Container>
  );
}
