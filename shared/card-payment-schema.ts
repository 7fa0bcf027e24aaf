import { z } from "zod";
import { parseExpiry } from "./card-input.ts";

// The hosted payment page's card form, checked the same way in the browser, beside each field,
// and by the page's action; the messages are the payment page's own (server/payments/hosted/
// test-cards.ts gives them too). Whether the card has expired, and what the card's bank says, only
// the payment itself decides.

/** Whether `digits` pass the Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const NAME = "Enter the name on the card.";
const NUMBER = "Your card number is incorrect.";
const EXPIRY = "Enter the expiry date as MM/YY.";
const CVC = "Your card's security code is incomplete.";

/** A card number as typed (spaces and dashes allowed): 12 to 19 digits with a valid checksum. */
function isCardNumber(text: string): boolean {
  const digits = text.replace(/[\s-]/g, "");
  return /^\d{12,19}$/.test(digits) && luhnValid(digits);
}

export const cardPaymentSchema = z.object({
  name: z.string({ error: NAME }).trim().min(1, NAME).max(200, "The name on the card is too long."),
  number: z.string({ error: NUMBER }).max(40, NUMBER).refine(isCardNumber, NUMBER),
  expiry: z
    .string({ error: EXPIRY })
    .max(20, EXPIRY)
    .refine((text) => parseExpiry(text) !== null, EXPIRY),
  cvc: z
    .string({ error: CVC })
    .trim()
    .regex(/^\d{3,4}$/, CVC),
});
