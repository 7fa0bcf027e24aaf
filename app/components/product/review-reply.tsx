import type { ReviewPage } from "@server/catalogue/product-reviews.ts";
import type { Answer } from "@shared/answer.ts";
import { formatDayUtc } from "@shared/format.ts";
import { lazy, Suspense, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/lib/toast";

// A seller's reply under a review: "Response from <shop>", for every visitor. The
// product's own seller (the viewer route says so, after the page: the page itself is the same for
// everyone) also gets Reply, Edit reply and Delete reply here, where they read the review.

const ReviewReplyForm = lazy(() =>
  import("./review-reply-form").then((module) => ({ default: module.ReviewReplyForm })),
);

type Review = ReviewPage["reviews"][number];

export function ReviewReply({ productId, review, seller }: { productId: number; review: Review; seller: boolean }) {
  const [editing, setEditing] = useState(false);
  const { reply } = review;
  const about = `${review.authorName}'s review`;
  return (
    <>
      {reply && !editing ? (
        <div className="mt-3 rounded-md border-l-4 border-primary/40 bg-muted/40 p-3 sm:ml-6">
          <p className="flex flex-wrap items-baseline gap-x-3 text-sm">
            <span className="font-medium wrap-anywhere">Response from {reply.creatorName}</span>
            <time className="text-muted-foreground" dateTime={new Date(reply.updatedAt).toISOString()}>
              {formatDayUtc(reply.updatedAt)}
            </time>
          </p>
          <p className="mt-1 text-sm whitespace-pre-line wrap-anywhere">{reply.body}</p>
          {seller ? (
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                aria-label={`Edit reply to ${about}`}
                onClick={() => setEditing(true)}
              >
                Edit reply
              </Button>
              <DeleteReply productId={productId} reviewId={review.id} label={`Delete reply to ${about}`} />
            </div>
          ) : null}
        </div>
      ) : null}
      {seller && !reply && !editing ? (
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          aria-label={`Reply to ${about}`}
          onClick={() => setEditing(true)}
        >
          Reply
        </Button>
      ) : null}
      {seller && editing ? (
        <Suspense fallback={null}>
          <ReviewReplyForm
            productId={productId}
            reviewId={review.id}
            authorName={review.authorName}
            body={reply?.body ?? ""}
            onDone={() => setEditing(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function DeleteReply({ productId, reviewId, label }: { productId: number; reviewId: number; label: string }) {
  const fetcher = useFetcher<Answer<{ message: string }>>();
  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) toast.success("Reply deleted", { description: fetcher.data.message });
    else toast.error("Could not delete the reply", { description: fetcher.data.message });
  }, [fetcher.data]);
  return (
    <fetcher.Form method="post" action={`/product/${productId}/reviews/${reviewId}/reply`}>
      <Button
        type="submit"
        name="intent"
        value="delete"
        variant="ghost"
        size="sm"
        aria-label={label}
        disabled={fetcher.state !== "idle"}
      >
        Delete reply
      </Button>
    </fetcher.Form>
  );
}
