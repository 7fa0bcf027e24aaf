import { servicesContext } from "@server/http/context.ts";
import { Link } from "react-router";
import { ApiReferenceSections, CodeBlock, Prose } from "~/components/developers/api-reference";
import { Card } from "~/components/ui/card";
import { Container, PageHeader, Section } from "~/components/ui/page";
import { apiReferencePage } from "~/lib/api-reference.server";
import { pageMeta } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/public-page";
import { pageLoader } from "~/lib/refusal.server";
import type { Route } from "./+types/developers.api";

// The Seller API's reference: the same for every visitor (cached), made from its OpenAPI document.
export const headers = publicPageHeaders;

export const loader = pageLoader(({ context }: Route.LoaderArgs) =>
  apiReferencePage(context.get(servicesContext).publicUrl),
);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Seller API reference",
    "Your shop's products, sales and payouts for your own tools: keys, errors, limits and every operation with examples.",
  );

export default function DevelopersApiPage({ loaderData }: Route.ComponentProps) {
  const { reference, errorCodes, problemExample, requestsPerMinute, openApiAddress } = loaderData;
  return (
    <>
      <PageHeader
        title="Seller API reference"
        lead="Your shop's products, sales and payouts for your own tools, as JSON over HTTPS."
      />
      <Container className="pb-12">
        <Section title="Getting started">
          <div className="grid gap-6 lg:grid-cols-2">
            <Card className="p-5 sm:p-6">
              <h3 className="text-lg font-semibold">Keys</h3>
              <p className="mt-2 text-sm text-muted-foreground">
                Create a key in the Seller Dashboard under{" "}
                <Link to="/seller/api-keys" className="underline">
                  API keys
                </Link>
                : read for reading, write to also create and change products. It is shown once; send it on every
                request:
              </p>
              <CodeBlock label="Authentication header">Authorization: Bearer dgm_live_…</CodeBlock>
              <p className="mt-3 text-sm text-muted-foreground">
                Base address: <code className="font-mono break-all">{reference.baseUrl}</code>. The OpenAPI 3.1 document
                for client generators is{" "}
                <a href={openApiAddress} className="underline">
                  openapi.json
                </a>{" "}
                (no key needed).
              </p>
            </Card>
            <Card className="p-5 sm:p-6">
              <h3 className="text-lg font-semibold">Conventions</h3>
              <ul className="mt-2 list-disc space-y-2 pl-5 text-sm text-muted-foreground">
                <li>
                  Money is in integer cents with its currency: <code className="font-mono">"priceCents": 1200</code> is
                  $12.00.
                </li>
                <li>
                  Lists take <code className="font-mono">page</code> and <code className="font-mono">perPage</code> (up
                  to 100) and answer <code className="font-mono">data</code> and{" "}
                  <code className="font-mono">pagination.hasMore</code>.
                </li>
                <li>
                  Each key may make {requestsPerMinute} requests a minute; the{" "}
                  <code className="font-mono">RateLimit</code> headers say how many are left, and a 429 says when to
                  retry in <code className="font-mono">Retry-After</code>.
                </li>
                <li>Answers are never cached. Times are ISO 8601 in UTC.</li>
              </ul>
            </Card>
          </div>
          <Card className="mt-6 p-5 sm:p-6">
            <h3 className="text-lg font-semibold">Errors</h3>
            <p className="mt-2 text-sm text-muted-foreground">
              <Prose text="Every refusal is a problem document (RFC 9457, `Content-Type: application/problem+json`); `field` names the field at fault for a 400. Branch on the status or `code`, show `detail` to people, and quote `requestId` when you write to us. `error` repeats the code, message and field for clients written before." />
            </p>
            <CodeBlock label="Error body">{JSON.stringify(problemExample, null, 2)}</CodeBlock>
            <ul className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
              {errorCodes.map(({ status, code }) => (
                <li key={status}>
                  <span className="font-mono font-semibold">{status}</span>{" "}
                  <code className="font-mono text-muted-foreground">{code}</code>
                </li>
              ))}
            </ul>
          </Card>
        </Section>
        <ApiReferenceSections reference={reference} />
      </Container>
    </>
  );
}
