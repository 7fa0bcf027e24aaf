import { servicesContext } from "@server/http/context.ts";
import { applicationDecisionSchema } from "@server/sellers/application-schema.ts";
import { decideApplication, pendingApplications } from "@server/sellers/applications.ts";
import { formatDayUtc } from "@shared/format.ts";
import { applicationRejectionReason } from "@shared/moderation-note-schema.ts";
import { AdminPage, adminMeta, CardList } from "~/components/admin/admin-page";
import { NoteForm } from "~/components/admin/note-form";
import { PostButton } from "~/components/admin/post-button";
import { readForm } from "~/lib/form.server";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireAdmin } from "~/lib/require-user.server";
import type { Route } from "./+types/applications";
import { parseDecision } from "./decision-form.server";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  await requireAdmin(request, context);
  const applications = await pendingApplications(context.get(servicesContext).db);
  return { applications: applications.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
});

/** POST: approve, or reject with a reason. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const admin = await requireAdmin(request, context);
  const services = context.get(servicesContext);
  const parsed = parseDecision(await readForm(request), applicationDecisionSchema, "reason");
  if (!parsed.decision) return parsed.reply;
  const { decision } = parsed;
  if (decision.intent === "approve") {
    await decideApplication(services, {
      adminId: admin.id,
      applicationId: decision.applicationId,
      decision: { approve: true },
    });
    return { ok: true as const, message: "Approved: the applicant is now a seller." };
  }
  await decideApplication(services, {
    adminId: admin.id,
    applicationId: decision.applicationId,
    decision: { approve: false, reason: decision.reason },
  });
  return { ok: true as const, message: "Rejected: the applicant was told why." };
});

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Seller applications");

export default function ApplicationsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Seller applications"
      lead="Applications waiting for a decision, oldest first."
      result={actionData}
    >
      <CardList
        items={loaderData.applications}
        itemKey={(application) => application.id}
        empty="No applications are waiting."
      >
        {(application) => (
          <>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="min-w-0 text-lg font-semibold wrap-anywhere">{application.shopName}</h3>
              <span className="text-sm text-muted-foreground">{formatDayUtc(application.createdAt)}</span>
            </div>
            <p className="text-sm">
              {application.applicantName} · {application.applicantEmail} · {application.specialty}
            </p>
            <p className="text-sm text-muted-foreground wrap-anywhere">{application.bio}</p>
            <p className="flex flex-wrap gap-4 text-sm">
              <a href={application.sampleUrl} target="_blank" rel="noopener noreferrer nofollow" className="underline">
                Sample of work
              </a>
              {application.website ? (
                <a href={application.website} target="_blank" rel="noopener noreferrer nofollow" className="underline">
                  Website
                </a>
              ) : null}
            </p>
            <div className="flex flex-wrap items-start gap-4">
              <PostButton idField={{ name: "applicationId", value: application.id }} intent="approve">
                Approve
              </PostButton>
              <NoteForm
                idField={{ name: "applicationId", value: application.id }}
                intent="reject"
                name="reason"
                note={applicationRejectionReason}
                label="Reason for rejecting"
                submitLabel="Reject"
                className="min-w-64 flex-1"
              />
            </div>
          </>
        )}
      </CardList>
    </AdminPage>
  );
}
