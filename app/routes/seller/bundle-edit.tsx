import { servicesContext } from "@server/http/context.ts";
import { parseRecordId } from "@shared/record-id.ts";
import { useEffect } from "react";
import { Link, redirect } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { BundleForm } from "~/components/bundles/bundle-form";
import { BundleStanding, BundleStatusButtons, bundleValueLine } from "~/components/bundles/seller-bundle-list";
import { SellerNav } from "~/components/sellers/seller-nav";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/page";
import { doneIn, refusedIn } from "~/lib/action-result";
import { bundlePageAction, sellerBundleData } from "~/lib/bundle-pages.server";
import { readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireCreator, requireCreatorWhoMayAct } from "~/lib/require-creator.server";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/bundle-edit";

// One of the seller's bundles: its title, description, price and products, and where it stands.

export const loader = pageLoader(async ({ request, params, context }: Route.LoaderArgs) => {
  const { creator, lookOnly } = await requireCreator(request, context);
  const { db } = context.get(servicesContext);
  // Another seller's bundle, a deleted one or no bundle at all: a refusal, the shop's 404 page.
  return { ...(await sellerBundleData(db, creator.id, parseRecordId(params.id))), lookOnly };
});

/** POST: save the bundle, or publish, unpublish or delete it (the form names it: only the seller's own). */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { creator } = await requireCreatorWhoMayAct(request, context);
  const { db } = context.get(servicesContext);
  const answer = await bundlePageAction(db, creator.id, await readForm(request));
  if ("intent" in answer && answer.intent === "delete-bundle") return redirect("/seller/bundles?deleted=1");
  return answer;
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData ? `Edit ${loaderData.bundle.title}` : "Edit bundle");

export default function EditBundlePage({ loaderData, actionData }: Route.ComponentProps) {
  const { bundle, choices } = loaderData;
  useEffect(() => {
    const done = doneIn(actionData);
    if (done) toast.success(done.message);
  }, [actionData]);
  const refusal = refusedIn(actionData);
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav lookOnly={loaderData.lookOnly} />
      <p className="mt-8 text-sm">
        <Link to="/seller/bundles" className="underline">
          All bundles
        </Link>
      </p>
      <h2 className="mt-2 text-2xl font-semibold wrap-anywhere">{bundle.title}</h2>
      <div className="mt-4 max-w-3xl">
        <FormStatus result={refusal} />
      </div>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <BundleForm key={bundle.id} choices={choices} answer={actionData} bundle={bundle} />
        <Card className="flex flex-col gap-3 self-start p-6">
          <h3 className="text-lg font-semibold">Status</h3>
          <BundleStanding bundle={bundle} />
          <p className="text-sm text-muted-foreground">{bundleValueLine(bundle)}</p>
          <BundleStatusButtons bundle={bundle} />
        </Card>
      </div>
    </Container>
  );
}
