import { z } from "zod";

// A buyer's review of a product (the product page's Reviews tab), checked the same way in the
// browser, beside each field, and by the page's action.

const STARS = "Choose from 1 to 5 stars.";
const TOO_SHORT = "Please write at least 10 characters about the product.";

export const reviewSchema = z.object({
  rating: z.coerce.number({ error: STARS }).int(STARS).min(1, STARS).max(5, STARS),
  body: z
    .string({ error: TOO_SHORT })
    .trim()
    .min(10, TOO_SHORT)
    .max(2000, "Please keep your review under 2000 characters."),
});

export type ReviewInput = z.infer<typeof reviewSchema>;
