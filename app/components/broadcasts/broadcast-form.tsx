import { type FieldMetadata, getCollectionProps, getFormProps, getInputProps } from "@conform-to/react";
import {
  BROADCAST_BODY_MAX,
  BROADCAST_SCHEDULE_MAX_DAYS,
  BROADCASTS_PER_WEEK,
  type BroadcastAudience,
  broadcastSchema,
} from "@shared/broadcast-schema.ts";
import { countOf, formatWhole } from "@shared/format.ts";
import { Form } from "react-router";
import { SubmitButton } from "~/components/admin/post-button";
import { FieldError, InputField, replyOf, TextareaField, useSchemaForm } from "~/components/forms/form-field";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";

const SEND_AT_HINT = "broadcast-send-at-hint";

/** A group of radio buttons with its legend, its problem beside it. */
function RadioGroup({
  field,
  legend,
  options,
}: {
  field: FieldMetadata<unknown>;
  legend: string;
  options: { value: string; label: string }[];
}) {
  const choices = getCollectionProps(field, { type: "radio", options: options.map((option) => option.value) });
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {choices.map(({ key, ...props }, index) => (
        <label key={key} className="flex items-start gap-2 text-sm">
          <input {...props} className="mt-0.5 size-4 shrink-0 accent-primary" />
          <span className="min-w-0 wrap-anywhere">{options[index]!.label}</span>
        </label>
      ))}
      <FieldError field={field} />
    </fieldset>
  );
}

/**
 * The form a seller writes a broadcast with: subject, message, audience (each with how many it
 * reaches now), now or a later time. Preview shows the email as it will be sent, beside the form,
 * keeping what was typed; Send (or Schedule) makes it. The action's reply puts each problem beside
 * its field and keeps what was typed.
 */
export function BroadcastForm({
  audiences,
  answer,
}: {
  audiences: Record<BroadcastAudience, number>;
  answer: unknown;
}) {
  const [form, fields] = useSchemaForm(broadcastSchema, {
    id: "broadcast",
    lastResult: replyOf(answer),
    defaultValue: { audience: "followers", when: "now" },
  });
  const later = fields.when.value === "later";
  return (
    <Card className="p-5 sm:p-6">
      <h3 className="text-lg font-semibold">Write a broadcast</h3>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-4 flex flex-col gap-5">
        <InputField field={fields.subject} label="Subject" autoComplete="off" />
        <TextareaField
          field={fields.body}
          label="Message"
          hint={`Plain text: leave a blank line between paragraphs; web addresses become links. At most ${formatWhole(BROADCAST_BODY_MAX)} characters.`}
          className="[&_textarea]:min-h-48"
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <RadioGroup
            field={fields.audience}
            legend="Send to"
            options={[
              { value: "followers", label: `Your followers (${countOf(audiences.followers, "person", "people")})` },
              {
                value: "customers",
                label: `Your customers who agreed to hear from you (${countOf(audiences.customers, "person", "people")})`,
              },
            ]}
          />
          <RadioGroup
            field={fields.when}
            legend="When"
            options={[
              { value: "now", label: "Send now" },
              { value: "later", label: "Schedule for later" },
            ]}
          />
        </div>
        {later ? (
          <div className="grid content-start gap-2 sm:max-w-xs">
            <Label htmlFor={fields.sendAt.id}>Send at (UTC)</Label>
            <Input
              {...getInputProps(fields.sendAt, { type: "datetime-local", ariaDescribedBy: SEND_AT_HINT })}
              key={fields.sendAt.key}
            />
            <p id={SEND_AT_HINT} className="text-xs text-muted-foreground">
              {`A date and time in UTC, within ${BROADCAST_SCHEDULE_MAX_DAYS} days. You can cancel it until then.`}
            </p>
            <FieldError field={fields.sendAt} />
          </div>
        ) : null}
        <p className="text-sm text-muted-foreground">
          {`You can send or schedule up to ${BROADCASTS_PER_WEEK} broadcasts in any 7 days. People who turned off creators' emails do not get it.`}
        </p>
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="rounded-md bg-rose-50 p-3 text-sm text-destructive">
            {form.errors[0]}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <SubmitButton intent="preview" variant="outline">
            Preview
          </SubmitButton>
          <SubmitButton intent="send">{later ? "Schedule" : "Send now"}</SubmitButton>
        </div>
      </Form>
    </Card>
  );
}

/** The email as it will be sent (the shop's own rendering of it), in a frame of its own. */
export function BroadcastPreview({ preview }: { preview: { subject: string; html: string } }) {
  return (
    <Card className="p-5 sm:p-6">
      <h3 className="text-lg font-semibold">Preview</h3>
      <p className="mt-2 text-sm wrap-anywhere">
        <span className="text-muted-foreground">Subject: </span>
        {preview.subject}
      </p>
      {/* Sandboxed: the email's HTML runs nothing and reaches nothing of the page. */}
      <iframe
        title="Preview of the email"
        srcDoc={preview.html}
        sandbox=""
        className="mt-3 h-[32rem] w-full rounded-md border border-border bg-muted"
      />
    </Card>
  );
}
