import { getCollectionProps, getFormProps } from "@conform-to/react";
import { formatDateTimeUtc } from "@shared/format.ts";
import { WEBHOOK_EVENT_CHOICES, webhookEndpointFields } from "@shared/webhook-schema.ts";
import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/admin/post-button";
import { FieldError, InputField, replyOf, useSchemaForm } from "~/components/forms/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/** An endpoint as the Webhooks page shows it (its secret is the seller's own, shown on asking). */
export interface EndpointRow {
  id: number;
  url: string;
  events: string[];
  secret: string;
  createdAt: string;
  enabled: boolean;
}

/** The form that adds an endpoint: its URL and the events it wants (all ticked at first). */
export function EndpointForm({ answer }: { answer: unknown }) {
  const [form, fields] = useSchemaForm(webhookEndpointFields, {
    id: "webhook-endpoint",
    lastResult: replyOf(answer),
    defaultValue: { events: WEBHOOK_EVENT_CHOICES.map((choice) => choice.value) },
  });
  const choices = getCollectionProps(fields.events, {
    type: "checkbox",
    options: WEBHOOK_EVENT_CHOICES.map((choice) => choice.value),
  });
  return (
    <Card className="p-5 sm:p-6">
      <h3 className="text-lg font-semibold">Add an endpoint</h3>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-4 flex flex-col gap-5">
        <InputField
          field={fields.url}
          type="url"
          label="Endpoint URL"
          hint="A public https:// address of your server. Private and local addresses are refused."
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/webhooks"
        />
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={fields.events.errors ? fields.events.errorId : undefined}
        >
          <legend className="mb-1 text-sm font-medium">Events</legend>
          {choices.map(({ key, ...props }, index) => (
            <label key={key} className="flex items-start gap-2 text-sm">
              <input {...props} required={undefined} className="mt-0.5 size-4 shrink-0 accent-primary" />
              <span className="min-w-0 wrap-anywhere">{WEBHOOK_EVENT_CHOICES[index]!.label}</span>
            </label>
          ))}
          <FieldError field={fields.events} />
        </fieldset>
        <div>
          <SubmitButton intent="add-endpoint">Add endpoint</SubmitButton>
        </div>
      </Form>
    </Card>
  );
}

/** A button posting `intent` for one endpoint, named with its URL for screen readers. */
function EndpointButton({
  endpoint,
  intent,
  label,
  variant = "outline",
}: {
  endpoint: EndpointRow;
  intent: string;
  label: string;
  variant?: "outline" | "destructive";
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="endpointId" value={endpoint.id} />
      <SubmitButton intent={intent} variant={variant} size="sm" className="whitespace-nowrap">
        {label}
        <span className="sr-only"> for {endpoint.url}</span>
      </SubmitButton>
    </Form>
  );
}

/** One endpoint: where, what for, its secret behind Reveal, and what the seller can do with it. */
export function EndpointCard({ endpoint }: { endpoint: EndpointRow }) {
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={endpoint.enabled ? "success" : "neutral"}>{endpoint.enabled ? "Enabled" : "Disabled"}</Badge>
        <span className="text-sm text-muted-foreground">Added {formatDateTimeUtc(endpoint.createdAt)}</span>
      </div>
      <p className="mt-2 font-mono text-sm font-semibold break-all">{endpoint.url}</p>
      <p className="mt-1 text-sm">
        <span className="text-muted-foreground">Events:</span> {endpoint.events.join(", ")}
      </p>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-primary">Reveal signing secret</summary>
        <p className="mt-2 text-muted-foreground">Check each request's Webhook-Signature with it.</p>
        <code className="mt-1 block rounded-md bg-muted p-2 font-mono text-xs break-all">{endpoint.secret}</code>
      </details>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={`/seller/webhooks/${endpoint.id}`}>
            Delivery log<span className="sr-only"> of {endpoint.url}</span>
          </Link>
        </Button>
        {endpoint.enabled ? <EndpointButton endpoint={endpoint} intent="send-test" label="Send test event" /> : null}
        <EndpointButton endpoint={endpoint} intent="rotate-secret" label="Rotate secret" />
        <EndpointButton
          endpoint={endpoint}
          intent={endpoint.enabled ? "disable" : "enable"}
          label={endpoint.enabled ? "Disable" : "Enable"}
        />
        <EndpointButton endpoint={endpoint} intent="delete" label="Delete" variant="destructive" />
      </div>
    </Card>
  );
}
