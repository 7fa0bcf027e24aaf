import type { ReactNode } from "react";
import { Form } from "react-router";
import { type IdField, SubmitButton } from "~/components/admin/post-button";
import type { ButtonProps } from "~/components/ui/button";
import { Label, Textarea } from "~/components/ui/input";
import { cn } from "~/lib/utils";

interface NoteFormProps {
  idField: IdField;
  /** Sent as `intent` by the submit button; none when the action knows only one. */
  intent?: string;
  /** The note's field name, as the action reads it. */
  name: string;
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

/** An admin's decision with a written note: the row's hidden id, the labelled note and the submit button. */
export function NoteForm({
  idField,
  intent,
  name,
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
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <Form method="post" className={cn("flex flex-col gap-2", className)}>
      <input type="hidden" name={idField.name} value={idField.value} />
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        name={name}
        required={required}
        minLength={required ? minLength : undefined}
        maxLength={maxLength}
        aria-describedby={hintId}
        className="min-h-20"
      />
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <SubmitButton intent={intent} variant={variant} className="self-start" aria-describedby={submitDescribedBy}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
