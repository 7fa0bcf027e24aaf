import { parseExpiry } from "../../../shared/card-input.ts";
import { luhnValid } from "../../../shared/card-payment-schema.ts";

// The card numbers the hosted payment page accepts, as a payment provider's test mode does.
// Documented on the page itself and in the README. Each card has an issuing country, which the
// page reports with a successful payment (evidence of where the buyer lives, decision 057): 4242...
// is from the United States as Stripe's is, and the others are Stripe's published test cards of
// their countries (docs.stripe.com/testing, international cards), so a tester uses the same
// numbers with either provider.

export const TEST_CARDS = [
  { number: "4242 4242 4242 4242", result: "succeeds (a card from the United States)", country: "US" },
  { number: "4000 0027 6000 0016", result: "succeeds (a card from Germany)", country: "DE" },
  { number: "4000 0025 0000 0003", result: "succeeds (a card from France)", country: "FR" },
  { number: "4000 0082 6000 0000", result: "succeeds (a card from the United Kingdom)", country: "GB" },
  { number: "4000 0000 0000 0002", result: "is declined", country: "US" },
  { number: "4000 0000 0000 0119", result: "fails with a processing error", country: "US" },
] as const;

export const DECLINED = "Your card was declined.";
export const PROCESSING_ERROR = "An error occurred while processing your card. Please try again.";

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardOutcome =
  | { ok: true; cardCountry: string }
  | { ok: false; reason: string; field?: keyof CardInput; charged: false };

/** What happens when this card is used now: form mistakes first, then the test card's result. */
export function tryCard(card: CardInput, now = new Date()): CardOutcome {
  const refuse = (reason: string, field?: keyof CardInput): CardOutcome => ({
    ok: false,
    reason,
    field,
    charged: false,
  });
  const digits = card.number.replace(/[\s-]/g, "");
  if (!card.name.trim()) return refuse("Enter the name on the card.", "name");
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return refuse("Your card number is incorrect.", "number");
  const expiry = parseExpiry(card.expiry);
  if (!expiry) return refuse("Enter the expiry date as MM/YY.", "expiry");
  const endOfMonth = new Date(Date.UTC(expiry.year, expiry.month, 1));
  if (endOfMonth <= now) return refuse("Your card has expired.", "expiry");
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return refuse("Your card's security code is incomplete.", "cvc");
  switch (digits) {
    case "4000000000000002":
      return refuse(DECLINED);
    case "4000000000000119":
      return refuse(PROCESSING_ERROR);
  }
  const known = TEST_CARDS.find((entry) => entry.number.replaceAll(" ", "") === digits);
  if (!known) return refuse("This is a test payment page: use one of the test card numbers shown.", "number");
  return { ok: true, cardCountry: known.country };
}
