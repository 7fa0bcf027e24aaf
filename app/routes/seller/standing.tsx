import { servicesContext } from "@server/http/context.ts";
import { appealAction } from "@server/moderation/appeal-action.ts";
import { creatorStanding } from "@server/moderation/creator-standing.ts";
import { appealSchema } from "@shared/appeal-schema.ts";
import { formatDay, type Standing } from "@shared/enforcement.ts";
import { APPEAL_REVIEW_TIME, APPEAL_WINDOW_DAYS } from "@shared/shop-facts.ts";
import { data, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { replyOf } from "~/components/forms/form-field";
import { StandingBadge } from "~/components/moderation/standing-badge";
import { appealReplyFor } from "~/components/sellers/appeal-form";
import { EnforcementActionCard } from "~/components/sellers/enforcement-action-card";
import { SellerNav } from "~/components/sellers/seller-nav";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/page";
import { parseSubmission, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireCreator, requireCreatorWhoMayAct } from "~/lib/require-creator.server";
import type { Route } from "./+types/standing";

const iso = (time: Date | null) => time?.toISOString() ?? null;

// Reached by every seller, a removed one too: it only reads the shop's standing and takes appeals.
export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { creator, lookOnly } = await requireCreator(request, context);
  const standing = await creatorStanding(context.get(servicesContext).db, creator.id);
  return {
    lookOnly,
    standing: standing.standing,
    suspendedUntil: iso(standing.suspendedUntil),
    warningFixBy: iso(standing.warningFixBy),
    actions: standing.actions.map((action) => ({
      ...action,
      issuedAt: action.issuedAt.toISOString(),
      fixBy: iso(action.fixBy),
      endsAt: iso(action.endsAt),
      revokedAt: iso(action.revokedAt),
      appealBy: action.appealBy.toISOString(),
      appeal: action.appeal && {
        ...action.appeal,
        createdAt: action.appeal.createdAt.toISOString(),
        decidedAt: iso(action.appeal.decidedAt),
      },
    })),
  };
});

/** POST: appeal one of the shop's own actions (the server checks whose it is and the 7 days). */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { creator } = await requireCreatorWhoMayAct(request, context);
  const submission = parseSubmission(await readForm(request), appealSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const appeal = submission.value;
  await appealAction(context.get(servicesContext), {
    creatorId: creator.id,
    actionId: appeal.actionId,
    message: appeal.message,
  });
  return {
    ok: true as const,
    message: `Your appeal was sent. We review it in ${APPEAL_REVIEW_TIME} and email you the decision.`,
  };
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Account standing");

function standingText(standing: Standing, until: string | null, warningFixBy: string | null) {
  switch (standing) {
    case "active":
      return warningFixBy
        ? `Your shop has a warning: please fix the issue by ${formatDay(warningFixBy)}. Its products stay on sale and payouts run every Friday meanwhile.`
        : "Your shop is in good standing: its products are on sale and payouts run every Friday.";
    case "suspended":
      return `Your shop is suspended${until ? ` until ${formatDay(until)}` : ""}: its products are hidden from the marketplace, you cannot publish products, and payouts wait until the suspension ends. Buyers keep their downloads.`;
    case "removed":
      return "Your shop has been removed from the marketplace: its products are no longer on sale and you cannot publish products. Buyers keep their downloads.";
  }
}

export default function StandingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { standing, suspendedUntil, warningFixBy, actions } = loaderData;
  const busy = useNavigation().state === "submitting";
  const reply = replyOf(actionData);
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav lookOnly={loaderData.lookOnly} />
      <div className="mt-8 flex max-w-3xl flex-col gap-6">
        <Card className="p-6">
          <h2 className="flex flex-wrap items-center gap-3 text-xl font-semibold">
            Account standing <StandingBadge standing={standing} warned={Boolean(warningFixBy)} />
          </h2>
          <p className="mt-2">{standingText(standing, suspendedUntil, warningFixBy)}</p>
          <p className="mt-2 text-sm text-muted-foreground">
            A first violation of the seller guidelines brings a warning with 7 days to fix it, a second a 30-day
            suspension, a third permanent removal. You can appeal each action within {APPEAL_WINDOW_DAYS} days; appeals
            are reviewed in {APPEAL_REVIEW_TIME}.
          </p>
        </Card>
        <FormStatus result={actionData && "message" in actionData ? actionData : undefined} />
        <section aria-labelledby="actions-heading">
          <h2 id="actions-heading" className="text-xl font-semibold">
            Actions on your shop
          </h2>
          {actions.length === 0 ? (
            <p className="mt-3 text-muted-foreground">None: your shop has no violations.</p>
          ) : (
            <ul className="mt-3 flex flex-col gap-4">
              {actions.map((action) => (
                <li key={action.id}>
                  <EnforcementActionCard action={action} busy={busy} lastResult={appealReplyFor(reply, action.id)} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Container>
  );
}
