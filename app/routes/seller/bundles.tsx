import { servicesContext } from "@server/http/context.ts";
import { useEffect } from "react";
import { FormStatus } from "~/components/account/form-status";
import { BundleForm } from "~/components/bundles/bundle-form";
import { SellerBundleList } from "~/components/bundles/seller-bundle-list";
import { SellerNav } from "~/components/sellers/seller-nav";
import { Container } from "~/components/ui/page";
import { doneIn, refusedIn } from "~/lib/action-result";
import { bundlePageAction, sellerBundlesData } from "~/lib/bundle-pages.server";
import { readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireCreator, requireCreatorWhoMayAct } from "~/lib/require-creator.server";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/bundles";

// The seller's bundles: some of their products at one price. Make one (a draft), publish it, take
// it off sale, delete it; each opens in its own editor (/seller/bundles/:id).

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { creator, lookOnly } = await requireCreator(request, context);
  const { db } = context.get(servicesContext);
  return {
    lookOnly,
    ...(await sellerBundlesData(db, creator.id)),
    deleted: new URL(request.url).searchParams.has("deleted"),
  };
});

/** POST: make a bundle, or publish, unpublish or delete one. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { creator } = await requireCreatorWhoMayAct(request, context);
  const { db } = context.get(servicesContext);
  return bundlePageAction(db, creator.id, await readForm(request));
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Bundles");

export default function SellerBundlesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { bundles, choices, deleted } = loaderData;
  // What worked is said where the seller is (a toast); a refused button above the list.
  useEffect(() => {
    const done = doneIn(actionData);
    if (done) toast.success(done.message);
  }, [actionData]);
  // A refused button (publish, unpublish, delete), in sight above the list.
  const refusal = refusedIn(actionData);
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
