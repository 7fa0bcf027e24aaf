import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { appealSchema } from "@shared/appeal-schema.ts";
import { formatDay } from "@shared/enforcement.ts";
import { Form } from "react-router";
import { TextareaField, useSchemaForm } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";

/** The appeal of one action on the seller's shop: why it should be withdrawn, until its last day. */
export function AppealForm({
  actionId,
  appealBy,
  busy,
  lastResult,
}: {
  actionId: number;
  appealBy: string;
  busy: boolean;
  /** The action's Conform reply, when it answers this form (what was typed and its problem). */
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useSchemaForm(appealSchema, {
    id: `appeal-${actionId}`,
    lastResult,
    defaultValue: { actionId: String(actionId) },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
      <input type="hidden" name={fields.actionId.name} value={actionId} />
      <TextareaField
        field={fields.message}
        label="Appeal this action"
        hint={`Tell us why this action should be withdrawn (20 to 2000 characters). You can appeal until ${formatDay(appealBy)}.`}
        rows={4}
      />
      <Button type="submit" className="self-start" disabled={busy}>
        Send appeal
      </Button>
    </Form>
  );
}

/** The reply meant for the appeal form of `actionId` (a page shows one form per action). */
export function appealReplyFor(reply: SubmissionResult<string[]> | undefined, actionId: number) {
  return reply?.initialValue?.actionId === String(actionId) ? reply : undefined;
}
