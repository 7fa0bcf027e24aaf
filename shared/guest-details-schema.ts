import { z } from "zod";

// A guest's contact details at checkout: both required. The guest checkout
// dialog checks them beside each field; the checkout route checks them again and refuses with
// the first problem (the checkout is fetched as JSON).

export const guestDetailsSchema = z.object({
  // The checkout's own limits (server/orders/checkout-schema.ts), here so that they are told at the field.
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(100, "Your name can be at most 100 characters."),
  email: z
    .string({ error: "Please enter a valid email address." })
    .trim()
    .max(254, "Your email address is too long.")
    .pipe(z.email("Please enter a valid email address.")),
});
