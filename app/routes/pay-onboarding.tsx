import { getFormProps } from "@conform-to/react";
import { servicesContext } from "@server/http/context.ts";
import { asRefusal } from "@server/http/error-answers.ts";
import { findOnboarding, submitOnboarding } from "@server/payouts/hosted/hosted-payouts.ts";
import { TEST_BANK_ACCOUNTS } from "@server/payouts/hosted/test-bank-accounts.ts";
import { PAYOUT_COUNTRIES, payoutOnboardingSchema } from "@shared/payout-account-schema.ts";
import { Landmark, Loader2, Lock } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { InputField, replyOf, SelectField, useSchemaForm } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { parseSubmission, readForm } from "~/lib/form.server";
import { pageLoader } from "~/lib/refusal.server";
import type { Route } from "./+types/pay-onboarding";

// The payout stand-in's onboarding page (server/payouts/hosted/): it stands in for Stripe's Connect
// onboarding, and so shows none of the shop's navigation (handle.bare). The seller's legal name,
// country and bank account are taken here, by the stand-in; the shop only hears that the account
// changed, and reads its state.
export const handle = { bare: true };

const LINK_SPENT = "This link has expired or was already used. Nothing was saved: start again from the shop.";

export const loader = pageLoader(async ({ params, context }: Route.LoaderArgs) => {
  const { db, shopName } = context.get(servicesContext);
  const page = await findOnboarding(db, params.token);
  if (!page) throw data("No such link", { status: 404 });
  // As Stripe does with a spent link: back to the shop, which makes a new one.
  if (page.status !== "open") throw redirect(page.refreshUrl);
  return {
    shopName,
    displayName: page.displayName,
    email: page.email,
    country: page.country,
    legalName: page.legalName,
    bankLast4: page.bankLast4,
    returnUrl: page.returnUrl,
  };
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, jobs } = context.get(servicesContext);
  let submission: ReturnType<typeof parseSubmission<typeof payoutOnboardingSchema>>;
  try {
    submission = parseSubmission(await readForm(request), payoutOnboardingSchema);
  } catch (error) {
    // A form it cannot read: said above the form, as the page's own kind of answer.
    const refusal = asRefusal(error);
    if (!refusal) throw error;
    return data({ reason: refusal.message, refreshUrl: undefined }, { status: refusal.status });
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply(), reason: undefined, refreshUrl: undefined }, { status: 400 });
  }
  const result = await submitOnboarding(db, { jobs, token: params.token, form: submission.value });
  if (!result) throw data("No such link", { status: 404 });
  if (result.status === "submitted") return redirect(result.returnUrl);
  if (result.status === "refused") {
    // Beside the field, what was typed kept, as for any other mistake in the form.
    const result_ = submission.reply({ fieldErrors: { [result.field]: [result.reason] } });
    return data({ result: result_, reason: undefined, refreshUrl: undefined }, { status: 400 });
  }
  return data({ reason: LINK_SPENT, refreshUrl: result.refreshUrl }, { status: 410 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Set up payouts · ${loaderData.shopName} Payments` : "Set up payouts" },
  { name: "robots", content: "noindex" },
];

export default function PayoutOnboardingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { shopName, displayName, email, bankLast4 } = loaderData;
  const saving = useNavigation().state !== "idle";
  const [form, fields] = useSchemaForm(payoutOnboardingSchema, {
    id: "onboarding",
    lastResult: replyOf(actionData),
    defaultValue: { legalName: loaderData.legalName ?? "", country: loaderData.country },
  });
  const us = (fields.country.value ?? loaderData.country) === "US";
  const currentBank = bankLast4 ? `Now: the account ending ${bankLast4}. Enter it again, or another one.` : undefined;
  return (
    <div className="min-h-screen bg-muted/40 px-4 py-8 sm:py-14">
      <div className="mx-auto grid max-w-4xl items-start gap-6 md:grid-cols-2">
        <header className="md:col-span-2 flex flex-wrap items-center justify-between gap-2">
          <p className="flex items-center gap-2 text-lg font-semibold">
            <Lock className="size-5 text-primary" aria-hidden="true" />
            {shopName} Payments
          </p>
          <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">Test mode</span>
        </header>

        <Card className="p-6">
          <h1 className="flex items-center gap-2 text-xl font-semibold">
            <Landmark className="size-5 shrink-0 text-primary" aria-hidden="true" />
            Set up payouts
          </h1>
          <p className="mt-2 text-sm">
            {shopName} pays the earnings of <strong className="wrap-anywhere">{displayName}</strong> into this account.
          </p>
          <p className="mt-2 text-sm text-muted-foreground">
            For <span className="wrap-anywhere">{email}</span>. Your legal name and bank account stay with {shopName}{" "}
            Payments: the shop is only told whether payouts can reach you.
          </p>
        </Card>

        <Card className="p-6">
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
            <h2 className="text-xl font-semibold">Your details</h2>
            {actionData?.reason ? (
              <div role="alert" className="rounded-md bg-rose-50 p-3 text-sm font-medium text-rose-900">
                <p>{actionData.reason}</p>
                {actionData.refreshUrl ? (
                  <a href={actionData.refreshUrl} className="mt-1 inline-block underline">
                    Start again
                  </a>
                ) : null}
              </div>
            ) : null}
            <InputField field={fields.legalName} label="Legal name" hint="As your bank knows it." autoComplete="name" />
            <SelectField field={fields.country} label="Country of your bank account">
              {PAYOUT_COUNTRIES.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </SelectField>
            {us ? (
              <div className="grid gap-3 sm:grid-cols-2">
                <InputField
                  field={fields.routingNumber}
                  label="Routing number"
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="110000000"
                />
                <InputField
                  field={fields.accountNumber}
                  label="Account number"
                  hint={currentBank}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="000123456789"
                />
              </div>
            ) : (
              <InputField
                field={fields.iban}
                label="IBAN"
                hint={currentBank}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="DE89 3704 0044 0532 0130 00"
              />
            )}
            <Button type="submit" size="lg" disabled={saving}>
              {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {saving ? "Saving..." : `Save and return to ${shopName}`}
            </Button>
            <a href={loaderData.returnUrl} className="text-center text-sm text-muted-foreground underline">
              Return to {shopName} without saving
            </a>
            <TestBankAccounts />
          </Form>
        </Card>
      </div>
    </div>
  );
}

function TestBankAccounts() {
  return (
    <details className="rounded-md border border-border p-3 text-sm">
      <summary className="cursor-pointer font-medium">Test bank accounts</summary>
      <p className="mt-2 text-muted-foreground">
        No real bank account is used here. In the United States give a routing and an account number; elsewhere an IBAN.
      </p>
      <ul className="mt-2 flex flex-col gap-2">
        {TEST_BANK_ACCOUNTS.map((account) => (
          <li key={"iban" in account ? account.iban : account.accountNumber} className="wrap-anywhere">
            {"iban" in account ? (
              <>
                IBAN <code className="font-mono">{account.iban}</code>
              </>
            ) : (
              <>
                Routing <code className="font-mono">{account.routingNumber}</code>, account{" "}
                <code className="font-mono">{account.accountNumber}</code>
              </>
            )}{" "}
            {account.result}
          </li>
        ))}
      </ul>
    </details>
  );
}
