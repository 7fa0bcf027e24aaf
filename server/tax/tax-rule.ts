import { TAX_LABEL, TAX_PERCENT } from "../../shared/shop-facts.ts";
import { Refusal } from "../lib/refusal.ts";
import { countryName } from "./countries.ts";
import type { PlaceOfSupply } from "./place-of-supply.ts";
import type { TaxComponent, TaxRateTable } from "./rate-table.ts";

// Which tax a buyer pays, and what the cart calls it (docs/decisions/057): the spec's flat 8%, or
// the rate of the buyer's place from the table, none for a business buyer under a reverse charge,
// and none where the table has no rate.

/** flat: the spec's 8% of the subtotal for everyone (the default); by-location: the buyer's place's rate. */
export type TaxMode = "flat" | "by-location";

/** A business buyer, as the checkout found them: a VAT (GST, ABN...) number checked as valid. */
interface BusinessBuyer {
  vatNumberValid: boolean;
}

export interface TaxRuleInput {
  mode: TaxMode;
  /** The buyer's place (placeOfSupply); not needed in flat mode. */
  place?: PlaceOfSupply | null;
  rates: TaxRateTable;
  business?: BusinessBuyer | null;
  /** Where the shop itself is established (SHOP_COUNTRY): a business there is charged like anyone. */
  shopCountry?: string | null;
}

export interface TaxRule {
  kind: "flat" | "rate" | "reverse-charge" | "none";
  taxName: string;
  /** The rate charged: the components' sum; 0 under a reverse charge or where there is no rate. */
  rateBasisPoints: number;
  components: TaxComponent[];
  /** Whether the catalogue price is what the buyer pays, tax included (the custom of their place). */
  pricesIncludeTax: boolean;
  /** The cart's line: "VAT 20% (United Kingdom)". */
  label: string;
  /** What the invoice must say, under a reverse charge. */
  mention: string | null;
  /** The place taxed is the buyer's choice alone so far: confirm it before the order is final. */
  provisional: boolean;
  /**
   * Under a reverse charge where prices include tax: the rate a consumer's price includes, which a
   * business does not pay (taxForLines takes it off); 0 otherwise.
   */
  waivedRateBasisPoints: number;
}

const CONFIRM_PLACE = "Confirm the country you live in before you pay.";

export function taxRuleFor({ mode, place, rates, business, shopCountry }: TaxRuleInput): TaxRule {
  if (mode === "flat") {
    const rate = TAX_PERCENT * 100;
    return rule("flat", "Tax", rate, false, TAX_LABEL, null, false);
  }
  if (!place) throw new Refusal(CONFIRM_PLACE, "invalid", { field: "country" });
  if (place.status === "conflict") throw new Refusal(place.message, "conflict", { field: "country" });
  const provisional = place.status === "unconfirmed";
  const country = rates.countries[place.country];
  const region = place.region ? country?.regions?.[place.region] : undefined;
  const where = region ? `${region.name}, ${countryName(place.country)}` : countryName(place.country);
  if (!country) return rule("none", "Tax", 0, false, `No tax (${where})`, null, provisional);
  const taxName = region?.taxName ?? country.taxName;
  const rateBasisPoints = region?.rateBasisPoints ?? country.rateBasisPoints;
  if (business?.vatNumberValid && country.reverseCharge && place.country !== shopCountry) {
    const label = `${taxName} 0%, reverse charge (${where})`;
    return {
      ...rule("reverse-charge", taxName, 0, country.pricesIncludeTax, label, country.reverseCharge, provisional),
      waivedRateBasisPoints: country.pricesIncludeTax ? rateBasisPoints : 0,
    };
  }
  return {
    ...rule("rate", taxName, rateBasisPoints, country.pricesIncludeTax, "", null, provisional),
    components: region?.components ?? [{ name: taxName, rateBasisPoints }],
    label: `${taxName} ${percent(rateBasisPoints)}% (${where})`,
  };
}

/** The cart's name for the buyer's tax: "VAT 20% (United Kingdom)", "HST 13% (Ontario, Canada)", "Tax (8%)". */
export function taxLabel(input: TaxRuleInput): string {
  return taxRuleFor(input).label;
}

function rule(
  kind: TaxRule["kind"],
  taxName: string,
  rateBasisPoints: number,
  pricesIncludeTax: boolean,
  label: string,
  mention: string | null,
  provisional: boolean,
): TaxRule {
  const components = rateBasisPoints > 0 ? [{ name: taxName, rateBasisPoints }] : [];
  return {
    kind,
    taxName,
    rateBasisPoints,
    components,
    pricesIncludeTax,
    label,
    mention,
    provisional,
    waivedRateBasisPoints: 0,
  };
}

/** 2000 -> "20", 2550 -> "25.5", 1497.5 -> "14.975". */
function percent(rateBasisPoints: number): string {
  return String(Math.round(rateBasisPoints * 10) / 1000);
}
