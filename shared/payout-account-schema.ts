import { z } from "zod";

// The forms of a seller's payout account: the shop's "Connect" (where the seller's bank is), and
// the onboarding form of the shop's own stand-in for the payment provider
// (server/payouts/hosted/), checked the same way in the browser and by each route's action.

/** Where a seller can be paid: the United States (routing and account number) and IBAN countries. */
export const PAYOUT_COUNTRIES = [
  { code: "US", name: "United States" },
  { code: "AT", name: "Austria" },
  { code: "BE", name: "Belgium" },
  { code: "BG", name: "Bulgaria" },
  { code: "HR", name: "Croatia" },
  { code: "CY", name: "Cyprus" },
  { code: "CZ", name: "Czechia" },
  { code: "DK", name: "Denmark" },
  { code: "EE", name: "Estonia" },
  { code: "FI", name: "Finland" },
  { code: "FR", name: "France" },
  { code: "DE", name: "Germany" },
  { code: "GR", name: "Greece" },
  { code: "HU", name: "Hungary" },
  { code: "IE", name: "Ireland" },
  { code: "IT", name: "Italy" },
  { code: "LV", name: "Latvia" },
  { code: "LI", name: "Liechtenstein" },
  { code: "LT", name: "Lithuania" },
  { code: "LU", name: "Luxembourg" },
  { code: "MT", name: "Malta" },
  { code: "NL", name: "Netherlands" },
  { code: "NO", name: "Norway" },
  { code: "PL", name: "Poland" },
  { code: "PT", name: "Portugal" },
  { code: "RO", name: "Romania" },
  { code: "SK", name: "Slovakia" },
  { code: "SI", name: "Slovenia" },
  { code: "ES", name: "Spain" },
  { code: "SE", name: "Sweden" },
  { code: "CH", name: "Switzerland" },
  { code: "GB", name: "United Kingdom" },
] as const;

type PayoutCountry = (typeof PAYOUT_COUNTRIES)[number]["code"];

const COUNTRY_CODES = PAYOUT_COUNTRIES.map((country) => country.code) as [PayoutCountry, ...PayoutCountry[]];
const COUNTRY = "Choose the country where your bank account is.";
const country = z.enum(COUNTRY_CODES, { error: COUNTRY });

/** The shop's button that connects (or continues, or updates) the seller's payout account. */
export const CONNECT_PAYOUT_ACCOUNT = "connect-payout-account";

export const connectPayoutAccountSchema = z.object({
  intent: z.literal(CONNECT_PAYOUT_ACCOUNT),
  /** Asked only the first time: the provider opens the account in this country. */
  country: country.optional(),
});

const LEGAL_NAME = "Enter your legal name, as your bank knows it.";
const ROUTING = "Enter the 9-digit routing number.";
const ACCOUNT_NUMBER = "Enter the account number: 4 to 17 digits.";
const IBAN = "Enter the IBAN: two letters, two check digits and up to 30 letters and digits.";

/** Whether a US routing number carries a valid ABA check digit. */
function abaValid(digits: string): boolean {
  const d = [...digits].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** An IBAN as typed, without its spaces, in capitals. */
export function compactIban(text: string): string {
  return text.replace(/\s+/g, "").toUpperCase();
}

/** Whether an IBAN (compact) passes the ISO 13616 check: mod 97 of its rearranged digits is 1. */
function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  let remainder = 0;
  for (const character of iban.slice(4) + iban.slice(0, 4)) {
    const value = Number.parseInt(character, 36);
    remainder = Number(`${remainder}${value}`) % 97;
  }
  return remainder === 1;
}

/**
 * The stand-in's onboarding form: the seller's legal name, country, and a bank account (a routing
 * and account number in the United States, an IBAN elsewhere).
 */
export const payoutOnboardingSchema = z
  .object({
    legalName: z.string({ error: LEGAL_NAME }).trim().min(2, LEGAL_NAME).max(100, "The legal name is too long."),
    country,
    routingNumber: z.string().trim().max(40).optional(),
    accountNumber: z.string().trim().max(40).optional(),
    iban: z.string().trim().max(60).optional(),
  })
  .superRefine((form, check) => {
    const problem = (path: string, message: string) => check.addIssue({ code: "custom", path: [path], message });
    if (form.country === "US") {
      const routing = form.routingNumber?.replace(/[\s-]/g, "") ?? "";
      if (!/^\d{9}$/.test(routing) || !abaValid(routing)) problem("routingNumber", ROUTING);
      if (!/^\d{4,17}$/.test(form.accountNumber?.replace(/[\s-]/g, "") ?? "")) problem("accountNumber", ACCOUNT_NUMBER);
    } else if (!ibanValid(compactIban(form.iban ?? ""))) {
      problem("iban", IBAN);
    }
  });

export type PayoutOnboardingInput = z.infer<typeof payoutOnboardingSchema>;
