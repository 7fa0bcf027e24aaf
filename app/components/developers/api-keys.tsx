import { getCollectionProps, getFormProps } from "@conform-to/react";
import { apiKeySchema } from "@shared/api-key-schema.ts";
import { formatDateTimeUtc, formatDayUtc } from "@shared/format.ts";
import { Check, Copy, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { SubmitButton } from "~/components/admin/post-button";
import { ScrollTable } from "~/components/content/scroll-table";
import { FieldError, InputField, replyOf, useSchemaForm } from "~/components/forms/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/** A key as the API keys page lists it (never the key itself: the shop does not keep it). */
export interface ApiKeyRow {
  id: number;
  name: string;
  prefix: string;
  scope: "read" | "write";
  createdAt: string;
  lastUsedAt: string | null;
}

const SCOPES = [
  { value: "read", label: "Read: your products, sales and payouts" },
  { value: "write", label: "Read and write: also create, change and publish products" },
];

/** The form that makes a key: a name and a scope, each problem beside its field. */
export function ApiKeyForm({ answer, disabled }: { answer: unknown; disabled: boolean }) {
  const [form, fields] = useSchemaForm(apiKeySchema, {
    id: "api-key",
    lastResult: replyOf(answer),
    defaultValue: { scope: "read" },
  });
  const busy = useNavigation().state === "submitting";
  const scopes = getCollectionProps(fields.scope, { type: "radio", options: SCOPES.map((scope) => scope.value) });
  return (
    <Card className="p-5 sm:p-6">
      <h3 className="text-lg font-semibold">Create a key</h3>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-4 flex flex-col gap-5">
        <InputField
          field={fields.name}
          label="Name"
          hint="What uses it, so that you know which to revoke: “Sales spreadsheet”."
          autoComplete="off"
        />
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={fields.scope.errors ? fields.scope.errorId : undefined}
        >
          <legend className="mb-1 text-sm font-medium">Scope</legend>
          {scopes.map(({ key, ...props }, index) => (
            <label key={key} className="flex items-start gap-2 text-sm">
              <input {...props} className="mt-0.5 size-4 shrink-0 accent-primary" />
              <span className="min-w-0">{SCOPES[index]!.label}</span>
            </label>
          ))}
          <FieldError field={fields.scope} />
        </fieldset>
        {form.errors?.length ? (
          <p role="alert" className="text-sm text-destructive">
            {form.errors[0]}
          </p>
        ) : null}
        <div>
          <Button type="submit" name="intent" value="create" disabled={disabled || busy}>
            Create key
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** The key just made, shown this once, with a button that copies it. */
export function NewApiKey({ name, apiKey }: { name: string; apiKey: string }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  }
  return (
    <Card className="border-amber-300 bg-amber-50 p-5 sm:p-6">
      <h3 className="text-lg font-semibold">Your new key “{name}”</h3>
      <p className="mt-2 flex items-start gap-2 text-sm text-amber-900">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          Copy it now: this is the only time it is shown. We keep only a fingerprint of it, so if you lose it, revoke it
          and create another. Keep it secret, like a password.
        </span>
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor="new-api-key" className="sr-only">
          Your new API key
        </label>
        <input
          id="new-api-key"
          readOnly
          value={apiKey}
          onFocus={(event) => event.currentTarget.select()}
          className="field h-10 w-full min-w-0 font-mono text-sm sm:flex-1"
        />
        <Button type="button" variant="outline" onClick={copy}>
          {copied === "yes" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied === "yes" ? "Copied" : "Copy key"}
        </Button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm">
        {copied === "yes" ? "The key is on your clipboard." : null}
        {copied === "failed" ? "Could not copy: select the key and copy it yourself." : null}
      </p>
    </Card>
  );
}

/** The shop's keys in use, newest first, each with Revoke. */
export function ApiKeyTable({ keys }: { keys: ApiKeyRow[] }) {
  if (keys.length === 0) {
    return <p className="mt-3 text-muted-foreground">No keys yet. Create one above for your tool.</p>;
  }
  return (
    <div className="mt-3">
      <ScrollTable
        label="Your API keys"
        caption="Your API keys, newest first"
        columns={[
          { label: "Name" },
          { label: "Key" },
          { label: "Scope" },
          { label: "Created" },
          { label: "Last used" },
          { label: "Revoke" },
        ]}
        className="min-w-[44rem] text-sm"
        bodyClassName="align-top"
      >
        {keys.map((key) => (
          <tr key={key.id}>
            <td className="px-4 py-3 font-medium wrap-anywhere">{key.name}</td>
            <td className="px-4 py-3 font-mono whitespace-nowrap">{key.prefix}…</td>
            <td className="px-4 py-3">
              <Badge variant={key.scope === "write" ? "default" : "neutral"}>
                {key.scope === "write" ? "Read and write" : "Read"}
              </Badge>
            </td>
            <td className="px-4 py-3 whitespace-nowrap">{formatDayUtc(key.createdAt)}</td>
            <td className="px-4 py-3">{key.lastUsedAt ? formatDateTimeUtc(key.lastUsedAt) : "Never"}</td>
            <td className="px-4 py-3">
              <Form method="post" preventScrollReset>
                <input type="hidden" name="keyId" value={key.id} />
                <SubmitButton intent="revoke" variant="outline" size="sm">
                  Revoke<span className="sr-only"> {key.name}</span>
                </SubmitButton>
              </Form>
            </td>
          </tr>
        ))}
      </ScrollTable>
    </div>
  );
}
