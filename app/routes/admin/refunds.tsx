import { servicesContext } from "@server/http/context.ts";
import {
  approveRefund,
  openRefundRequests,
  refundRejectionSchema,
  rejectRefund,
} from "@server/orders/decide-refund.ts";
import { data, Form, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { AdminNav } from "~/components/admin/admin-nav";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Label, Textarea } from "~/components/ui/input";
import { Container } from "~/components/ui/page";
import { firstIssue } from "~/lib/form-errors";
import { formatPrice } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { refusalResponse } from "~/lib/refusal.server";
import { requireAdmin } from "~/lib/require-user.server";
import { REFUND_REVIEW_HOURS } from "~/lib/shop-facts";
import type { Route } from "./+types/refunds";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const requests = await openRefundRequests(context.get(servicesContext).db);
  return {
    requests: requests.map((row) => ({
      ...row,
      requestedAt: row.requestedAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    })),
  };
}

/** POST: approve (the provider refunds the buyer), or reject with a reason. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const services = context.get(servicesContext);
  const form = Object.fromEntries(await request.formData());
  try {
    if (form.intent === "approve") {
      const { amountCents } = await approveRefund(services, admin.id, Number(form.requestId));
      return { ok: true, message: `Approved: ${formatPrice(amountCents)} was refunded and the buyer was emailed.` };
    }
    const parsed = refundRejectionSchema.safeParse(form);
    if (!parsed.success) return data({ ok: false, message: firstIssue(parsed.error) }, { status: 400 });
    await rejectRefund(services, admin.id, parsed.data.requestId, parsed.data.reason);
    return { ok: true, message: "Rejected: the buyer was told why." };
  } catch (error) {
    return refusalResponse(error);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "Refund requests"),
  { name: "robots", content: "noindex" },
];

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const formatDate = (iso: string) => `${dateFormat.format(new Date(iso))} UTC`;

export default function RefundsPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <Container className="max-w-4xl py-10">
      <h1 className="text-3xl font-bold">Admin console</h1>
      <AdminNav />
      <h2 className="mt-8 text-xl font-semibold">Refund requests</h2>
      <p className="mt-1 text-muted-foreground">
        Requests waiting for a decision, oldest first. We answer each within {REFUND_REVIEW_HOURS} hours.
      </p>
      <div className="mt-4">
        <FormStatus result={actionData} />
      </div>
      {loaderData.requests.length === 0 ? (
        <p className="mt-6 text-muted-foreground">No refund requests are waiting.</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-4">
          {loaderData.requests.map((refund) => (
            <li key={refund.requestId}>
              <Card className="flex flex-col gap-3 p-5">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="min-w-0 break-words text-lg font-semibold">{refund.itemTitle}</h3>
                  <span className="font-semibold">{formatPrice(refund.amountCents)}</span>
                </div>
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted-foreground">Order</dt>
                  <dd>{refund.orderNumber}</dd>
                  <dt className="text-muted-foreground">Buyer</dt>
                  <dd className="break-all">{refund.buyerEmail}</dd>
                  <dt className="text-muted-foreground">Paid</dt>
                  <dd>{refund.paidAt ? formatDate(refund.paidAt) : "Not paid"}</dd>
                  <dt className="text-muted-foreground">Requested</dt>
                  <dd>{formatDate(refund.requestedAt)}</dd>
                </dl>
                <blockquote className="break-words border-l-2 border-border pl-3 text-sm text-muted-foreground">
                  {refund.reason}
                </blockquote>
                <div className="flex flex-wrap items-start gap-4">
                  <Form method="post">
                    <input type="hidden" name="requestId" value={refund.requestId} />
                    <Button type="submit" name="intent" value="approve" disabled={busy}>
                      Approve and refund {formatPrice(refund.amountCents)}
                    </Button>
                  </Form>
                  <Form method="post" className="flex w-full flex-col gap-2 sm:w-auto sm:min-w-64 sm:flex-1">
                    <input type="hidden" name="requestId" value={refund.requestId} />
                    <Label htmlFor={`reason-${refund.requestId}`}>Reason for rejecting (the buyer reads it)</Label>
                    <Textarea
                      id={`reason-${refund.requestId}`}
                      name="reason"
                      required
                      minLength={10}
                      maxLength={1000}
                      className="min-h-20"
                    />
                    <Button
                      type="submit"
                      name="intent"
                      value="reject"
                      variant="outline"
                      className="self-start"
                      disabled={busy}
                    >
                      Reject
                    </Button>
                  </Form>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
