import { servicesContext } from "@server/http/context.ts";
import { rejectionSchema } from "@server/sellers/application-schema.ts";
import { decideApplication, pendingApplications } from "@server/sellers/applications.ts";
import { data, Form, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { AdminNav } from "~/components/admin/admin-nav";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Label, Textarea } from "~/components/ui/input";
import { Container } from "~/components/ui/page";
import { firstIssue } from "~/lib/form-errors";
import { pageMeta } from "~/lib/meta";
import { refusalResponse } from "~/lib/refusal.server";
import { requireAdmin } from "~/lib/require-user.server";
import type { Route } from "./+types/applications";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const applications = await pendingApplications(context.get(servicesContext).db);
  return { applications: applications.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

/** POST: approve, or reject with a reason. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const services = context.get(servicesContext);
  const form = Object.fromEntries(await request.formData());
  try {
    if (form.intent === "approve") {
      await decideApplication(services, admin.id, Number(form.applicationId), { approve: true });
      return { ok: true, message: "Approved: the applicant is now a seller." };
    }
    const parsed = rejectionSchema.safeParse(form);
    if (!parsed.success) return data({ ok: false, message: firstIssue(parsed.error) }, { status: 400 });
    await decideApplication(services, admin.id, parsed.data.applicationId, {
      approve: false,
      reason: parsed.data.reason,
    });
    return { ok: true, message: "Rejected: the applicant was told why." };
  } catch (error) {
    return refusalResponse(error);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "Seller applications"),
  { name: "robots", content: "noindex" },
];

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

export default function ApplicationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <Container className="max-w-4xl py-10">
      <h1 className="text-3xl font-bold">Admin console</h1>
      <AdminNav />
      <h2 className="mt-8 text-xl font-semibold">Seller applications</h2>
      <p className="mt-1 text-muted-foreground">Applications waiting for a decision, oldest first.</p>
      <div className="mt-4">
        <FormStatus result={actionData} />
      </div>
      {loaderData.applications.length === 0 ? (
        <p className="mt-6 text-muted-foreground">No applications are waiting.</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-4">
          {loaderData.applications.map((application) => (
            <li key={application.id}>
              <Card className="flex flex-col gap-3 p-5">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="text-lg font-semibold">{application.shopName}</h3>
                  <span className="text-sm text-muted-foreground">
                    {dateFormat.format(new Date(application.createdAt))}
                  </span>
                </div>
                <p className="text-sm">
                  {application.applicantName} · {application.applicantEmail} · {application.specialty}
                </p>
                <p className="text-sm text-muted-foreground">{application.bio}</p>
                <p className="flex flex-wrap gap-4 text-sm">
                  <a
                    href={application.sampleUrl}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="underline"
                  >
                    Sample of work
                  </a>
                  {application.website ? (
                    <a
                      href={application.website}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="underline"
                    >
                      Website
                    </a>
                  ) : null}
                </p>
                <div className="flex flex-wrap items-start gap-4">
                  <Form method="post">
                    <input type="hidden" name="applicationId" value={application.id} />
                    <Button type="submit" name="intent" value="approve" disabled={busy}>
                      Approve
                    </Button>
                  </Form>
                  <Form method="post" className="flex min-w-64 flex-1 flex-col gap-2">
                    <input type="hidden" name="applicationId" value={application.id} />
                    <Label htmlFor={`reason-${application.id}`}>Reason for rejecting</Label>
                    <Textarea
                      id={`reason-${application.id}`}
                      name="reason"
                      required
                      minLength={10}
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
