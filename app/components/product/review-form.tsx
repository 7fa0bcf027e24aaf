import type { Answer } from "@shared/answer.ts";
import { countOf } from "@shared/format.ts";
import { Star } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Label, Textarea } from "~/components/ui/input";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/utils";

type ReviewAnswer = Answer<{ message: string }>;

/** A buyer's review: 1 to 5 stars (a radio group, so keyboards and screen readers can choose) and a text. */
export function ReviewForm() {
  const fetcher = useFetcher<ReviewAnswer>();
  const [rating, setRating] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const sending = fetcher.state !== "idle";
  // On the answer itself, not once idle: the page's data then reloads and this form gives way
  // to "you have reviewed this product".
  useEffect(() => {
    if (!fetcher.data?.ok) return;
    toast.success("Review published", { description: fetcher.data.message });
    form.current?.reset();
    setRating(0);
  }, [fetcher.data]);
  return (
    <fetcher.Form ref={form} method="post" className="mb-8 flex flex-col gap-3 rounded-lg border border-border p-4">
      <h2 className="font-semibold">Review this product</h2>
      <fieldset>
        <legend className="text-sm font-medium">Your rating</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className="cursor-pointer rounded focus-within:outline-2 focus-within:outline-ring">
              <input
                type="radio"
                name="rating"
                value={stars}
                required
                className="sr-only"
                checked={rating === stars}
                onChange={() => setRating(stars)}
              />
              <Star aria-hidden="true" className={cn("size-7 text-star", stars <= rating ? "fill-current" : "")} />
              <span className="sr-only">{countOf(stars, "star", "stars")}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Label htmlFor="review-body">Your review</Label>
      <Textarea id="review-body" name="body" required minLength={10} maxLength={2000} className="min-h-24" />
      {fetcher.data && !fetcher.data.ok ? (
        <p role="alert" className="text-sm text-destructive">
          {fetcher.data.message}
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={sending}>
        {sending ? "Publishing..." : "Publish review"}
      </Button>
    </fetcher.Form>
  );
}
