import { servicesContext } from "@server/http/context.ts";
import { issueViolation } from "@server/moderation/issue-violation.ts";
import { violationSchema } from "@server/moderation/moderation-schemas.ts";
import { sellerShops } from "@server/moderation/seller-shops.ts";
import { data, Form, Link, useNavigation } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { AdminNav } from "~/components/admin/admin-nav";
import { StandingBadge } from "~/components/moderation/standing-badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Label, Textarea } from "~/components/ui/input";
import { Container } from "~/components/ui/page";
import { APPEAL_STATUS_LABELS, formatDay, NEXT_STEP_HINTS, STEP_LABELS } from "~/lib/enforcement";
import { firstIssue } from "~/lib/form-errors";
import { pageMeta } from "~/lib/meta";
import { refusalResponse } from "~/lib/refusal.server";
import { requireAdmin } from "~/lib/require-user.server";
import type { Route } from "./+types/sellers";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const shops = await sellerShops(context.get(servicesContext).db);
  return {
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
}

/** POST: record a violation by a shop; its step follows from the shop's earlier actions. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const parsed = violationSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false, message: firstIssue(parsed.error) }, { status: 400 });
  try {
    const recorded = await issueViolation(
      context.get(servicesContext),
      admin.id,
      parsed.data.creatorId,
      parsed.data.reason,
    );
    return { ok: true, message: `Recorded: ${STEP_LABELS[recorded.step].toLowerCase()}. The seller was emailed.` };
  } catch (error) {
    return refusalResponse(error);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "Sellers"),
  { name: "robots", content: "noindex" },
];

export default function SellersPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <Container className="max-w-4xl py-10">
      <h1 className="text-3xl font-bold">Admin console</h1>
      <AdminNav />
      <h2 className="mt-8 text-xl font-semibold">Sellers</h2>
      <p className="mt-1 text-muted-foreground">
        Every seller shop, its standing and the actions so far. A violation is a warning first, then a 30-day
        suspension, then removal.
      </p>
      <div className="mt-4">
        <FormStatus result={actionData} />
      </div>
      {loaderData.shops.length === 0 ? (
        <p className="mt-6 text-muted-foreground">No seller shops yet.</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-4">
          {loaderData.shops.map((shop) => (
            <li key={shop.id}>
              <Card className="flex flex-col gap-3 p-5">
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
                <p className="break-words text-sm">
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
                        <p className="mt-1 break-words text-muted-foreground">{action.reason}</p>
                      </li>
                    ))}
                  </ul>
                )}
                {shop.nextStep ? (
                  <Form method="post" className="flex flex-col gap-2">
                    <input type="hidden" name="creatorId" value={shop.id} />
                    <Label htmlFor={`reason-${shop.id}`}>Record a violation: the reason the seller reads</Label>
                    <Textarea
                      id={`reason-${shop.id}`}
                      name="reason"
                      required
                      minLength={10}
                      maxLength={1000}
                      aria-describedby={`next-step-${shop.id}`}
                      className="min-h-20"
                    />
                    <p id={`next-step-${shop.id}`} className="text-sm text-muted-foreground">
                      {NEXT_STEP_HINTS[shop.nextStep]}
                    </p>
                    <Button
                      type="submit"
                      variant={shop.nextStep === "warning" ? "outline" : "destructive"}
                      className="self-start"
                      disabled={busy}
                    >
                      Record violation
                    </Button>
                  </Form>
                ) : (
                  <p className="text-sm text-muted-foreground">This shop has been removed: no further actions.</p>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
