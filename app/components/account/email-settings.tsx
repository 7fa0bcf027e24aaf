import { getFormProps } from "@conform-to/react";
import type { CurrentUser } from "@server/accounts/current-user.ts";
import { changeEmailSchema } from "@shared/account-credentials-schema.ts";
import { Form } from "react-router";
import { InputField, replyOf, useSchemaForm } from "~/components/forms/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormStatus } from "./form-status";
import { outcomeOf, type SectionAnswer } from "./section-answer";

/**
 * Settings: the account's email address, whether it is confirmed (with a new confirmation link on
 * request), and a change of address, which takes effect through a link sent to the new one.
 */
export function EmailSettings({
  user,
  confirmation,
  change,
  saving,
}: {
  user: Pick<CurrentUser, "email" | "emailVerified">;
  /** The answer to "Send a new confirmation link". */
  confirmation: SectionAnswer | undefined;
  /** The answer to "Change email": a sent link empties the form. */
  change: SectionAnswer | undefined;
  saving: boolean;
}) {
  const [form, fields] = useSchemaForm(changeEmailSchema, { lastResult: replyOf(change) });
  return (
    <Card className="mt-6 p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold">Email address</h2>
        {user.emailVerified ? (
          <Badge variant="success">Confirmed</Badge>
        ) : (
          <Badge variant="neutral">Not confirmed</Badge>
        )}
      </div>
      <p className="mt-2 text-sm text-muted-foreground">
        {user.emailVerified
          ? `Receipts and account messages go to ${user.email}.`
          : `Please confirm ${user.email} with the link we emailed you, so that you can also sign in with Google.`}
      </p>
      {user.emailVerified ? null : (
        <Form method="post" className="mt-4 grid gap-4">
          <FormStatus result={outcomeOf(confirmation)} />
          <input type="hidden" name="intent" value="resend-confirmation" />
          <div>
            <Button type="submit" variant="outline" disabled={saving}>
              Send a new confirmation link
            </Button>
          </div>
        </Form>
      )}
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4">
        <FormStatus result={outcomeOf(change)} />
        <input type="hidden" name="intent" value="change-email" />
        <InputField field={fields.newEmail} label="New email address" type="email" autoComplete="email" />
        <div>
          <Button type="submit" disabled={saving}>
            Change email
          </Button>
        </div>
      </Form>
    </Card>
  );
}
