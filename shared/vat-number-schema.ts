import { z } from "zod";

// The VAT number a business buyer may give at checkout (docs/decisions/058). Here only what the
// browser can say at once: the characters and the length. Whether the number is well formed for its
// country (check digits) and registered is for the server (server/tax/vat-numbers/), which alone
// loads the rules and asks VIES.

export const VAT_NUMBER_MESSAGES = {
  characters: "Enter your VAT number with letters and digits only, like DE123456789.",
  length: "A VAT number is at most 14 letters and digits, with its country prefix, like DE123456789.",
} as const;

/**
 * A VAT number as typed, without what people write between its parts: spaces (also no-break ones),
 * dots, dashes and slashes out, upper case ("el 123.456-789" -> "EL123456789").
 */
export function compactVatNumber(input: string): string {
  return input.replace(/[\s./\-\u2010-\u2015]/g, "").toUpperCase();
}

/**
 * The checkout's VAT number field: optional (empty is none); given, it must be letters and digits
 * (and the + and * that Irish numbers may hold) once compacted, at most 14 of them (the prefix and 12).
 * It answers the compacted number.
 */
export const vatNumberFieldSchema = z
  .string()
  .trim()
  .max(40, VAT_NUMBER_MESSAGES.length)
  .transform(compactVatNumber)
  .refine((compacted) => /^[0-9A-Z+*]*$/.test(compacted), { message: VAT_NUMBER_MESSAGES.characters, abort: true })
  .refine((compacted) => compacted.length <= 14, VAT_NUMBER_MESSAGES.length)
  .transform((compacted) => compacted || undefined)
  .optional();
