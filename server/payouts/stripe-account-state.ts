import type Stripe from "stripe";
import type { PayoutAccountState } from "./payout-provider.ts";

// A Stripe connected account (Accounts v2, recipient configuration) in the shop's terms. Stripe
// names what it still needs by field paths ("identity.individual.date_of_birth.day"); the seller
// reads them as words ("your date of birth"), one line per thing however many fields make it up.

type Account = Stripe.V2.Core.Account;
type Entry = NonNullable<NonNullable<Account["requirements"]>["entries"]>[number];

/** The recipient capability that takes the shop's transfers into the account's Stripe balance. */
function transfersCapability(account: Account) {
  return account.configuration?.recipient?.capabilities?.stripe_balance?.stripe_transfers;
}

/** Requirements only the seller can meet now: Stripe's own checks are not the seller's to do. */
function dueFromSeller(entry: Entry): boolean {
  return entry.awaiting_action_from === "user" && entry.minimum_deadline.status !== "eventually_due";
}

export function accountStateFromStripe(account: Account): PayoutAccountState {
  const entries = account.requirements?.entries ?? [];
  const due = entries.filter(dueFromSeller);
  const transfers = transfersCapability(account);
  // Stripe pays the account's balance out to its bank on its own schedule (the Express dashboard);
  // payouts from that balance, when the capability is listed, must be on too.
  const balancePayouts = account.configuration?.recipient?.capabilities?.stripe_balance?.payouts;
  const payoutsEnabled =
    account.closed !== true &&
    transfers?.status === "active" &&
    (balancePayouts === undefined || balancePayouts.status === "active");
  const deadline = account.requirements?.summary?.minimum_deadline?.time;
  const requirementsDue = [...new Set(due.map((entry) => requirementInWords(entry.description)))];
  return {
    // Accounts v2 has no details_submitted: the onboarding form is done when nothing is left for the
    // seller to give now (Stripe may still be checking what was given). Only when the requirements
    // were read: the shop keeps the answer once it is yes (payout-accounts.ts).
    detailsSubmitted:
      account.configuration?.recipient?.applied === true && account.requirements !== undefined && due.length === 0,
    payoutsEnabled,
    requirementsDue,
    requirementsDueBy: requirementsDue.length > 0 && deadline ? new Date(deadline) : null,
    disabledReason: payoutsEnabled ? null : disabledReasonOf(account, transfers),
  };
}

// The field paths Stripe asks for, by what the seller would call them; the first match wins.
const REQUIREMENT_WORDS: Array<[RegExp, string]> = [
  [/date_of_birth|\.dob\b/, "your date of birth"],
  [/verification\.(additional_)?document|\.documents?\./, "an identity document"],
  [/id_numbers?|ssn_last_4|tax_id/, "your ID number"],
  [/address/, "your address"],
  [/\b(given_name|surname|registered_name|legal_name|name)\b/, "your legal name"],
  [/phone/, "your phone number"],
  [/email/, "your email address"],
  [/terms_of_service|tos_acceptance|attestations/, "acceptance of Stripe's terms"],
  [/business_url|product_description|profile\.url|\bmcc\b/, "what your business sells, or its website"],
  [/payout_method|external_account|bank_account|default_outbound_destination/, "a bank account for payouts"],
  [/relationship|owners|directors|executives|representative/, "who owns and runs the business"],
];

/** "identity.individual.date_of_birth.day" -> "your date of birth"; an unknown path by its last words. */
function requirementInWords(description: string): string {
  for (const [pattern, words] of REQUIREMENT_WORDS) if (pattern.test(description)) return words;
  const words = description
    .split(".")
    .filter((part) => !/^(identity|individual|business_details|configuration|defaults|\d+)$/.test(part))
    .join(" ")
    .replaceAll("_", " ")
    .trim();
  return words || "more information";
}

type Capability = NonNullable<ReturnType<typeof transfersCapability>>;

// What Stripe's status codes for the transfers capability mean for the seller.
const STATUS_WORDS: Record<string, string> = {
  determining_status: "Stripe is still setting up the account.",
  requirements_past_due: "information Stripe asked for is overdue.",
  requirements_pending_verification: "Stripe is checking the details you gave.",
  rejected_fraud: "Stripe closed the account.",
  rejected_incomplete_verification: "Stripe could not verify the account's details.",
  rejected_listed: "Stripe cannot pay this account.",
  rejected_other: "Stripe closed the account.",
  rejected_platform_fraud: "the shop closed the account.",
  rejected_platform_other: "the shop closed the account.",
  rejected_platform_terms_of_service: "the shop closed the account.",
  rejected_terms_of_service: "Stripe closed the account for a breach of its terms.",
  restricted_other: "Stripe restricted the account.",
  unsupported_business: "Stripe does not support this kind of business.",
  unsupported_country: "Stripe cannot pay accounts in this country.",
  unsupported_entity_type: "Stripe does not support this kind of account.",
};

function disabledReasonOf(account: Account, transfers: Capability | undefined): string {
  if (account.closed) return "the account was closed.";
  if (!transfers) return "the account cannot receive transfers yet.";
  const code = transfers.status_details[0]?.code;
  if (code && STATUS_WORDS[code]) return STATUS_WORDS[code];
  if (transfers.status === "pending") return "Stripe is checking the details you gave.";
  return "Stripe has not enabled transfers to the account yet.";
}
