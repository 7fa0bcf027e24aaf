import { eq, sql } from "drizzle-orm";
import countryList from "../../shared/countries.json" with { type: "json" };
import {
  type SellerTaxDetailsInput,
  sellerTaxDetailsSchema,
  TAX_ID_KIND_NAMES,
} from "../../shared/seller-tax-details-schema.ts";
import type { Queryable } from "../db/client.ts";
import { sellerTaxDetails } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";

// A seller's tax details (shared/seller-tax-details-schema.ts says what is asked and checks it):
// one row per shop, replaced when the seller saves the form again. The payout run asks
// sellerTaxDetailsComplete before a seller's payout; the yearly income report reads them.

export type SellerTaxDetails = typeof sellerTaxDetails.$inferSelect;

const COUNTRY_NAMES: ReadonlyMap<string, string> = new Map(
  countryList.countries.map((country) => [country.code, country.name]),
);

/** "DE" -> "Germany" (shared/countries.json); a code not in the list as it is. */
export function countryName(code: string): string {
  return COUNTRY_NAMES.get(code) ?? code;
}

export const UNKNOWN_COUNTRY = "Choose the country you live in from the list.";

/** Saves the seller's checked tax details, replacing what was there; a country not in the list is refused (400). */
export async function saveSellerTaxDetails(db: Queryable, creatorId: number, input: SellerTaxDetailsInput) {
  if (!COUNTRY_NAMES.has(input.country)) throw new Refusal(UNKNOWN_COUNTRY, "invalid", { field: "country" });
  await db
    .insert(sellerTaxDetails)
    .values({ creatorId, ...input })
    .onConflictDoUpdate({ target: sellerTaxDetails.creatorId, set: { ...input, updatedAt: sql`now()` } });
}

export async function sellerTaxDetailsOf(db: Queryable, creatorId: number): Promise<SellerTaxDetails | null> {
  const [row] = await db.select().from(sellerTaxDetails).where(eq(sellerTaxDetails.creatorId, creatorId));
  return row ?? null;
}

/** The form's values for a saved row: what the seller typed, as kept. */
export function taxDetailsFormValues(row: SellerTaxDetails) {
  return {
    sellerType: row.sellerType,
    legalName: row.legalName,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2 ?? undefined,
    city: row.city,
    region: row.region ?? undefined,
    postalCode: row.postalCode ?? undefined,
    country: row.country,
    taxIdKind: row.taxIdKind,
    taxId: row.taxId,
    vatId: row.vatId ?? undefined,
    businessRegistrationNumber: row.businessRegistrationNumber ?? undefined,
    dateOfBirth: row.dateOfBirth ?? undefined,
  };
}

/** Whether a saved row still passes today's form: a rule added later asks the seller again. */
function isComplete(row: SellerTaxDetails): boolean {
  return COUNTRY_NAMES.has(row.country) && sellerTaxDetailsSchema.safeParse(taxDetailsFormValues(row)).success;
}

/** A shop's tax details as the payout run and the income report see them. */
export function taxDetailsState(row: SellerTaxDetails | null | undefined): "complete" | "incomplete" | "missing" {
  if (!row) return "missing";
  return isComplete(row) ? "complete" : "incomplete";
}

/**
 * Whether the shop's tax details are there and complete, as a payout needs them (the payout run
 * calls this before paying a seller; a seller without them keeps their balance until they add them).
 */
export async function sellerTaxDetailsComplete(db: Queryable, creatorId: number): Promise<boolean> {
  return taxDetailsState(await sellerTaxDetailsOf(db, creatorId)) === "complete";
}

/** What the Earnings page says of the seller's tax details: none yet, incomplete, or when they were saved. */
export async function taxDetailsStatus(db: Queryable, creatorId: number) {
  const row = await sellerTaxDetailsOf(db, creatorId);
  const state = taxDetailsState(row);
  if (!row || state === "missing") return { state: "missing" as const };
  return {
    state,
    legalName: row.legalName,
    taxIdKind: TAX_ID_KIND_NAMES[row.taxIdKind],
    /** The last 4 characters only: the page need not show the whole number. */
    taxIdEnd: row.taxId.slice(-4),
    updatedAt: row.updatedAt.toISOString(),
  };
}
