import { z } from "zod";
import taxRules from "./tax-reporting-rules.json" with { type: "json" };

// A seller's tax details: who is paid, where they live and their tax number, asked once before the
// first payout and kept up to date by the seller (server/payouts/tax-details.ts). What is asked and
// why: docs/decisions/054-statements-and-seller-tax-reporting.md. The same checks run in the
// browser as the seller types and in the action.

export const SELLER_TYPES = ["individual", "business"] as const;
export type SellerType = (typeof SELLER_TYPES)[number];
export const SELLER_TYPE_NAMES = {
  individual: "An individual",
  business: "A business (a company, partnership or other organisation)",
} as const satisfies Record<SellerType, string>;

export const TAX_ID_KINDS = ["us_ssn_itin", "us_ein", "eu_vat", "national_tin"] as const;
export type TaxIdKind = (typeof TAX_ID_KINDS)[number];
export const TAX_ID_KIND_NAMES = {
  us_ssn_itin: "US Social Security number or ITIN",
  us_ein: "US Employer Identification Number (EIN)",
  eu_vat: "EU VAT identification number",
  national_tin: "Tax identification number of your country",
} as const satisfies Record<TaxIdKind, string>;

// The countries' names (shared/countries.json) are not imported here: this module is in every form
// page's scripts (vite.config.ts), the list only in the tax details form's. A country is two capital
// letters here; saveSellerTaxDetails refuses a code that is not in the list (only a forged form sends one).
const COUNTRY_CODE = /^[A-Z]{2}$/;

const VAT_PREFIXES: Record<string, string> = taxRules.dac7.memberStates.vatPrefixes;

/** Whether `country` is an EU member state (shared/tax-reporting-rules.json), where DAC7 applies. */
export function isEuMemberState(country: string | undefined): boolean {
  return country !== undefined && Object.hasOwn(VAT_PREFIXES, country);
}

/** The prefix of the VAT numbers of an EU member state ("GR" -> "EL"); "DE" for any other, as an example. */
export function vatPrefixOf(country: string | undefined): string {
  return (country !== undefined && VAT_PREFIXES[country]) || "DE";
}

/** The tax number kinds that go with an address in `country`: a US address takes a US number. */
export function taxIdKindsFor(country: string | undefined): readonly TaxIdKind[] {
  if (country === "US") return ["us_ssn_itin", "us_ein"];
  if (isEuMemberState(country)) return ["national_tin", "eu_vat"];
  if (country === undefined) return TAX_ID_KINDS;
  return ["national_tin"];
}

/** Whether a seller of this type living in `country` gives a date of birth: DAC7 asks it of individuals in the EU. */
export function asksDateOfBirth(sellerType: SellerType | undefined, country: string | undefined): boolean {
  return sellerType !== "business" && (country === undefined || isEuMemberState(country));
}

const MESSAGES = {
  sellerType: "Choose whether you sell as an individual or as a business.",
  legalName: "Enter your full legal name, as on your tax documents.",
  addressLine1: "Enter the first line of your address.",
  city: "Enter your city or town.",
  region: "Enter your state.",
  postalCode: "Enter your postal code, with letters, digits, spaces or hyphens.",
  zip: "Enter your ZIP code, like 94103 or 94103-1234.",
  country: "Choose the country you live in (for a business: where it is established).",
  taxIdKind: "Choose the kind of tax number you give.",
  taxId: "Enter your tax number.",
  ssn: "Enter the 9 digits of your Social Security number or ITIN, like 123-45-6789.",
  ein: "Enter the 9 digits of your EIN, like 12-3456789.",
  usNumberElsewhere: "A US number goes with a US address: choose the tax number of the country you live in.",
  usAddress: "With a US address, give your US Social Security number, ITIN or EIN.",
  vatOutsideEu: "An EU VAT number goes with an address in the EU: choose the tax number of your country.",
  vatFormat: "Enter the VAT number with its country prefix, like DE123456789.",
  tinFormat: "Enter your tax number: 3 to 30 letters and digits (spaces, dots, slashes and hyphens may separate them).",
  dateOfBirth: "Enter your date of birth, like 1990-04-25.",
  dateOfBirthPast: "Enter a date of birth in the past.",
} as const;

