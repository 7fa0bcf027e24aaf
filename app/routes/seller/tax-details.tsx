import { servicesContext } from "@server/http/context.ts";
import { saveSellerTaxDetails, sellerTaxDetailsOf, taxDetailsFormValues } from "@server/payouts/tax-details.ts";
import { sellerTaxDetailsSchema, toTaxDetails } from "@shared/seller-tax-details-schema.ts";
import { data, Link } from "react-router";
import { replyOf } from "~/components/forms/form-field";
import { SellerNav } from "~/components/sellers/seller-nav";
import { TaxDetailsForm } from "~/components/sellers/tax-details-form";
import { Container } from "~/components/ui/page";
import { parseSubmission, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireCreator, requireCreatorWhoMayAct } from "~/lib/require-creator.server";
import type { Route } from "./+types/tax-details";

// /seller/earnings/tax-details: the seller's tax details, asked before the first payout and
// editable later (server/payouts/tax-details.ts).

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { creator, lookOnly } = await requireCreator(request, context);
  const saved = await sellerTaxDetailsOf(context.get(servicesContext).db, creator.id);
  return { lookOnly, saved: saved && taxDetailsFormValues(saved) };
});

/** POST: the seller's tax details, checked and saved. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { creator } = await requireCreatorWhoMayAct(request, context);
  const submission = parseSubmission(await readForm(request), sellerTaxDetailsSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await saveSellerTaxDetails(context.get(servicesContext).db, creator.id, toTaxDetails(submission.value));
  return { ok: true as const, message: "Your tax details were saved." };
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Tax details");

export default function TaxDetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav lookOnly={loaderData.lookOnly} />
      <div className="mt-8 max-w-3xl">
        <p className="text-sm">
          <Link to="/seller/earnings" className="underline">
            Earnings and payouts
          </Link>
        </p>
        <h2 className="mt-2 text-2xl font-semibold">Tax details</h2>
        <p className="mt-2 text-muted-foreground">
          {loaderData.saved
            ? "Keep these up to date: a change applies to your next payout and to what we report."
            : "We need these once, before your first payout."}{" "}
          Marketplaces report what their sellers earn to the tax authorities (in the EU under the DAC7 rules), with the
          seller's legal name, address and tax number. Only you and the shop's administrators see them; your statements
          show your name and address.
        </p>
        <div className="mt-6">
          <TaxDetailsForm
            saved={loaderData.saved}
            lastResult={replyOf(actionData)}
            result={actionData && "message" in actionData ? actionData : undefined}
            disabled={loaderData.lookOnly}
          />
        </div>
      </div>
    </Container>
  );
}
