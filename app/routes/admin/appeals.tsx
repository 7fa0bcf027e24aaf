import { servicesContext } from "@server/http/context.ts";
import { decideAppeal } from "@server/moderation/decide-appeal.ts";
import { appealDecisionSchema } from "@server/moderation/moderation-schemas.ts";
import { pendingAppeals } from "@server/moderation/pending-appeals.ts";
import { data, Form, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { AdminNav } from "~/components/admin/admin-nav";
import { StandingBadge } from "~/components/moderation/standing-badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Label, Textarea } from "~/components/ui/input";
import { Container } from "~/components/ui/page";
import { formatDay, STEP_LABELS } from "~/lib/enforcement";
import { firstIssue } from "~/lib/form-errors";
import { pageMeta } from "~/lib/meta";
import { refusalResponse } from "~/lib/refusal.server";
import { requireAdmin } from "~/lib/require-user.server";
import { APPEAL_REVIEW_TIME } from "~/lib/shop-facts";
import type { Route } from "./+types/appeals";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const appeals = await pendingAppeals(context.get(servicesContext).db);
  return {
    appeals: appeals.map((appeal) => ({
      ...appeal,
      createdAt: appeal.createdAt.toISOString(),
      issuedAt: appeal.issuedAt.toISOString(),
    })),
  };
}

/** POST: uphold an appeal (the action is withdrawn and undone), or deny it with a note. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const parsed = appealDecisionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false, message: firstIssue(parsed.error) }, { status: 400 });
  const { intent, appealId, note } = parsed.data;
  try {
    await decideAppeal(context.get(servicesContext), admin.id, appealId, { uphold: intent === "uphold", note });
    return {
      ok: true,
      message:
        intent === "uphold"
          ? "Upheld: the action is withdrawn and its effects undone. The seller was emailed."
          : "Denied: the action stands. The seller was emailed your note.",
    };
  } catch (error) {
    return refusalResponse(error);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "Appeals"),
  { name: "robots", content: "noindex" },
];

export default function AppealsPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <Container className="max-w-4xl py-10">
      <h1 className="text-3xl font-bold">Admin console</h1>
      <AdminNav />
      <h2 className="mt-8 text-xl font-semibold">Appeals</h2>
      <p className="mt-1 text-muted-foreground">
        Sellers' appeals waiting for a decision, oldest first. Sellers are told to expect one within{" "}
        {APPEAL_REVIEW_TIME}.
      </p>
      <div className="mt-4">
        <FormStatus result={actionData} />
      </div>
      {loaderData.appeals.length === 0 ? (
        <p className="mt-6 text-muted-foreground">No appeals are waiting.</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-4">
          {loaderData.appeals.map((appeal) => (
            <li key={appeal.id}>
              <Card className="flex flex-col gap-3 p-5">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="text-lg font-semibold">
                    {appeal.shopName}: {STEP_LABELS[appeal.step].toLowerCase()}
                  </h3>
                  <StandingBadge standing={appeal.standing} />
                </div>
                <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
                  <dt className="font-medium">Seller</dt>
                  <dd className="break-words">{appeal.ownerEmail ?? "No account"}</dd>
                  <dt className="font-medium">Action issued</dt>
                  <dd>{formatDay(appeal.issuedAt)}</dd>
                  <dt className="font-medium">Reason</dt>
                  <dd className="break-words">{appeal.reason}</dd>
                  <dt className="font-medium">Appealed</dt>
                  <dd>{formatDay(appeal.createdAt)}</dd>
                </dl>
                <figure className="rounded-md bg-muted p-3 text-sm">
                  <figcaption className="font-medium">The seller's message</figcaption>
                  <blockquote className="mt-1 whitespace-pre-line break-words">{appeal.message}</blockquote>
                </figure>
                <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
                  <Form method="post" className="flex flex-1 flex-col gap-2">
                    <input type="hidden" name="appealId" value={appeal.id} />
                    <Label htmlFor={`uphold-note-${appeal.id}`}>Note to the seller (optional)</Label>
                    <Textarea id={`uphold-note-${appeal.id}`} name="note" maxLength={1000} className="min-h-20" />
                    <Button type="submit" name="intent" value="uphold" className="self-start" disabled={busy}>
                      Uphold
                    </Button>
                  </Form>
                  <Form method="post" className="flex flex-1 flex-col gap-2">
                    <input type="hidden" name="appealId" value={appeal.id} />
                    <Label htmlFor={`deny-note-${appeal.id}`}>Why the appeal is denied</Label>
                    <Textarea
                      id={`deny-note-${appeal.id}`}
                      name="note"
                      required
                      minLength={10}
                      maxLength={1000}
                      className="min-h-20"
                    />
                    <Button
                      type="submit"
                      name="intent"
                      value="deny"
                      variant="outline"
                      className="self-start"
                      disabled={busy}
                    >
                      Deny
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
