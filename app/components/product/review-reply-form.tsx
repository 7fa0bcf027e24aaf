import { getFormProps } from "@conform-to/react";
import type { Answer } from "@shared/answer.ts";
import { REVIEW_REPLY_MAX_LENGTH, reviewReplySchema } from "@shared/review-reply-schema.ts";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { type FormReply, replyOf, TextareaField, useSchemaForm } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { doneIn, refusedIn } from "~/lib/action-result";
import { toast } from "~/lib/toast";

type ReplyAnswer = Answer<{ message: string }> | FormReply;

/** The seller's reply to one review, new or edited; checked as typed and again by the action. */
export function ReviewReplyForm({
  productId,
  reviewId,
  authorName,
  body,
  onDone,
}: {
  productId: number;
  reviewId: number;
  authorName: string;
  body: string;
  onDone: () => void;
}) {
  const fetcher = useFetcher<ReplyAnswer>();
  const [form, fields] = useSchemaForm(reviewReplySchema, {
    id: `reply-${reviewId}`,
    lastResult: replyOf(fetcher.data),
    defaultValue: { body },
  });
  const sending = fetcher.state !== "idle";
  const refused = refusedIn(fetcher.data);
  useEffect(() => {
    const done = doneIn(fetcher.data);
    if (!done) return;
    toast.success("Reply saved", { description: done.message });
    onDone();
  }, [fetcher.data, onDone]);
  return (
    <fetcher.Form
      method="post"
      action={`/product/${productId}/reviews/${reviewId}/reply`}
      {...getFormProps(form)}
      className="mt-3 flex flex-col gap-2 sm:ml-6"
    >
      <input type="hidden" name="intent" value="save" />
      <TextareaField
        field={fields.body}
        label={`Your reply to ${authorName}`}
        hint="Shown to everyone under the review, with your shop's name."
        maxLength={REVIEW_REPLY_MAX_LENGTH}
        rows={4}
        autoFocus
      />
      {refused ? (
        <p role="alert" className="text-sm text-destructive">
          {refused.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={sending}>
          {sending ? "Publishing..." : "Publish reply"}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </fetcher.Form>
  );
}
