import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { shoppers } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { isCountryCode } from "../tax/countries.ts";
import { regionNeeded, UNKNOWN_COUNTRY } from "../tax/place-of-supply.ts";
import type { TaxRateTable } from "../tax/rate-table.ts";

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
