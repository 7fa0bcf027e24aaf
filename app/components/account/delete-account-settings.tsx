import { getFormProps } from "@conform-to/react";
import { deleteAccountSchema } from "@shared/account-credentials-schema.ts";
import { Form } from "react-router";
import { InputField, replyOf, useSchemaForm } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormStatus } from "./form-status";
import { outcomeOf, type SectionAnswer } from "./section-answer";

/** Settings: deleting the account for good, with its password and the word DELETE. */
export function DeleteAccountSettings({ answer, saving }: { answer: SectionAnswer | undefined; saving: boolean }) {
  const [form, fields] = useSchemaForm(deleteAccountSchema, { lastResult: replyOf(answer) });
  return (
    <Card className="mt-6 border-rose-200 p-6">
      <h2 className="text-xl font-semibold">Delete account</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        This signs you out everywhere and deletes your account for good. It cannot be undone.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4">
        <FormStatus result={outcomeOf(answer)} />
        <input type="hidden" name="intent" value="delete-account" />
        <InputField field={fields.password} label="Password" type="password" autoComplete="current-password" announce />
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
