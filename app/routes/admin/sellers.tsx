import { servicesContext } from "@server/http/context.ts";
import { creatorListQuery, listCreatorsForAdmin } from "@server/moderation/creator-list.ts";
import { issueViolation } from "@server/moderation/issue-violation.ts";
import { violationSchema } from "@server/moderation/moderation-schemas.ts";
import { APPEAL_STATUS_LABELS, formatDay, NEXT_STEP_HINTS, STEP_LABELS } from "@shared/enforcement.ts";
import { violationReason } from "@shared/moderation-note-schema.ts";
import { Link } from "react-router";
import { AdminPage, adminMeta, CardList } from "~/components/admin/admin-page";
import { ListSearch } from "~/components/admin/list-search";
import { NoteForm } from "~/components/admin/note-form";
import { Pager } from "~/components/admin/pager";
import { StandingBadge } from "~/components/moderation/standing-badge";
import { readForm } from "~/lib/form.server";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireAdmin } from "~/lib/require-user.server";
import type { Route } from "./+types/sellers";
import { parseDecision } from "./decision-form.server";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  await requireAdmin(request, context);
  const query = creatorListQuery(new URL(request.url).searchParams);
  const { shops, hasNext } = await listCreatorsForAdmin(context.get(servicesContext).db, query);
  return {
    query,
    hasNext,
    shops: shops.map((shop) => ({
      ...shop,
      suspendedUntil: shop.suspendedUntil?.toISOString() ?? null,
      actions: shop.actions.map((action) => ({
        ...action,
        issuedAt: action.issuedAt.toISOString(),
        revokedAt: action.revokedAt?.toISOString() ?? null,
      })),
    })),
  };
});

/** POST: record a violation by a shop; its step follows from the shop's earlier actions. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const admin = await requireAdmin(request, context);
  const parsed = parseDecision(await readForm(request), violationSchema, "reason");
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
