import { type FieldMetadata, getFormProps, getInputProps } from "@conform-to/react";
import { deleteAccountSchema } from "@shared/account-credentials-schema.ts";
import type { ComponentProps } from "react";
import { Form } from "react-router";
import { replyOf, useSchemaForm } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
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
        <AnnouncedInputField field={fields.password} label="Password" type="password" autoComplete="current-password" />
        <AnnouncedInputField field={fields.confirmation} label="Type DELETE to confirm" autoComplete="off" />
        <div>
          <Button type="submit" variant="destructive" disabled={saving}>
            Delete my account
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/**
 * InputField (ui/form-field.tsx) whose problem is announced as it appears (role="alert"): a
 * refused deletion has always been an alert in this section, for a step that cannot be undone.
 * The house FieldError has no role, so this section lays its fields out itself, the same way.
 */
function AnnouncedInputField({
  field,
  label,
  type = "text",
  ...props
}: { field: FieldMetadata<unknown>; label: string; type?: "text" | "password" } & Omit<
  ComponentProps<"input">,
  "name" | "id" | "defaultValue" | "form" | "type"
>) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={field.id}>{label}</Label>
      <Input {...getInputProps(field, { type })} key={field.key} {...props} />
      {field.errors?.length ? (
        <p id={field.errorId} role="alert" className="text-sm text-destructive">
          {field.errors[0]}
        </p>
      ) : null}
    </div>
  );
}
