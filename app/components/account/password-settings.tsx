import { getFormProps } from "@conform-to/react";
import { changePasswordSchema } from "@shared/account-credentials-schema.ts";
import { Form } from "react-router";
import { InputField, replyOf, useSchemaForm } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormStatus } from "./form-status";
import { NewPasswordFields } from "./new-password-fields";
import { outcomeOf, type SectionAnswer } from "./section-answer";

/** Settings: a new password, given the current one. A changed password signs the other devices out. */
export function PasswordSettings({ answer, saving }: { answer: SectionAnswer | undefined; saving: boolean }) {
  const [form, fields] = useSchemaForm(changePasswordSchema, { lastResult: replyOf(answer) });
  return (
    <Card className="mt-6 p-6">
      <h2 className="text-xl font-semibold">Change password</h2>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4">
        <FormStatus result={outcomeOf(answer)} />
        <input type="hidden" name="intent" value="change-password" />
        <InputField
          field={fields.currentPassword}
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields newPassword={fields.newPassword} confirmPassword={fields.confirmPassword} />
        <div>
          <Button type="submit" disabled={saving}>
            {saving ? "Changing..." : "Change password"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
