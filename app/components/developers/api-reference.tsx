import type { ApiReference, ReferenceField, ReferenceOperation } from "@server/public-api/reference.ts";
import { Fragment, type ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";

// The Seller API's reference, drawn from its OpenAPI document (server/public-api/reference.ts) with
// the shop's own components: no third-party viewer (the CSP allows no outside scripts).

/** Text with `code` spans, as the document writes names. */
export function Prose({ text }: { text: string }) {
  const parts = text.split(/`([^`]+)`/);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} className="rounded bg-muted px-1 font-mono text-[0.9em]">
            {part}
          </code>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** A block of code that scrolls inside its box (sideways on a narrow screen, down when long), reachable by keyboard. */
export function CodeBlock({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="mt-2 max-h-[28rem] max-w-full overflow-auto rounded-md border border-border bg-muted"
    >
      <pre className="p-3 font-mono text-xs leading-relaxed">
        <code>{children}</code>
      </pre>
    </section>
  );
}

const METHOD_STYLE: Record<string, string> = {
  GET: "bg-emerald-100 text-emerald-900",
  POST: "bg-primary-soft text-primary",
  PATCH: "bg-amber-100 text-amber-900",
  DELETE: "bg-rose-100 text-rose-800",
};

function FieldList({ title, fields }: { title: string; fields: (ReferenceField & { in?: string })[] }) {
  if (fields.length === 0) return null;
  return (
    <div className="mt-5">
      <h4 className="text-sm font-semibold">{title}</h4>
      <dl className="mt-2 divide-y divide-border rounded-md border border-border">
        {fields.map((field) => (
          <div key={`${field.in ?? "body"}-${field.name}`} className="px-3 py-2 text-sm">
            <dt className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <code className="font-mono font-semibold break-all">{field.name}</code>
              <span className="text-muted-foreground">{field.type}</span>
              {field.in ? <span className="text-muted-foreground">in {field.in}</span> : null}
              {field.required ? <Badge variant="neutral">required</Badge> : null}
            </dt>
            {field.description ? (
              <dd className="mt-1 text-muted-foreground">
                <Prose text={field.description} />
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
    </div>
  );
}

function Operation({ operation }: { operation: ReferenceOperation }) {
  return (
    <Card id={operation.id} className="scroll-mt-24 p-5 sm:p-6">
      <h3 className="text-lg font-semibold">{operation.summary}</h3>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold ${METHOD_STYLE[operation.method] ?? ""}`}>
          {operation.method}
        </span>
        <code className="font-mono text-sm break-all">{operation.path}</code>
        <Badge variant={operation.scope === "write" ? "default" : "neutral"}>scope: {operation.scope}</Badge>
      </p>
      {operation.description ? (
        <p className="mt-3 text-sm text-muted-foreground">
          <Prose text={operation.description} />
        </p>
      ) : null}
      <FieldList title="Parameters" fields={operation.parameters} />
      <FieldList title="Body fields (JSON)" fields={operation.bodyFields} />
      <h4 className="mt-5 text-sm font-semibold">Example request</h4>
      <CodeBlock label={`Example request: ${operation.summary}`}>{operation.curl}</CodeBlock>
      <h4 className="mt-5 text-sm font-semibold">
        Response {operation.success.status}: {operation.success.description}
      </h4>
      <CodeBlock label={`Example response: ${operation.summary}`}>{operation.success.example}</CodeBlock>
      <h4 className="mt-5 text-sm font-semibold">Refusals</h4>
      <ul className="mt-2 space-y-1 text-sm">
        {operation.errors.map((error) => (
          <li key={error.status} className="flex gap-2">
            <span className="w-9 shrink-0 font-mono font-semibold">{error.status}</span>
            <span className="text-muted-foreground">
              <Prose text={error.description} />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Every operation, section by section, after a list of contents. */
export function ApiReferenceSections({ reference }: { reference: ApiReference }) {
  return (
    <>
      <nav aria-label="Operations" className="mt-6">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {reference.sections.map((section) => (
            <li key={section.tag}>
              <span className="text-sm font-semibold">{section.tag}</span>
              <ul className="mt-1 space-y-1 text-sm">
                {section.operations.map((operation) => (
                  <li key={operation.id}>
                    <a href={`#${operation.id}`} className="underline-offset-2 hover:underline">
                      <span className="font-mono text-xs text-muted-foreground">{operation.method}</span>{" "}
                      {operation.summary}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </nav>
      {reference.sections.map((section) => (
        <section key={section.tag} className="py-8" aria-labelledby={`section-${section.tag}`}>
          <h2 id={`section-${section.tag}`} className="mb-4 text-2xl font-semibold">
            {section.tag}
          </h2>
          <div className="flex flex-col gap-6">
            {section.operations.map((operation) => (
              <Operation key={operation.id} operation={operation} />
            ))}
          </div>
        </section>
      ))}
    </>
  );
}
