import { servicesContext } from "@server/http/context.ts";
import { approveRefund, openRefundRequests, refundDecisionSchema, rejectRefund } from "@server/orders/decide-refund.ts";
import { formatDateTimeUtc, formatPrice } from "@shared/format.ts";
import { refundRejectionReason } from "@shared/moderation-note-schema.ts";
import { REFUND_REVIEW_HOURS } from "@shared/shop-facts.ts";
import { AdminPage, adminMeta, CardList } from "~/components/admin/admin-page";
import { NoteForm } from "~/components/admin/note-form";
import { PostButton } from "~/components/admin/post-button";
import { readForm } from "~/lib/form.server";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireAdmin } from "~/lib/require-user.server";
import type { Route } from "./+types/refunds";
import { parseDecision } from "./decision-form.server";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  await requireAdmin(request, context);
  const requests = await openRefundRequests(context.get(servicesContext).db);
  return {
    requests: requests.map((row) => ({
      ...row,
      requestedAt: row.requestedAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    })),
  };
});

/** POST: approve (the provider refunds the buyer), or reject with a reason. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const admin = await requireAdmin(request, context);
  const services = context.get(servicesContext);
  const parsed = parseDecision(await readForm(request), refundDecisionSchema, "reason");
  if (!parsed.decision) return parsed.reply;
  const { decision } = parsed;
  if (decision.intent === "approve") {
    const { amountCents } = await approveRefund(services, admin.id, decision.requestId);
    return {
      ok: true as const,
      message: `Approved: ${formatPrice(amountCents)} was refunded and the buyer was emailed.`,
    };
  }
  await rejectRefund(services, { adminId: admin.id, requestId: decision.requestId, note: decision.reason });
  return { ok: true as const, message: "Rejected: the buyer was told why." };
});

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Refund requests");

export default function RefundsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Refund requests"
      lead={<>Requests waiting for a decision, oldest first. We answer each within {REFUND_REVIEW_HOURS} hours.</>}
      result={actionData}
    >
      <CardList
        items={loaderData.requests}
        itemKey={(refund) => refund.requestId}
        empty="No refund requests are waiting."
      >
        {(refund) => (
          <>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="min-w-0 wrap-anywhere text-lg font-semibold">{refund.itemTitle}</h3>
              <span className="font-semibold">{formatPrice(refund.amountCents)}</span>
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Order</dt>
              <dd>{refund.orderNumber}</dd>
              <dt className="text-muted-foreground">Buyer</dt>
              <dd className="break-all">{refund.buyerEmail}</dd>
              <dt className="text-muted-foreground">Paid</dt>
              <dd>{refund.paidAt ? formatDateTimeUtc(refund.paidAt) : "Not paid"}</dd>
              <dt className="text-muted-foreground">Requested</dt>
              <dd>{formatDateTimeUtc(refund.requestedAt)}</dd>
            </dl>
            <blockquote className="wrap-anywhere border-l-2 border-border pl-3 text-sm text-muted-foreground">
              {refund.reason}
            </blockquote>
            <div className="flex flex-wrap items-start gap-4">
              <PostButton idField={{ name: "requestId", value: refund.requestId }} intent="approve">
                Approve and refund {formatPrice(refund.amountCents)}
              </PostButton>
              <NoteForm
                idField={{ name: "requestId", value: refund.requestId }}
                intent="reject"
                name="reason"
                note={refundRejectionReason}
                label="Reason for rejecting (the buyer reads it)"
                submitLabel="Reject"
                className="w-full sm:w-auto sm:min-w-64 sm:flex-1"
              />
            </div>
          </>
        )}
      </CardList>
    </AdminPage>
  );
}
