import { z } from "zod";
import { orderLinkRequestSchema } from "./order-link-schema.ts";

// The public withdrawal function's form (Directive 2011/83/EU Art. 11a(1)): the buyer's name, the
// order (its number) and the address the confirmation goes to, the one it was bought with.

export const withdrawalRequestSchema = orderLinkRequestSchema.extend({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(100, "Your name can be at most 100 characters."),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;
