import { servicesContext } from "@server/http/context.ts";
import { decideAppeal } from "@server/moderation/decide-appeal.ts";
import { appealDecisionSchema } from "@server/moderation/moderation-schemas.ts";
import { pendingAppeals } from "@server/moderation/pending-appeals.ts";
import { formatDay, STEP_LABELS } from "@shared/enforcement.ts";
import { denialNote, upholdNote } from "@shared/moderation-note-schema.ts";
import { APPEAL_REVIEW_TIME } from "@shared/shop-facts.ts";
import { AdminPage, adminMeta, CardList } from "~/components/admin/admin-page";
import { NoteForm } from "~/components/admin/note-form";
import { StandingBadge } from "~/components/moderation/standing-badge";
import { readForm } from "~/lib/form.server";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireAdmin } from "~/lib/require-user.server";
import type { Route } from "./+types/appeals";
import { parseDecision } from "./decision-form.server";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  await requireAdmin(request, context);
  const appeals = await pendingAppeals(context.get(servicesContext).db);
  return {
    appeals: appeals.map((appeal) => ({
      ...appeal,
      createdAt: appeal.createdAt.toISOString(),
      issuedAt: appeal.issuedAt.toISOString(),
    })),
  };
});

/** POST: uphold an appeal (the action is withdrawn and undone), or deny it with a note. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const admin = await requireAdmin(request, context);
  const parsed = parseDecision(await readForm(request), appealDecisionSchema, "note");
  if (!parsed.decision) return parsed.reply;
  const { intent, appealId, note } = parsed.decision;
  await decideAppeal(context.get(servicesContext), {
    adminId: admin.id,
    appealId,
    decision: { uphold: intent === "uphold", note },
  });
  return {
    ok: true as const,
    message:
      intent === "uphold"
        ? "Upheld: the action is withdrawn and its effects undone. The seller was emailed."
        : "Denied: the action stands. The seller was emailed your note.",
  };
});

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Appeals");

export default function AppealsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Appeals"
      lead={
        <>
          Sellers' appeals waiting for a decision, oldest first. Sellers are told to expect one within{" "}
          {APPEAL_REVIEW_TIME}.
        </>
      }
      result={actionData}
    >
      <CardList items={loaderData.appeals} itemKey={(appeal) => appeal.id} empty="No appeals are waiting.">
        {(appeal) => (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-lg font-semibold">
                {appeal.creatorName}: {STEP_LABELS[appeal.step].toLowerCase()}
              </h3>
              <StandingBadge standing={appeal.standing} />
            </div>
            <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
              <dt className="font-medium">Seller</dt>
              <dd className="wrap-anywhere">{appeal.ownerEmail ?? "No account"}</dd>
              <dt className="font-medium">Action issued</dt>
              <dd>{formatDay(appeal.issuedAt)}</dd>
              <dt className="font-medium">Reason</dt>
              <dd className="wrap-anywhere">{appeal.reason}</dd>
              <dt className="font-medium">Appealed</dt>
              <dd>{formatDay(appeal.createdAt)}</dd>
            </dl>
            <figure className="rounded-md bg-muted p-3 text-sm">
              <figcaption className="font-medium">The seller's message</figcaption>
              <blockquote className="mt-1 whitespace-pre-line wrap-anywhere">{appeal.message}</blockquote>
            </figure>
            <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
              <NoteForm
                idField={{ name: "appealId", value: appeal.id }}
                intent="uphold"
                name="note"
                note={upholdNote}
                label="Note to the seller (optional)"
                submitLabel="Uphold"
                required={false}
                variant="primary"
                className="flex-1"
              />
              <NoteForm
                idField={{ name: "appealId", value: appeal.id }}
                intent="deny"
                name="note"
                note={denialNote}
                label="Why the appeal is denied"
                submitLabel="Deny"
                className="flex-1"
              />
            </div>
          </>
        )}
      </CardList>
    </AdminPage>
  );
}
