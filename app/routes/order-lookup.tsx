import { servicesContext } from "@server/http/context.ts";
import { requestOrderLink } from "@server/orders/request-order-link.ts";
import { ORDER_LINK_DAYS } from "@shared/order-link.ts";
import { orderLinkRequestSchema } from "@shared/order-link-schema.ts";
import { data } from "react-router";
import { OrderLinkForm } from "~/components/orders/order-link-form";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/page";
import { keepPageOnFault } from "~/lib/fetcher-fault";
import { parseSubmission, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction } from "~/lib/refusal.server";
import type { Route } from "./+types/order-lookup";

/** POST: order number and email; a fresh link goes to the order's address if they match a guest's order. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request), orderLinkRequestSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return { ok: true as const, message: await requestOrderLink(services, submission.value) };
});

export const clientAction = (args: Route.ClientActionArgs) => keepPageOnFault(args);

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "Get a new link to your order"),
  { name: "robots", content: "noindex" },
];

export default function OrderLookup({ actionData }: Route.ComponentProps) {
  return (
    <Container className="max-w-lg py-12">
      <h1 className="text-3xl font-bold">Get a new link to your order</h1>
      <p className="mt-2 text-muted-foreground">
        The order link in our emails works for {ORDER_LINK_DAYS} days. Enter your order number and the email address you
        bought with, and we'll email you a new link.
      </p>
      <Card className="mt-6 p-6">
        <OrderLinkForm answer={actionData} />
      </Card>
    </Container>
  );
}
