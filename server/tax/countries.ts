import countries from "i18n-iso-countries/index.js";
import english from "i18n-iso-countries/langs/en.json" with { type: "json" };
import type { TaxRateTable } from "./rate-table.ts";
import { viesPrefixOf } from "./vat-numbers/vat-number-rules.ts";

// Country codes and their English names from i18n-iso-countries: ISO 3166-1's officially assigned
// alpha-2 codes, and Kosovo's XK, which ISO leaves user-assigned but card networks and payment
// providers use. What a buyer may choose at checkout, and how the cart names their country.
// English only: the library's Node entry registers all 79 languages (15 MB and 40 ms at start).

countries.registerLocale(english);

/** Whether `code` is a country's ISO 3166-1 alpha-2 code (or XK), in capitals ("DE", not "de" or "DEU"). */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}

/** "GB" -> "United Kingdom"; a code that is not a country's, as it is. */
export function countryName(code: string): string {
  return countries.getName(code, "en", { select: "official" }) ?? code;
}

/** Every country a buyer may choose at checkout, by English name. */
export function checkoutCountries(): { code: string; name: string }[] {
  return Object.entries(countries.getNames("en", { select: "official" }))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}

/** What the cart's place fields offer: every country, and the provinces of those the table taxes by province. */
export interface TaxPlaces {
  countries: { code: string; name: string }[];
  regions: Record<string, { code: string; name: string }[]>;
  /** Where a business with a VAT number VIES confirms pays no VAT (a reverse charge): the EU's member states. */
  vatNumberCountries: string[];
}

export function taxPlacesOf(rates: TaxRateTable): TaxPlaces {
  const regions = Object.entries(rates.countries).flatMap(([country, tax]) =>
    tax.regions
      ? [
          [
            country,
            Object.entries(tax.regions)
              .map(([code, region]) => ({ code, name: region.name }))
              .sort((a, b) => a.name.localeCompare(b.name, "en")),
          ] as const,
        ]
      : [],
  );
  const vatNumberCountries = Object.entries(rates.countries)
    .filter(([code, tax]) => tax.reverseCharge && viesPrefixOf(code) !== undefined)
    .map(([code]) => code);
  return { countries: checkoutCountries(), regions: Object.fromEntries(regions), vatNumberCountries };
}
