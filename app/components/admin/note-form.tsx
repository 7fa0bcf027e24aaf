import { getFormProps } from "@conform-to/react";
import { type ReactNode, useMemo } from "react";
import { Form, useActionData } from "react-router";
import { z } from "zod";
import { type IdField, SubmitButton } from "~/components/admin/post-button";
import { replyOf, TextareaField, useSchemaForm } from "~/components/forms/form-field";
import type { ButtonProps } from "~/components/ui/button";
import { cn } from "~/lib/utils";

interface NoteFormProps {
  idField: IdField;
  /** Sent as `intent` by the submit button; none when the action knows only one. */
  intent?: string;
  /** The note's field name, as the action reads it. */
  name: string;
  /** The note's rules and messages (shared/moderation-note-schema.ts), the same as the action's. */
  note: z.ZodType;
  label: string;
  submitLabel: string;
  /** A required note has a minimum length; an optional one only a maximum. */
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  variant?: ButtonProps["variant"];
  /** The form's own layout (its width in a row of forms, its margin). */
  className?: string;
  /** A line under the note that describes it (what the decision will do, say). */
  hint?: ReactNode;
  /** The id of what the submit button acts on (a card's heading), for its description. */
  submitDescribedBy?: string;
}

/**
 * An admin's decision with a written note: the row's hidden id, the labelled note and the submit
 * button. The note is checked as it is written (decision 029); the action's reply, when it refused
 * the note of this row's form, shows its problem beside the note with what was typed.
 */
export function NoteForm({
  idField,
  intent,
  name,
  note,
  label,
  submitLabel,
  required = true,
  minLength = 10,
  maxLength = 1000,
  variant = "outline",
  className,
  hint,
  submitDescribedBy,
}: NoteFormProps) {
  // Unique on a page of rows, each with a form an intent: "deny-note-12", "reason-7".
  const id = `${intent ? `${intent}-` : ""}${name}-${idField.value}`;
  const schema = useMemo(() => z.object({ [name]: note }), [name, note]);
  // Every form of the page reads the page's action answer: only the form that was sent takes it.
  const reply = replyOf(useActionData());
  const sent = reply?.initialValue;
  const ours = sent?.[idField.name] === String(idField.value) && (!intent || sent?.intent === intent);
  const [form, fields] = useSchemaForm(schema, { id, lastResult: ours ? reply : undefined });
  const field = fields[name]!;
  return (
    <Form method="post" {...getFormProps(form)} className={cn("flex flex-col gap-2", className)}>
      <input type="hidden" name={idField.name} value={idField.value} />
      <TextareaField
        field={field}
        label={label}
        hint={hint}
        required={required}
        minLength={required ? minLength : undefined}
        maxLength={maxLength}
      />
      <SubmitButton intent={intent} variant={variant} className="self-start" aria-describedby={submitDescribedBy}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
