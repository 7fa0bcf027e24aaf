import { servicesContext } from "@server/http/context.ts";
import { useEffect } from "react";
import { FormStatus } from "~/components/account/form-status";
import { BundleForm } from "~/components/bundles/bundle-form";
import { SellerBundleList } from "~/components/bundles/seller-bundle-list";
import { SellerNav } from "~/components/sellers/seller-nav";
import { Container } from "~/components/ui/page";
import { bundlePageAction, sellerBundlesData } from "~/lib/bundle-pages.server";
import { readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction } from "~/lib/refusal.server";
import { requireCreator, requireCreatorWhoMayAct } from "~/lib/require-creator.server";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/bundles";

// The seller's bundles: some of their products at one price. Make one (a draft), publish it, take
// it off sale, delete it; each opens in its own editor (/seller/bundles/:id).

export async function loader({ request, context }: Route.LoaderArgs) {
  const { creator, lookOnly } = await requireCreator(request, context);
  const { db } = context.get(servicesContext);
  return {
    lookOnly,
    ...(await sellerBundlesData(db, creator.id)),
    deleted: new URL(request.url).searchParams.has("deleted"),
  };
}

/** POST: make a bundle, or publish, unpublish or delete one. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { creator } = await requireCreatorWhoMayAct(request, context);
  const { db } = context.get(servicesContext);
  return bundlePageAction(db, creator.id, await readForm(request));
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Bundles");

/** The outcome of a button (publish, unpublish, delete) that was refused, in sight above the list. */
function refusalOf(answer: unknown) {
  if (!answer || typeof answer !== "object" || !("ok" in answer) || answer.ok) return undefined;
  return answer as { ok: false; message: string };
}

export default function SellerBundlesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { bundles, choices, deleted } = loaderData;
  // What worked is said where the seller is (a toast); a refused button above the list.
  useEffect(() => {
    if (actionData && "ok" in actionData && actionData.ok) toast.success(actionData.message);
  }, [actionData]);
  const refusal = refusalOf(actionData);
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav lookOnly={loaderData.lookOnly} />
      <h2 className="mt-8 text-xl font-semibold">Bundles</h2>
      <p className="mt-1 max-w-3xl text-muted-foreground">
        Sell some of your products together at a lower price. Buyers get every product's files and a Personal license
        for each; a buyer who owns some of them already pays only for the rest.
      </p>
      <div className="mt-6 max-w-3xl">
        <FormStatus
          result={refusal ?? (deleted && !actionData ? { ok: true, message: "The bundle was deleted." } : undefined)}
        />
      </div>
      <h3 className="mt-6 text-lg font-semibold">Your bundles</h3>
      <div className="max-w-4xl">
        <SellerBundleList bundles={bundles} />
      </div>
      <div className="mt-10 max-w-4xl">
        <BundleForm choices={choices} answer={actionData} />
      </div>
    </Container>
  );
}
