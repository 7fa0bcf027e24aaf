import { z } from "zod";
import { vatNumberFieldSchema } from "../../shared/vat-number-schema.ts";

/** A checkbox's field: "on" when ticked, absent (or empty) when not; anything else is refused. */
const checkboxField = z
  .enum(["on", ""], { error: "This checkout request is not valid. Please reload the page." })
  .optional()
  .transform((value) => value === "on");

/** The checkout request. A guest gives a name and an email; a signed-in buyer gives neither. */
export const checkoutSchema = z.object({
  // Made by the browser for each checkout attempt; the same key always means the same order.
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, "This checkout request is not valid. Please reload the page."),
  name: z.string().trim().max(100, "Your name can be at most 100 characters.").optional(),
  email: z.string().trim().max(254, "Your email address is too long.").optional(),
  sellerContactConsent: checkboxField,
  /** The box a buyer ticks to buy again a product they own (shared/buy-again.ts). */
  buyingOwnedAgain: checkboxField,
  /** Where the buyer lives, as the cart showed it (TAX_MODE=by-location; ignored in flat mode). */
  country: z.string().trim().max(3, "Choose the country you live in from the list.").optional(),
  region: z.string().trim().max(3, "Choose your province or territory from the list.").optional(),
  /** Told that their connection or card says otherwise, the buyer confirmed they live in `country`. */
  countryConfirmed: checkboxField,
  /** An EU consumer ticked WITHDRAWAL_CONSENT (shared/withdrawal.ts): delivery at once, the right to withdraw lost on download. */
  withdrawalConsent: checkboxField,
  /** A business buyer's VAT number, as the cart checked it: checked again (a reverse charge if confirmed). */
  vatNumber: vatNumberFieldSchema,
});
