import { servicesContext } from "@server/http/context.ts";
import { releasePayouts } from "@server/payouts/holds.ts";
import { markManualPayoutFailed, markManualPayoutSent, payoutsForAdmin } from "@server/payouts/manual-payouts.ts";
import { formatDayUtc as formatDay, formatPrice } from "@shared/format.ts";
import { payoutFailureReason, payoutReleaseNote } from "@shared/moderation-note-schema.ts";
import { payoutDecisionSchema } from "@shared/payout-admin-schema.ts";
import { PAYOUT_METHOD_NAMES } from "@shared/shop-facts.ts";
import { AdminPage, adminMeta, CardList } from "~/components/admin/admin-page";
import { NoteForm } from "~/components/admin/note-form";
import { PostButton } from "~/components/admin/post-button";
import { readForm } from "~/lib/form.server";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireAdmin } from "~/lib/require-user.server";
import type { Route } from "./+types/payouts";
import { parseDecision } from "./decision-form.server";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  await requireAdmin(request, context);
  const { toPay, troubled, holds, weeks } = await payoutsForAdmin(context.get(servicesContext).db, { now: new Date() });
  return { toPay, troubled, weeks, holds: holds.map((hold) => ({ ...hold, heldAt: hold.heldAt.toISOString() })) };
});

/** POST: a manual payout paid or not paid; a hold released. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const admin = await requireAdmin(request, context);
  const { db, jobs } = context.get(servicesContext);
  const form = await readForm(request);
  const noteField = form.get("intent") === "release" ? "note" : "reason";
  const parsed = parseDecision(form, payoutDecisionSchema, noteField);
  if (!parsed.decision) return parsed.reply;
  const decision = parsed.decision;
  switch (decision.intent) {
    case "mark-sent": {
      const { amountCents } = await markManualPayoutSent(
        { db, jobs },
        { payoutId: decision.payoutId, adminId: admin.id },
      );
      return { ok: true as const, message: `Marked paid: ${formatPrice(amountCents)}.` };
    }
    case "mark-failed":
      await markManualPayoutFailed({ db, jobs }, { payoutId: decision.payoutId, reason: decision.reason });
      return { ok: true as const, message: "Marked not paid: the money is back on the seller's balance." };
    case "release":
      await releasePayouts(db, { creatorId: decision.creatorId, adminId: admin.id, note: decision.note });
      return { ok: true as const, message: "Released: the seller is paid on the next Friday." };
  }
});

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Payouts");

const TRANSFER_STATUS = {
  pending: "Waiting for the processor",
  sent: "Sent",
  failed: "Failed",
  reversed: "Reversed",
} as const;

export default function PayoutsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { toPay, troubled, holds, weeks } = loaderData;
  return (
    <AdminPage
      title="Payouts"
      lead="Payouts to pay by hand, transfers that need a look, and holds in force. Hold a seller's payouts from Sellers."
      result={actionData}
    >
      <section aria-labelledby="to-pay-heading" className="mt-10 flex flex-col gap-3">
        <h3 id="to-pay-heading" className="text-lg font-semibold">
          To pay by hand
        </h3>
        {weeks.length > 0 ? (
          <ul className="flex flex-wrap gap-3 text-sm">
            {weeks.map((week) => (
              <li key={week}>
                <a className="font-medium text-primary underline" href={`/admin/payouts.csv?week=${week}`} download>
                  Payout file for {formatDay(week)} (CSV)
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <CardList
          className="mt-0"
          items={toPay}
          itemKey={(payout) => payout.id}
          empty="No payouts are waiting to be paid by hand."
          label="Payouts to pay by hand"
        >
          {(payout) => (
            <>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h4 id={`payout-${payout.id}`} className="min-w-0 wrap-anywhere text-base font-semibold">
                  {payout.seller}
                </h4>
                <span className="font-semibold">{formatPrice(payout.amountCents)}</span>
              </div>
              <p className="wrap-anywhere text-sm">
                {PAYOUT_METHOD_NAMES[payout.method]}: {payout.destination} · Friday {formatDay(payout.weekOf)}
              </p>
              <div className="flex flex-wrap items-start gap-4">
                <PostButton idField={{ name: "payoutId", value: payout.id }} intent="mark-sent">
                  Mark paid
                </PostButton>
                <NoteForm
                  idField={{ name: "payoutId", value: payout.id }}
                  intent="mark-failed"
                  name="reason"
                  note={payoutFailureReason}
                  label="Could not pay it: the reason the seller reads"
                  submitLabel="Mark not paid"
                  className="min-w-0 flex-1"
                  submitDescribedBy={`payout-${payout.id}`}
                />
              </div>
            </>
          )}
        </CardList>
      </section>
      <section aria-labelledby="transfers-heading" className="mt-10 flex flex-col gap-3">
        <h3 id="transfers-heading" className="text-lg font-semibold">
          Transfers that need a look
        </h3>
        <CardList
          className="mt-0"
          items={troubled}
          itemKey={(payout) => payout.id}
          empty="Every transfer went through."
          label="Transfers that need a look"
        >
          {(payout) => (
            <>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h4 className="min-w-0 wrap-anywhere text-base font-semibold">{payout.seller}</h4>
                <span className="font-semibold">{formatPrice(payout.amountCents)}</span>
              </div>
              <p className="text-sm">
                {TRANSFER_STATUS[payout.status]} · Friday {formatDay(payout.weekOf)}
                {payout.returnedCents > 0 ? ` · ${formatPrice(payout.returnedCents)} came back` : ""}
              </p>
              {payout.failureReason ? (
                <p className="wrap-anywhere text-sm text-muted-foreground">{payout.failureReason}</p>
              ) : null}
            </>
          )}
        </CardList>
      </section>
      <section aria-labelledby="holds-heading" className="mt-10 flex flex-col gap-3">
        <h3 id="holds-heading" className="text-lg font-semibold">
          Holds in force
        </h3>
        <CardList
          className="mt-0"
          items={holds}
          itemKey={(hold) => hold.creatorId}
          empty="No seller's payouts are on hold."
          label="Holds in force"
        >
          {(hold) => (
            <>
              <h4 id={`hold-${hold.creatorId}`} className="min-w-0 wrap-anywhere text-base font-semibold">
                {hold.seller}
              </h4>
              <p className="text-sm">Held since {formatDay(hold.heldAt)}</p>
              <blockquote className="wrap-anywhere border-l-2 border-border pl-3 text-sm text-muted-foreground">
                {hold.reason}
              </blockquote>
              <NoteForm
                idField={{ name: "creatorId", value: hold.creatorId }}
                intent="release"
                name="note"
                note={payoutReleaseNote}
                label="Release: the note the seller reads"
                submitLabel="Release payouts"
                submitDescribedBy={`hold-${hold.creatorId}`}
              />
            </>
          )}
        </CardList>
      </section>
    </AdminPage>
  );
}
