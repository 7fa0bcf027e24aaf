import { APPEAL_REVIEW_TIME } from "../../shared/shop-facts.ts";
import type { EnforcementStep } from "../db/schema.ts";
import { paragraphsEmail } from "../email/paragraphs-email.ts";
import { APPEAL_WINDOW_DAYS, formatDay, STEP_LABELS } from "./enforcement-rules.ts";

// The emails of seller enforcement: an action on the shop, and the appeal of one.

export interface Seller {
  to: string;
  name: string;
  /** The seller's creator profile, which the emails call their shop. */
  creatorName: string;
  marketName: string;
  publicUrl: string;
}

interface Action {
  step: EnforcementStep;
  reason: string;
  issuedAt: Date;
  fixBy: Date | null;
  endsAt: Date | null;
  appealBy: Date;
}

const SUBJECTS: Record<EnforcementStep, (s: Seller) => string> = {
  warning: (s) => `A warning about your shop "${s.creatorName}" on ${s.marketName}`,
  suspension: (s) => `Your shop "${s.creatorName}" is suspended for 30 days`,
  removal: (s) => `Your shop "${s.creatorName}" has been removed from ${s.marketName}`,
};

function consequence(action: Action): string {
  switch (action.step) {
    case "warning":
      return `This is a warning, your shop's first violation. Please fix the issue by ${formatDay(action.fixBy!)}. A second violation leads to a 30-day suspension.`;
    case "suspension":
      return `This is your shop's second violation: the shop is suspended from ${formatDay(action.issuedAt)} until ${formatDay(action.endsAt!)}. Its products are hidden from the marketplace, you cannot publish products, and payouts wait until the suspension ends. Buyers keep their downloads. A third violation leads to permanent removal.`;
    case "removal":
      return "This is your shop's third violation: the shop is permanently removed from the marketplace. Its products are no longer on sale, you cannot publish products, and payouts are stopped. Buyers keep their downloads.";
  }
}

export const actionEmail = (s: Seller, action: Action) =>
  paragraphsEmail(s.to, SUBJECTS[action.step](s), [
    `Hi ${s.name},`,
    `We found a violation of the seller guidelines in your shop "${s.creatorName}":`,
    action.reason,
    consequence(action),
    `If you believe this is a mistake, you can appeal within ${APPEAL_WINDOW_DAYS} days, until ${formatDay(action.appealBy)}, at ${s.publicUrl}/seller/standing. Appeals are reviewed in ${APPEAL_REVIEW_TIME}.`,
  ]);

export const appealReceivedEmail = (s: Seller, step: EnforcementStep) =>
  paragraphsEmail(s.to, `We received your appeal (${STEP_LABELS[step].toLowerCase()})`, [
    `Hi ${s.name},`,
    `Thank you: we received your appeal of the ${STEP_LABELS[step].toLowerCase()} of your shop "${s.creatorName}". Our team reviews it in ${APPEAL_REVIEW_TIME} and emails you the decision.`,
    `You can see where it stands at ${s.publicUrl}/seller/standing`,
  ]);

export const appealUpheldEmail = (s: Seller, step: EnforcementStep, note: string | null) =>
  paragraphsEmail(s.to, `Your appeal was accepted: the ${STEP_LABELS[step].toLowerCase()} is withdrawn`, [
    `Hi ${s.name},`,
    `We reviewed your appeal and accepted it: the ${STEP_LABELS[step].toLowerCase()} of your shop "${s.creatorName}" is withdrawn and no longer counts against it.${step === "warning" ? "" : " The products it hid are back as they were."}`,
    ...(note ? [note] : []),
    `Your account standing: ${s.publicUrl}/seller/standing`,
  ]);

export const appealDeniedEmail = (s: Seller, step: EnforcementStep, note: string) =>
  paragraphsEmail(s.to, `Your appeal was not accepted (${STEP_LABELS[step].toLowerCase()})`, [
    `Hi ${s.name},`,
    `We reviewed your appeal of the ${STEP_LABELS[step].toLowerCase()} of your shop "${s.creatorName}" and the action stands, for this reason:`,
    note,
    `Your account standing: ${s.publicUrl}/seller/standing`,
  ]);

export const suspensionEndedEmail = (s: Seller) =>
  paragraphsEmail(s.to, `Your shop "${s.creatorName}" is open again`, [
    `Hi ${s.name},`,
    `The 30-day suspension of your shop "${s.creatorName}" has ended. The products it hid are on sale again, you can publish products, and payouts resume on the next Friday.`,
    `Your account standing: ${s.publicUrl}/seller/standing`,
  ]);
