import { getFormProps } from "@conform-to/react";
import { deleteAccountSchema, deleteAccountWithoutPasswordSchema } from "@shared/account-credentials-schema.ts";
import { Form } from "react-router";
import { InputField, replyOf, useSchemaForm } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormStatus } from "./form-status";
import { outcomeOf, type SectionAnswer } from "./section-answer";

/**
 * Settings: deleting the account for good, with its password (an account that signs in with Google
 * alone: a sign-in within the last day) and the word DELETE. `notice`: what it does to a seller's
 * shop and its money (server/accounts/account-deletion.ts), said before.
 */
export function DeleteAccountSettings({
  answer,
  saving,
  notice = [],
  hasPassword = true,
}: {
  answer: SectionAnswer | undefined;
  saving: boolean;
  notice?: readonly string[];
  hasPassword?: boolean;
}) {
  // Typed as the form with a password: without one, that field is neither shown nor checked.
  const schema = (hasPassword ? deleteAccountSchema : deleteAccountWithoutPasswordSchema) as typeof deleteAccountSchema;
  const [form, fields] = useSchemaForm(schema, { lastResult: replyOf(answer) });
  return (
    <Card className="mt-6 border-rose-200 p-6">
      <h2 className="text-xl font-semibold">Delete account</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        This signs you out everywhere and deletes your account for good. It cannot be undone. Your orders stay, no
        longer linked to you, as the record of each sale that tax law obliges us to keep; your reviews stay under
        "Former customer".{" "}
        <a href="#your-data" className="font-medium text-primary underline underline-offset-4">
          Download your data
        </a>{" "}
        first if you want a copy. We email you when it is done.
      </p>
      {notice.length > 0 ? (
        <div className="mt-3 space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {notice.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4">
        <FormStatus result={outcomeOf(answer)} />
        <input type="hidden" name="intent" value="delete-account" />
        {hasPassword ? (
          <InputField
            field={fields.password}
            label="Password"
            type="password"
            autoComplete="current-password"
            announce
          />
        ) : (
          <p className="text-sm text-muted-foreground">
            You sign in with Google, so instead of a password we ask that you signed in within the last day.
          </p>
        )}
        <InputField field={fields.confirmation} label="Type DELETE to confirm" autoComplete="off" announce />
        <div>
          <Button type="submit" variant="destructive" disabled={saving}>
            Delete my account
          </Button>
        </div>
      </Form>
    </Card>
  );
}
