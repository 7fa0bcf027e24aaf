import { getFormProps } from "@conform-to/react";
import { servicesContext } from "@server/http/context.ts";
import { creatorListQuery, listCreatorsForAdmin } from "@server/moderation/creator-list.ts";
import { issueViolation } from "@server/moderation/issue-violation.ts";
import { violationSchema } from "@server/moderation/moderation-schemas.ts";
import { holdPayouts, payoutControlsOf, setPayoutReserve } from "@server/payouts/holds.ts";
import { APPEAL_STATUS_LABELS, formatDay, NEXT_STEP_HINTS, STEP_LABELS } from "@shared/enforcement.ts";
import { payoutHoldReason, payoutReserveReason, violationReason } from "@shared/moderation-note-schema.ts";
import { payoutControlSchema, reservePercent } from "@shared/payout-admin-schema.ts";
import { Form, Link, useActionData } from "react-router";
import { z } from "zod";
import { AdminPage, adminMeta, CardList } from "~/components/admin/admin-page";
import { ListSearch } from "~/components/admin/list-search";
import { NoteForm } from "~/components/admin/note-form";
import { Pager } from "~/components/admin/pager";
import { SubmitButton } from "~/components/admin/post-button";
import { InputField, replyOf, TextareaField, useSchemaForm } from "~/components/forms/form-field";
import { StandingBadge } from "~/components/moderation/standing-badge";
import { readForm } from "~/lib/form.server";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireAdmin } from "~/lib/require-user.server";
import type { Route } from "./+types/sellers";
import { parseDecision } from "./decision-form.server";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  await requireAdmin(request, context);
  const query = creatorListQuery(new URL(request.url).searchParams);
  const { db } = context.get(servicesContext);
  const { shops, hasNext } = await listCreatorsForAdmin(db, query);
  const payoutControls = await payoutControlsOf(
    db,
    shops.map((shop) => shop.id),
  );
  return {
    query,
    hasNext,
    shops: shops.map((shop) => ({
      ...shop,
      payouts: payoutControls.get(shop.id)!,
      suspendedUntil: shop.suspendedUntil?.toISOString() ?? null,
      actions: shop.actions.map((action) => ({
        ...action,
        issuedAt: action.issuedAt.toISOString(),
        revokedAt: action.revokedAt?.toISOString() ?? null,
      })),
    })),
  };
});

/**
 * POST: record a violation by a shop (its step follows from the shop's earlier actions), or hold its
 * payouts or set its reserve, each with the reason the seller reads.
 */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  if (form.has("intent")) {
    const payouts = parseDecision(form, payoutControlSchema, "reason");
    if (!payouts.decision) return payouts.reply;
    const { db } = context.get(servicesContext);
    const decision = payouts.decision;
    if (decision.intent === "hold-payouts") {
      await holdPayouts(db, { creatorId: decision.creatorId, adminId: admin.id, reason: decision.reason });
      return { ok: true as const, message: "Payouts held: the seller reads why on Earnings." };
    }
    await setPayoutReserve(db, {
      creatorId: decision.creatorId,
      adminId: admin.id,
      percent: decision.percent,
      reason: decision.reason,
    });
    return {
      ok: true as const,
      message:
        decision.percent === 0 ? "Reserve ended." : `Reserve set: ${decision.percent}% of each payout is kept back.`,
    };
  }
  const parsed = parseDecision(form, violationSchema, "reason");
  if (!parsed.decision) return parsed.reply;
  const violation = parsed.decision;
  const recorded = await issueViolation(context.get(servicesContext), {
    adminId: admin.id,
    creatorId: violation.creatorId,
    reason: violation.reason,
  });
  return {
    ok: true as const,
    message: `Recorded: ${STEP_LABELS[recorded.step].toLowerCase()}. The seller was emailed.`,
  };
});

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Sellers");

const STANDING_LABELS = { all: "All", active: "Active", suspended: "Suspended", removed: "Removed" } as const;

