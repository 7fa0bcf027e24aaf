import { compactIban, type PayoutOnboardingInput } from "../../../shared/payout-account-schema.ts";

// The bank accounts the stand-in's onboarding page accepts, as a provider's test mode does (the
// numbers are Stripe's test numbers). Shown on the page itself and in the README.

export const TEST_BANK_ACCOUNTS = [
  { country: "US", routingNumber: "110000000", accountNumber: "000123456789", result: "is verified: payouts go on" },
  {
    country: "US",
    routingNumber: "110000000",
    accountNumber: "000111111116",
    result: "is refused by the bank: payouts stay paused",
  },
  { country: "DE", iban: "DE89370400440532013000", result: "is verified: payouts go on" },
  { country: "DE", iban: "DE62370400440532013001", result: "is refused by the bank: payouts stay paused" },
] as const;

/** Why the bank refuses the failing test accounts, in the provider's words. */
export const BANK_REFUSED = "the bank could not find an account with that number. Enter another bank account.";

export type BankOutcome =
  /** Verified: payouts go on. */
  | { ok: true; last4: string }
  /** Taken, but the bank refused it: the account is set up with payouts paused. */
  | { ok: false; refused: string; last4: string }
  /** Not a test account: the form says so beside the field, and nothing is saved. */
  | { ok: false; field: "accountNumber" | "iban"; reason: string };

const NOT_A_TEST_ACCOUNT = "This is a test onboarding page: use one of the test bank accounts shown.";

/** What the bank says of the account in the form (its format already checked by the form's schema). */
export function tryBankAccount(form: PayoutOnboardingInput): BankOutcome {
  const us = form.country === "US";
  const number = us
    ? `${form.routingNumber?.replace(/[\s-]/g, "")}/${form.accountNumber?.replace(/[\s-]/g, "")}`
    : compactIban(form.iban ?? "");
  const known = TEST_BANK_ACCOUNTS.find((account) =>
    "iban" in account ? account.iban === number : `${account.routingNumber}/${account.accountNumber}` === number,
  );
  if (!known || (known.country === "US") !== us) {
    return { ok: false, field: us ? "accountNumber" : "iban", reason: NOT_A_TEST_ACCOUNT };
  }
  const last4 = number.slice(-4);
  return known.result.startsWith("is refused") ? { ok: false, refused: BANK_REFUSED, last4 } : { ok: true, last4 };
}
