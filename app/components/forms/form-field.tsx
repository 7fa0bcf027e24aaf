import {
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ComponentProps, ReactNode } from "react";
import type { z } from "zod";
import { Input, Label, Textarea } from "~/components/ui/input";
import { cn } from "~/lib/utils";

// The one way the shop's forms are built (docs/decisions/029): Conform with the form's zod schema,
// checked in the browser as the person types and again by the action on the server; every field
// shows its own problem beside it, and what was typed stays after a refused submission.

/** An action's answer that Conform reads: `submission.reply()` (field errors and the typed values). */
export type FormReply = { result: SubmissionResult<string[]> };

/**
 * A form bound to `schema`: every field is checked on submit, then each again as it is corrected.
 * Not on blur: a problem appearing as a field loses focus moves the button below it, and the click
 * that made the field lose focus then misses the button. `lastResult` is the action's
 * `submission.reply()`, when there is one.
 */
export function useSchemaForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: Schema,
  options: {
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: Parameters<typeof useForm<z.input<Schema>>>[0]["defaultValue"];
    id?: string;
  } = {},
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/** The Conform reply in an action's answer, if the answer carries one. */
export function replyOf(answer: unknown): SubmissionResult<string[]> | undefined {
  return answer && typeof answer === "object" && "result" in answer
    ? (answer.result as SubmissionResult<string[]>)
    : undefined;
}

/**
 * A field's first problem, shown beside it; the field's aria-describedby names this id. `announce`
 * reads it out as it appears (role="alert"), for a step that cannot be undone.
 */
export function FieldError({ field, announce = false }: { field: FieldMetadata<unknown>; announce?: boolean }) {
  if (!field.errors?.length) return null;
  return (
    <p id={field.errorId} role={announce ? "alert" : undefined} className="text-sm text-destructive">
      {field.errors[0]}
    </p>
  );
}

function FieldFrame({
  field,
  label,
  hint,
  announce,
  className,
  children,
}: {
  field: FieldMetadata<unknown>;
  label: ReactNode;
  hint?: ReactNode;
  announce?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={field.id}>{label}</Label>
      {children}
      {hint ? (
        <p id={hintIdOf(field)} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError field={field} announce={announce} />
    </div>
  );
}

/** The id of a field's hint line, which its control names in aria-describedby. */
export function hintIdOf(field: FieldMetadata<unknown>) {
  return `${field.id}-hint`;
}

/** The control's aria-describedby: its hint, when it has one (Conform adds the problem's id). */
function describedBy(field: FieldMetadata<unknown>, hint: ReactNode) {
  return hint ? { ariaDescribedBy: hintIdOf(field) } : {};
}

/** The kinds of input a text field may be (checkboxes and radios are laid out differently). */
type TextInputType = "text" | "email" | "password" | "number" | "url" | "tel" | "search" | "date";

type FieldProps<Element> = {
  field: FieldMetadata<unknown>;
  label: ReactNode;
  hint?: ReactNode;
  /** Read the field's problem out as it appears (FieldError's `announce`). */
  announce?: boolean;
  className?: string;
} & Omit<Element, "name" | "id" | "defaultValue" | "form" | "className">;

/** A labelled text input bound to a Conform field, its problem beside it. */
export function InputField({
  field,
  label,
  hint,
  announce,
  className,
  type = "text",
  ...props
}: FieldProps<ComponentProps<"input">> & { type?: TextInputType }) {
  return (
    <FieldFrame field={field} label={label} hint={hint} announce={announce} className={className}>
      <Input {...getInputProps(field, { type, ...describedBy(field, hint) })} key={field.key} {...props} />
    </FieldFrame>
  );
}

/** A labelled text area bound to a Conform field, its problem beside it. */
export function TextareaField({ field, label, hint, className, ...props }: FieldProps<ComponentProps<"textarea">>) {
  return (
    <FieldFrame field={field} label={label} hint={hint} className={className}>
      <Textarea {...getTextareaProps(field, describedBy(field, hint))} key={field.key} {...props} />
    </FieldFrame>
  );
}

/** A labelled native select bound to a Conform field, its problem beside it. */
export function SelectField({
  field,
  label,
  hint,
  className,
  children,
  ...props
}: FieldProps<ComponentProps<"select">>) {
  return (
    <FieldFrame field={field} label={label} hint={hint} className={className}>
      <select {...getSelectProps(field, describedBy(field, hint))} key={field.key} className="field h-10" {...props}>
        {children}
      </select>
    </FieldFrame>
  );
}
