import { getCurrentUser } from "@server/accounts/current-user.ts";
import { assertMayActForShop } from "@server/accounts/shared-demo-accounts.ts";
import { deleteReviewReply, saveReviewReply } from "@server/catalogue/review-replies.ts";
import { servicesContext } from "@server/http/context.ts";
import { Refusal } from "@server/lib/refusal.ts";
import { parseRecordId } from "@shared/record-id.ts";
import { reviewReplyFormSchema } from "@shared/review-reply-schema.ts";
import { data } from "react-router";
import { parseSubmission, readForm, UNKNOWN_INTENT } from "~/lib/form.server";
import { formAction } from "~/lib/refusal.server";
import type { Route } from "./+types/review-reply";

// POST only: the product's seller writes, edits (intent "save") or deletes (intent "delete") their
// reply to a review, from under the review on the product page (review-reply.tsx). Whether they
// are the product's seller is checked here, whatever the page showed.

export const action = formAction(async ({ params, request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const user = await getCurrentUser(services.auth, request.headers);
  if (!user) throw new Refusal("Please sign in to reply to reviews.", "unauthenticated");
  assertMayActForShop(services.shopMode, user);
  const productId = parseRecordId(params.id);
  const reviewId = parseRecordId(params.reviewId);
  if (productId === undefined || reviewId === undefined) throw new Refusal("There is no such review.", "not-found");
  const submission = parseSubmission(await readForm(request), reviewReplyFormSchema);
  if (submission.status !== "success") {
    if (submission.error?.intent?.length) throw new Refusal(UNKNOWN_INTENT, "invalid");
    return data({ result: submission.reply() }, { status: 400 });
  }
  const target = { productId, reviewId };
  if (submission.value.intent === "delete") {
    await deleteReviewReply(services.db, user.id, target);
    return { ok: true as const, message: "Your reply was deleted." };
  }
  const { created } = await saveReviewReply(services, user.id, target, submission.value);
  return {
    ok: true as const,
    message: created ? "Your reply is published under the review." : "Your reply was updated.",
  };
});
