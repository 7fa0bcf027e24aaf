import { z } from "zod";

// A guest's contact details at checkout (SPEC section 5): both required. The guest checkout
// dialog checks them beside each field; the checkout route checks them again and refuses with
// the first problem (the checkout is fetched as JSON).

export const guestDetailsSchema = z.object({
  name: z.string({ error: "Please enter your name." }).trim().min(1, "Please enter your name."),
  email: z
    .string({ error: "Please enter a valid email address." })
    .trim()
    .pipe(z.email("Please enter a valid email address.")),
});
