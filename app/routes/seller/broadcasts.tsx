import {
  audienceSizes,
  cancelBroadcast,
  createBroadcast,
  listBroadcasts,
  SEND_AT_PAST,
  SEND_AT_TOO_FAR,
} from "@server/broadcasts/broadcasts.ts";
import { previewBroadcast } from "@server/broadcasts/send-broadcasts.ts";
import { servicesContext } from "@server/http/context.ts";
import { asRefusal } from "@server/http/error-answers.ts";
import { requireCreatorNotRemoved } from "@server/moderation/creator-standing.ts";
import { broadcastIntentSchema, broadcastSchema, toBroadcast } from "@shared/broadcast-schema.ts";
import { formatDateTimeUtc } from "@shared/format.ts";
import { data } from "react-router";
import { BroadcastForm, BroadcastPreview } from "~/components/broadcasts/broadcast-form";
import { BroadcastList } from "~/components/broadcasts/broadcast-list";
import { CodeOutcome } from "~/components/sellers/discount-code-table";
import { SellerNav } from "~/components/sellers/seller-nav";
import { Container } from "~/components/ui/page";
import { parseIntent, parseSubmission, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireCreator, requireCreatorWhoMayAct } from "~/lib/require-creator.server";
import type { Route } from "./+types/broadcasts";

// The seller's broadcasts: write an email to their followers or consenting customers, preview it
// as it will be sent, send it now or schedule it; see the past ones, cancel a scheduled one.

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { creator, lookOnly } = await requireCreator(request, context);
  const { db } = context.get(servicesContext);
  const [audiences, broadcasts] = await Promise.all([audienceSizes(db, creator.id), listBroadcasts(db, creator.id)]);
  return {
    lookOnly,
    audiences,
    broadcasts: broadcasts.map((broadcast) => ({
      ...broadcast,
      sendAt: broadcast.sendAt?.toISOString() ?? null,
      sentAt: broadcast.sentAt?.toISOString() ?? null,
      createdAt: broadcast.createdAt.toISOString(),
    })),
  };
});

/** POST: preview the written broadcast, send or schedule it, or cancel a scheduled one. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { user, creator } = await requireCreatorWhoMayAct(request, context);
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const asked = parseIntent(form, broadcastIntentSchema);
  if (asked.intent === "cancel") {
    const cancelled = await cancelBroadcast(services.db, creator.id, asked.broadcastId);
    return { ok: true as const, message: `“${cancelled.subject}” was cancelled: it will not be sent.` };
  }
  const submission = parseSubmission(form, broadcastSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const broadcast = toBroadcast(submission.value);
  if (asked.intent === "preview") {
    const preview = await previewBroadcast(services, { creatorId: creator.id, to: user.email, broadcast });
    return { preview, result: submission.reply() };
  }
  try {
    await requireCreatorNotRemoved(services.db, creator.id);
    const made = await createBroadcast(services, { creatorId: creator.id, broadcast });
    return {
      ok: true as const,
      message:
        made.sendAt && made.status === "scheduled"
          ? `“${made.subject}” is scheduled for ${formatDateTimeUtc(made.sendAt.toISOString())}.`
          : `“${made.subject}” is being sent.`,
      result: submission.reply({ resetForm: true }),
    };
  } catch (error) {
    const refusal = asRefusal(error);
    if (!refusal) throw error;
    const onTime = refusal.message === SEND_AT_PAST || refusal.message === SEND_AT_TOO_FAR;
    const result = onTime
      ? submission.reply({ fieldErrors: { sendAt: [refusal.message] } })
      : submission.reply({ formErrors: [refusal.message] });
    return data({ result }, { status: refusal.status });
  }
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Broadcasts");

export default function SellerBroadcastsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { audiences, broadcasts } = loaderData;
  const preview = actionData && "preview" in actionData ? actionData.preview : null;
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav lookOnly={loaderData.lookOnly} />
      <h2 className="mt-8 text-xl font-semibold">Broadcasts</h2>
      <p className="mt-1 max-w-3xl text-muted-foreground">
        Email your followers, or your customers who agreed to hear from you, about your new work. Each email says why it
        came and lets its reader turn these emails off.
      </p>
      <CodeOutcome answer={actionData} />
      <div className="mt-6 grid max-w-3xl gap-6">
        <BroadcastForm audiences={audiences} answer={actionData} />
        {preview ? <BroadcastPreview preview={preview} /> : null}
      </div>
      <h3 className="mt-10 text-lg font-semibold">Your broadcasts</h3>
      <BroadcastList broadcasts={broadcasts} />
    </Container>
  );
}