export default function SellersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { query, hasNext } = loaderData;
  return (
    <AdminPage
      title="Sellers"
      lead="Seller shops by name, their standing and the actions so far. A violation is a warning first, then a 30-day suspension, then removal."
      controls={
        <ListSearch
          id="sellers"
          queryLabel="Shop name or owner's email"
          query={query.query}
          filter={{ name: "standing", label: "Standing", value: query.standing, options: STANDING_LABELS }}
        />
      }
      result={actionData}
    >
      <CardList items={loaderData.shops} itemKey={(shop) => shop.id} empty="No seller shops match.">
        {(shop) => (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-lg font-semibold">
                <Link to={`/creator/${shop.slug}`} className="hover:text-primary">
                  {shop.name}
                </Link>
              </h3>
              <span className="flex items-center gap-2 text-sm text-muted-foreground">
                <StandingBadge standing={shop.standing} />
                {shop.suspendedUntil ? `until ${formatDay(shop.suspendedUntil)}` : null}
              </span>
            </div>
            <p className="wrap-anywhere text-sm">
              {shop.ownerName} · {shop.ownerEmail}
            </p>
            {shop.actions.length === 0 ? (
              <p className="text-sm text-muted-foreground">No actions so far.</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm" aria-label={`Actions on ${shop.name}`}>
                {shop.actions.map((action) => (
                  <li key={action.id} className="rounded-md bg-muted p-3">
                    <p className="font-medium">
                      {STEP_LABELS[action.step]} · {formatDay(action.issuedAt)}
                      {action.revokedAt ? ` · withdrawn ${formatDay(action.revokedAt)}` : ""}
                      {action.appealStatus ? ` · ${APPEAL_STATUS_LABELS[action.appealStatus]}` : ""}
                    </p>
                    <p className="mt-1 wrap-anywhere text-muted-foreground">{action.reason}</p>
                  </li>
                ))}
              </ul>
            )}
            <PayoutControlsSection shop={shop} />
            {shop.nextStep ? (
              <NoteForm
                idField={{ name: "creatorId", value: shop.id }}
                name="reason"
                note={violationReason}
                label="Record a violation: the reason the seller reads"
                submitLabel="Record violation"
                hint={NEXT_STEP_HINTS[shop.nextStep]}
                variant={shop.nextStep === "warning" ? "outline" : "destructive"}
              />
            ) : (
              <p className="text-sm text-muted-foreground">This shop has been removed: no further actions.</p>
            )}
          </>
        )}
      </CardList>
      <Pager page={query.page} hasNext={hasNext} label="Seller pages" />
    </AdminPage>
  );
}

/** A seller's payouts on the admin's card: a hold in force (released on Payouts) or one to place, and the reserve. */
function PayoutControlsSection({
  shop,
}: {
  shop: {
    id: number;
    name: string;
    payouts: { hold: { reason: string; heldAt: string } | null; reservePercent: number; reserveReason: string | null };
  };
}) {
  const { hold, reservePercent, reserveReason } = shop.payouts;
  return (
    <div className="flex flex-col gap-3 rounded-md border border-border p-3 text-sm">
      <p className="font-medium">
        Payouts:{" "}
        {hold ? (
          <>
            on hold since {formatDay(hold.heldAt)} (
            <Link to="/admin/payouts" className="text-primary underline">
              release on Payouts
            </Link>
            )
          </>
        ) : (
          "paid on Fridays"
        )}
        {reservePercent > 0 ? ` · ${reservePercent}% reserve` : ""}
      </p>
      {hold ? <p className="wrap-anywhere text-muted-foreground">{hold.reason}</p> : null}
      {reserveReason ? <p className="wrap-anywhere text-muted-foreground">Reserve: {reserveReason}</p> : null}
      {hold ? null : (
        <NoteForm
          idField={{ name: "creatorId", value: shop.id }}
          intent="hold-payouts"
          name="reason"
          note={payoutHoldReason}
          label={`Hold ${shop.name}'s payouts: the reason the seller reads`}
          submitLabel="Hold payouts"
        />
      )}
      <ReserveForm creatorId={shop.id} shopName={shop.name} percent={reservePercent} />
    </div>
  );
}

const reserveFields = z.object({
  percent: reservePercent,
  reason: payoutReserveReason,
});

/** The share of each payout kept back (0 ends it), with the reason the seller reads. */
function ReserveForm({ creatorId, shopName, percent }: { creatorId: number; shopName: string; percent: number }) {
  const reply = replyOf(useActionData());
  const sent = reply?.initialValue;
  const ours = sent?.creatorId === String(creatorId) && sent?.intent === "set-reserve";
  const [form, fields] = useSchemaForm(reserveFields, {
    id: `set-reserve-${creatorId}`,
    lastResult: ours ? reply : undefined,
    defaultValue: { percent: String(percent) },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
      <input type="hidden" name="creatorId" value={creatorId} />
      <InputField
        field={fields.percent}
        label={`Reserve of ${shopName}'s payouts (%)`}
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        className="max-w-40"
      />
      <TextareaField field={fields.reason} label="Why: the reason the seller reads" minLength={10} maxLength={1000} />
      <SubmitButton intent="set-reserve" variant="outline" className="self-start">
        Set reserve
      </SubmitButton>
    </Form>
  );
}
