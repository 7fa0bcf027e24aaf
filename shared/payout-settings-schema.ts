import { z } from "zod";

/** How a seller is paid: a PayPal account, or a bank account named by its last 4 digits. */
export const payoutSettingsSchema = z.discriminatedUnion(
  "method",
  [
    z.object({ method: z.literal("paypal"), paypalEmail: z.email("Enter the email address of your PayPal account.") }),
    z.object({
      method: z.enum(["bank_transfer", "direct_deposit"]),
      accountLast4: z
        .string({ error: "Enter the last 4 digits of your bank account." })
        .trim()
        .regex(/^\d{4}$/, "Enter the last 4 digits of your bank account."),
    }),
  ],
  { error: "Choose how you want to be paid." },
);

export type PayoutSettingsInput = z.infer<typeof payoutSettingsSchema>;
