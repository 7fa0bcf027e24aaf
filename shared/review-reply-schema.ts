import { z } from "zod";

// A seller's public reply to a review of their product (under the review on the product page),
// checked the same way in the browser, beside the field, and by the reply's action.

/** Long enough to answer a complaint; short enough to stay a reply under the review. */
export const REVIEW_REPLY_MAX_LENGTH = 1500;

const EMPTY = "Please write your reply.";
const TOO_SHORT = "Please write at least 2 characters.";

export const reviewReplySchema = z.object({
  body: z
    .string({ error: EMPTY })
    .trim()
    .min(1, EMPTY)
    .min(2, TOO_SHORT)
    .max(
      REVIEW_REPLY_MAX_LENGTH,
      `Please keep your reply under ${REVIEW_REPLY_MAX_LENGTH.toLocaleString("en-US")} characters.`,
    ),
});

export type ReviewReplyInput = z.infer<typeof reviewReplySchema>;

/** The reply form's post: save (write or edit) the reply, or delete it. */
export const reviewReplyFormSchema = z.discriminatedUnion("intent", [
  reviewReplySchema.extend({ intent: z.literal("save") }),
  z.object({ intent: z.literal("delete") }),
]);
