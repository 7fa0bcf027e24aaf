import { getCollectionProps, getFormProps, type SubmissionResult } from "@conform-to/react";
import { payoutSettingsSchema } from "@shared/payout-settings-schema.ts";
import { PAYOUT_METHOD_NAMES } from "@shared/shop-facts.ts";
import { Form, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { FieldError, InputField, useSchemaForm } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

type PayoutMethod = keyof typeof PAYOUT_METHOD_NAMES;

/** How the seller is paid: the method, then the PayPal address or the bank account's last 4 digits. */
export function PayoutSettingsForm({
  settings,
  lastResult,
  result,
}: {
  settings: { method: PayoutMethod; destination: string } | null;
  /** The action's Conform reply: each field's problem and what was typed. */
  lastResult: SubmissionResult<string[]> | undefined;
  /** The saved settings' thanks, or a refusal. */
  result: { ok: boolean; message: string } | undefined;
}) {
  const saving = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(payoutSettingsSchema, {
    lastResult,
    defaultValue: { method: settings?.method ?? "paypal" },
  });
  const method = fields.method.value ?? "paypal";
  const methods = Object.keys(PAYOUT_METHOD_NAMES) as PayoutMethod[];
  return (
    <Card className="h-fit p-6">
      <h2 className="text-xl font-semibold">Payout settings</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {settings
          ? `Now: ${PAYOUT_METHOD_NAMES[settings.method]} (${settings.destination}).`
          : "Choose how you want to be paid; without it, payouts wait."}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={fields.method.errors ? fields.method.errorId : undefined}
        >
          <legend className="text-sm font-medium">Payout method</legend>
          {getCollectionProps(fields.method, { type: "radio", options: methods }).map(({ key, ...props }) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input {...props} className="size-4 accent-primary" />
              {PAYOUT_METHOD_NAMES[props.value as PayoutMethod]}
            </label>
          ))}
          <FieldError field={fields.method} />
        </fieldset>
        {method === "paypal" ? (
          <InputField field={fields.paypalEmail} label="PayPal email" type="email" autoComplete="email" />
        ) : (
          <InputField field={fields.accountLast4} label="Last 4 digits of your bank account" inputMode="numeric" />
        )}
        <FormStatus result={result} />
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save payout settings"}
        </Button>
      </Form>
    </Card>
  );
}
