import { getFormProps, getInputProps } from "@conform-to/react";
import type { Answer } from "@shared/answer.ts";
import { countOf } from "@shared/format.ts";
import { reviewSchema } from "@shared/review-schema.ts";
import { Star } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { FieldError, type FormReply, replyOf, TextareaField, useSchemaForm } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { doneIn, refusedIn } from "~/lib/action-result";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/utils";

type ReviewAnswer = Answer<{ message: string }> | FormReply;

const STARS = [1, 2, 3, 4, 5];

/** A buyer's review: 1 to 5 stars (a radio group, so keyboards and screen readers can choose) and a text. */
export function ReviewForm() {
  const fetcher = useFetcher<ReviewAnswer>();
  const [form, fields] = useSchemaForm(reviewSchema, { id: "review", lastResult: replyOf(fetcher.data) });
  const sending = fetcher.state !== "idle";
  const refused = refusedIn(fetcher.data);
  const rating = Number(fields.rating.value ?? 0);
  // On the answer itself, not once idle: the page's data then reloads and this form gives way
  // to "you have reviewed this product".
  const { reset } = form;
  useEffect(() => {
    const done = doneIn(fetcher.data);
    if (!done) return;
    toast.success("Review published", { description: done.message });
    reset();
  }, [fetcher.data, reset]);
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      className="mb-8 flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <h2 className="font-semibold">Review this product</h2>
      <fieldset aria-describedby={fields.rating.errors?.length ? fields.rating.errorId : undefined}>
        <legend className="text-sm font-medium">Your rating</legend>
        <div className="mt-1 flex gap-1">
          {STARS.map((stars) => (
            <label key={stars} className="cursor-pointer rounded focus-within:outline-2 focus-within:outline-ring">
              <input
                {...getInputProps(fields.rating, { type: "radio", value: String(stars) })}
                id={`${fields.rating.id}-${stars}`}
                key={`${fields.rating.key}-${stars}`}
                className="sr-only"
              />
              <Star aria-hidden="true" className={cn("size-7 text-star", stars <= rating ? "fill-current" : "")} />
              <span className="sr-only">{countOf(stars, "star", "stars")}</span>
            </label>
          ))}
        </div>
        <FieldError field={fields.rating} />
      </fieldset>
      <TextareaField field={fields.body} label="Your review" minLength={10} maxLength={2000} />
      {refused ? (
        <p role="alert" className="text-sm text-destructive">
          {refused.message}
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={sending}>
        {sending ? "Publishing..." : "Publish review"}
      </Button>
    </fetcher.Form>
  );
}
