import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { PayoutAccountStatus } from "@server/payouts/payout-account-status.ts";
import { CONNECT_PAYOUT_ACCOUNT, connectPayoutAccountSchema, PAYOUT_COUNTRIES } from "@shared/payout-account-schema.ts";
import { Loader2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { SelectField, useSchemaForm } from "~/components/forms/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

const BUTTON = {
  connect: "Connect payout account",
  continue: "Continue setup",
  update: "Update payout account",
} as const;

const BADGE = {
  on: { variant: "success", text: "Connected" },
  attention: { variant: "bestseller", text: "Needs you" },
  off: { variant: "neutral", text: "Not connected" },
} as const;

/**
 * The seller's connected account at the payment provider: where it stands, in words, and the one
 * button that goes to the provider's page to connect it, finish it or change it.
 */
export function PayoutAccountSection({
  status,
  providerName,
  lastResult,
  result,
}: {
  status: PayoutAccountStatus;
  /** The provider as the seller knows it (Stripe). */
  providerName: string;
  /** The action's Conform reply to this form (its country). */
  lastResult: SubmissionResult<string[]> | undefined;
  /** A refusal (the demo seller, the provider away). */
  result: { ok: boolean; message: string } | undefined;
}) {
  const navigation = useNavigation();
  const going = navigation.state !== "idle" && navigation.formData?.get("intent") === CONNECT_PAYOUT_ACCOUNT;
  const [form, fields] = useSchemaForm(connectPayoutAccountSchema, {
    // Not the section's id (#payout-account): the select names its form by id (form="..."), and a
    // second element of the same id took it out of the form.
    id: "connect-payout-account-form",
    lastResult,
    defaultValue: { intent: CONNECT_PAYOUT_ACCOUNT, country: "US" },
  });
  const badge = BADGE[status.tone];
  return (
    <section id="payout-account" aria-labelledby="payout-account-heading" className="scroll-mt-24">
      <Card className="h-fit p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="payout-account-heading" className="text-xl font-semibold">
            Payout account
          </h2>
          <Badge variant={badge.variant}>{badge.text}</Badge>
        </div>
        <p className="mt-2 font-medium">{status.summary}</p>
        {status.needs ? <p className="mt-1 text-sm">{status.needs}</p> : null}
        <p className="mt-2 text-sm text-muted-foreground">
          Your payouts go to an account at {providerName}. You give your legal name and bank account to {providerName}{" "}
          on its own page; this shop never sees them.
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
          <input type="hidden" name="intent" value={CONNECT_PAYOUT_ACCOUNT} />
          {status.action === "connect" ? (
            <SelectField field={fields.country} label="Country of your bank account">
              {PAYOUT_COUNTRIES.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </SelectField>
          ) : null}
          <FormStatus result={result} />
          <Button type="submit" variant={status.action === "update" ? "outline" : "primary"} disabled={going}>
            {going ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {going ? `Opening ${providerName}...` : BUTTON[status.action]}
          </Button>
        </Form>
      </Card>
    </section>
  );
}
