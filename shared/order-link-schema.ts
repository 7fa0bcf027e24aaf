import { z } from "zod";

// A guest asks for a fresh order link: the order's number and its email address. Checked the same
// way in the browser, beside each field, and by the lookup page's action.

export const orderLinkRequestSchema = z.object({
  // Nine characters, as the field has always asked: the lookup itself finds only real order
  // numbers, and answers the same whether or not one matched.
  orderNumber: z
    .string({ error: "Please enter your order number." })
    .trim()
    .toUpperCase()
    .length(9, "Please enter the 9-character order number from your receipt."),
  email: z
    .string({ error: "Please enter the email address of the order." })
    .trim()
    .min(1, "Please enter the email address of the order.")
    .max(254, "The email address must be at most 254 characters.")
    .pipe(z.email("Please enter a valid email address, like name@example.com."))
    .transform((value) => value.toLowerCase()),
});
export type OrderLinkRequest = z.infer<typeof orderLinkRequestSchema>;
