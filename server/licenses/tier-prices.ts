import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { LICENSE_TIER_NAMES, type LicenseTier, type TierPrices } from "../../shared/license-tiers.ts";
import { products } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";

// What a licence of each tier costs: the product's columns, read in SQL where the cart and orders
// price their lines, so that a price is always the catalogue's at the time of reading.

/** The price of the tier named by `tier` (a column or a value); NULL when the product is not sold under it. */
export function tierPriceSql(tier: AnyColumn | SQL | LicenseTier): SQL<number | null> {
  return sql<number | null>`CASE ${tier}
    WHEN 'commercial' THEN ${products.commercialPriceCents}
    WHEN 'extended' THEN ${products.extendedPriceCents}
    WHEN 'personal' THEN ${products.priceCents}
  END`;
}

/** A product row's tier prices. */
export function tierPricesOf(product: {
  priceCents: number;
  commercialPriceCents: number | null;
  extendedPriceCents: number | null;
}): TierPrices {
  return {
    personal: product.priceCents,
    commercial: product.commercialPriceCents,
    extended: product.extendedPriceCents,
  };
}

/** Refuses a tier the product is not sold under, by name ("This product is not sold with an Extended license."). */
export function requireTierOffered(prices: TierPrices, tier: LicenseTier): number {
  const priceCents = prices[tier];
  if (priceCents === null) {
    const name = LICENSE_TIER_NAMES[tier];
    throw new Refusal(`This product is not sold with ${/^[AEIOU]/.test(name) ? "an" : "a"} ${name} license.`, 400);
  }
  return priceCents;
}