const text = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters.`);
const optionalText = (max: number) =>
  z.string().trim().max(max, `Please keep this under ${max} characters.`).optional();

/** A tax number as kept: its separators taken out and upper case ("de 123.456.789" -> "DE123456789"). */
function compact(value: string): string {
  return value.replace(/[\s./-]/g, "").toUpperCase();
}

/** A YYYY-MM-DD date that exists; undefined otherwise ("2026-02-31" is not one). */
function parseDay(value: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const day = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value ? undefined : day;
}

const taxDetailsFields = z.object({
  sellerType: z.enum(SELLER_TYPES, { error: MESSAGES.sellerType }),
  legalName: text(200, MESSAGES.legalName),
  addressLine1: text(200, MESSAGES.addressLine1),
  addressLine2: optionalText(200),
  city: text(100, MESSAGES.city),
  region: optionalText(100),
  postalCode: optionalText(20),
  country: z.string({ error: MESSAGES.country }).regex(COUNTRY_CODE, MESSAGES.country),
  taxIdKind: z.enum(TAX_ID_KINDS, { error: MESSAGES.taxIdKind }),
  taxId: text(40, MESSAGES.taxId),
  vatId: optionalText(40),
  businessRegistrationNumber: optionalText(60),
  dateOfBirth: z.string().trim().optional(),
});

type TaxDetailsFields = z.output<typeof taxDetailsFields>;
type Issue = { path: [keyof TaxDetailsFields]; message: string };

/** What is wrong with the tax number for its kind and the country, if anything. */
function taxIdIssues({ taxIdKind, taxId, country }: TaxDetailsFields): Issue[] {
  const id = compact(taxId);
  const onKind = (message: string): Issue[] => [{ path: ["taxIdKind"], message }];
  const onId = (message: string): Issue[] => [{ path: ["taxId"], message }];
  if (taxIdKind === "us_ssn_itin" || taxIdKind === "us_ein") {
    if (country !== "US") return onKind(MESSAGES.usNumberElsewhere);
    return /^\d{9}$/.test(id) ? [] : onId(taxIdKind === "us_ssn_itin" ? MESSAGES.ssn : MESSAGES.ein);
  }
  if (country === "US") return onKind(MESSAGES.usAddress);
  if (taxIdKind === "eu_vat") {
    if (!isEuMemberState(country)) return onKind(MESSAGES.vatOutsideEu);
    const prefix = vatPrefixOf(country);
    return new RegExp(`^${prefix}[0-9A-Z+*]{2,12}$`).test(id)
      ? []
      : onId(`Enter a VAT number with the prefix ${prefix} of the country of your address, like ${prefix}123456789.`);
  }
  return /^[0-9A-Z]{3,30}$/.test(id) ? [] : onId(MESSAGES.tinFormat);
}

function otherIssues(fields: TaxDetailsFields, today: string): Issue[] {
  const issues: Issue[] = [];
  if (fields.country === "US") {
    if (!fields.region) issues.push({ path: ["region"], message: MESSAGES.region });
    if (!/^\d{5}(-\d{4})?$/.test(fields.postalCode ?? "")) issues.push({ path: ["postalCode"], message: MESSAGES.zip });
  } else if (fields.postalCode && !/^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(fields.postalCode)) {
    issues.push({ path: ["postalCode"], message: MESSAGES.postalCode });
  }
  if (fields.vatId && !/^[A-Z]{2}[0-9A-Z+*]{2,12}$/.test(compact(fields.vatId))) {
    issues.push({ path: ["vatId"], message: MESSAGES.vatFormat });
  }
  if (asksDateOfBirth(fields.sellerType, fields.country)) {
    const day = parseDay(fields.dateOfBirth ?? "");
    if (!day || day.getUTCFullYear() < 1900) issues.push({ path: ["dateOfBirth"], message: MESSAGES.dateOfBirth });
    else if ((fields.dateOfBirth ?? "") >= today)
      issues.push({ path: ["dateOfBirth"], message: MESSAGES.dateOfBirthPast });
  }
  return issues;
}

/**
 * The tax details form: every field checked, then the rules that tie fields together (a US address
 * takes a US number and a state and ZIP code; an EU VAT number the prefix of the address's country;
 * an individual in the EU a date of birth). A refinement, not a transform, so that Conform reads the
 * fields' constraints for the form; `toTaxDetails` gives what is kept.
 */
export const sellerTaxDetailsSchema = taxDetailsFields.superRefine((fields, context) => {
  // The country's own problem is said beside it; the rules that follow from it wait for a real one.
  if (!COUNTRY_CODE.test(fields.country)) return;
  const today = new Date().toISOString().slice(0, 10);
  for (const issue of [...taxIdIssues(fields), ...otherIssues(fields, today)]) {
    context.addIssue({ code: "custom", ...issue });
  }
});

/** The tax details as kept: numbers compacted, and only what applies to this seller (no date of birth of a business). */
export interface SellerTaxDetailsInput {
  sellerType: SellerType;
  legalName: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  region: string | null;
  postalCode: string | null;
  country: string;
  taxIdKind: TaxIdKind;
  taxId: string;
  vatId: string | null;
  businessRegistrationNumber: string | null;
  /** YYYY-MM-DD; only for an individual in the EU. */
  dateOfBirth: string | null;
}

export function toTaxDetails(fields: z.output<typeof sellerTaxDetailsSchema>): SellerTaxDetailsInput {
  const business = fields.sellerType === "business";
  return {
    sellerType: fields.sellerType,
    legalName: fields.legalName,
    addressLine1: fields.addressLine1,
    addressLine2: fields.addressLine2 || null,
    city: fields.city,
    region: fields.region || null,
    postalCode: fields.postalCode ? fields.postalCode.toUpperCase() : null,
    country: fields.country,
    taxIdKind: fields.taxIdKind,
    taxId: formatTaxId(fields.taxIdKind, compact(fields.taxId)),
    vatId: fields.vatId ? compact(fields.vatId) : null,
    businessRegistrationNumber: business ? fields.businessRegistrationNumber || null : null,
    dateOfBirth: asksDateOfBirth(fields.sellerType, fields.country) ? (fields.dateOfBirth ?? null) : null,
  };
}

/** A US number as the IRS writes it (123-45-6789, 12-3456789); any other as compacted. */
function formatTaxId(kind: TaxIdKind, id: string): string {
  if (kind === "us_ssn_itin") return `${id.slice(0, 3)}-${id.slice(3, 5)}-${id.slice(5)}`;
  if (kind === "us_ein") return `${id.slice(0, 2)}-${id.slice(2)}`;
  return id;
}
