import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { shoppers } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { isCountryCode } from "../tax/countries.ts";
import { regionNeeded, UNKNOWN_COUNTRY } from "../tax/place-of-supply.ts";
import type { TaxRateTable } from "../tax/rate-table.ts";
import type { VatNumberCheck } from "../tax/vat-numbers/vat-number-check.ts";

// Where a shopper says they live, kept with their cart for its tax (TAX_MODE=by-location): the
// cart shows the tax of that place, and the checkout sends it as the buyer's billing country.

/**
 * Keeps `country` (and, where the table taxes by province, `region`) as the shopper's place.
 * Refuses (400), changing nothing, a country that is none, or a province that is not one of it;
 * a country taxed by province may come without one yet (the cart then asks for it).
 */
export async function chooseTaxPlace(
  db: Queryable,
  { shopperId, country, region, rates }: { shopperId: string; country: string; region?: string; rates: TaxRateTable },
): Promise<void> {
  if (!isCountryCode(country)) throw new Refusal(UNKNOWN_COUNTRY, "invalid", { field: "country" });
  const regions = rates.countries[country]?.regions;
  const chosenRegion = regions && region ? region : null;
  if (chosenRegion && !Object.hasOwn(regions!, chosenRegion)) {
    throw new Refusal(regionNeeded(country), "invalid", { field: "region" });
  }
  await db
    .update(shoppers)
    .set({ taxCountry: country, taxRegion: chosenRegion, updatedAt: sql`now()` })
    .where(eq(shoppers.id, shopperId));
}

/** Checks a VAT number as the buyer typed it, for the buyer's country (server/tax/vat-numbers/). */
export type CheckVatNumber = (input: { input: string; country?: string }) => Promise<VatNumberCheck>;

/**
 * Keeps a business buyer's VAT number with the cart, as checking it answered (confirmed, or not
 * checkable now); none (`vatNumber` undefined) takes it away. A malformed or unregistered number is
 * refused (400) by the check, changing nothing.
 */
export async function chooseVatNumber(
  db: Queryable,
  { shopperId, vatNumber, check }: { shopperId: string; vatNumber: string | undefined; check: CheckVatNumber },
): Promise<void> {
  if (!vatNumber) {
    await db.update(shoppers).set({ vatNumber: null, vatCheck: null }).where(eq(shoppers.id, shopperId));
    return;
  }
  const [shopper] = await db.select({ country: shoppers.taxCountry }).from(shoppers).where(eq(shoppers.id, shopperId));
  const checked = await check({ input: vatNumber, country: shopper?.country ?? undefined });
  await db
    .update(shoppers)
    .set({ vatNumber: checked.vatNumber, vatCheck: checked, updatedAt: sql`now()` })
    .where(eq(shoppers.id, shopperId));
}
