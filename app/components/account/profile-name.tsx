import { getFormProps } from "@conform-to/react";
import { profileSchema } from "@shared/account-credentials-schema.ts";
import { Form } from "react-router";
import { InputField, replyOf, useSchemaForm } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormStatus } from "./form-status";
import { outcomeOf, type SectionAnswer } from "./section-answer";

/** Profile: the account's name, as the shop shows it. `sending`: the intent of the form being sent, if any. */
export function ProfileName({
  name,
  answer,
  sending,
  saving,
}: {
  name: string;
  answer: SectionAnswer | undefined;
  sending: unknown;
  saving: boolean;
}) {
  const [form, fields] = useSchemaForm(profileSchema, { lastResult: replyOf(answer), defaultValue: { name } });
  return (
    <Card className="mt-6 p-6">
      <h2 className="text-xl font-semibold">Your name</h2>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value="save-name" />
        <FormStatus result={outcomeOf(answer)} />
        <InputField field={fields.name} label="Name" autoComplete="name" />
        <div>
          <Button type="submit" disabled={saving}>
            {sending === "save-name" ? "Saving..." : "Save profile"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
