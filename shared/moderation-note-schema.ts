import { z } from "zod";
import { MODERATION_NOTE_LENGTH } from "./shop-facts.ts";

// The notes and reasons an admin writes with a decision, for the seller, the buyer or the
// applicant who reads them. The admin pages check them beside the field (NoteForm), the actions
// and the domain again, with the same messages.

const { min, max } = MODERATION_NOTE_LENGTH;

/** A required note: at least `min` characters once trimmed, at most `max`; `missing` when there is none. */
function requiredNote(missing: string, tooShort: string, tooLong: string) {
  return z.string({ error: missing }).trim().min(min, tooShort).max(max, tooLong);
}

/** Why a product is hidden (admin Products). */
export const hideNote = requiredNote(
  "Tell the seller why the product is hidden.",
  `Tell the seller why in a few words (at least ${min} characters).`,
  `Please keep the note under ${max} characters.`,
);

const VIOLATION = `Describe the violation in at least ${min} characters: the seller reads it.`;
/** The reason of a violation recorded against a shop (admin Sellers). */
export const violationReason = requiredNote(VIOLATION, VIOLATION, `Please keep the reason under ${max} characters.`);

const REFUND = `Tell the buyer why the refund is declined, in at least ${min} characters.`;
/** Why a refund request is rejected (admin Refund requests). */
export const refundRejectionReason = requiredNote(REFUND, REFUND, `Please keep the reason under ${max} characters.`);

const APPLICATION = `Tell the applicant why, in at least ${min} characters.`;
/** Why an application to sell is rejected (admin Seller applications). */
export const applicationRejectionReason = requiredNote(
  APPLICATION,
  APPLICATION,
  `Please keep the reason under ${max} characters.`,
);

/** Why an appeal is denied (admin Appeals). */
export const denialNote = requiredNote(
  "Tell the seller why the appeal is denied.",
  `Tell the seller why the appeal is denied, in at least ${min} characters.`,
  `Please keep the note under ${max} characters.`,
);

/** A note with an upheld appeal: optional (null when none). */
export const upholdNote = z
  .string()
  .trim()
  .max(max, `Please keep the note under ${max} characters.`)
  .optional()
  .transform((note) => note || null);

const HOLD = `Tell the seller why their payouts are held, in at least ${min} characters: they read it.`;
/** Why a seller's payouts are held (admin Payouts). */
export const payoutHoldReason = requiredNote(HOLD, HOLD, `Please keep the reason under ${max} characters.`);

const RELEASE = `Tell the seller why the hold ends, in at least ${min} characters.`;
/** Why a hold on a seller's payouts ends (admin Payouts). */
export const payoutReleaseNote = requiredNote(RELEASE, RELEASE, `Please keep the note under ${max} characters.`);

const RESERVE = `Tell the seller why part of each payout is kept back, in at least ${min} characters.`;
/** Why a seller has a reserve (admin Payouts). */
export const payoutReserveReason = requiredNote(RESERVE, RESERVE, `Please keep the reason under ${max} characters.`);

const NOT_PAID = `Tell the seller why the payout did not go out, in at least ${min} characters.`;
/** Why a manual payout could not be paid (admin Payouts). */
export const payoutFailureReason = requiredNote(NOT_PAID, NOT_PAID, `Please keep the reason under ${max} characters.`);
