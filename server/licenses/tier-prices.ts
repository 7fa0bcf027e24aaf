import { aLicense, type LicenseTier, type TierPrices } from "../../shared/license-tiers.ts";
import { chosenPriceRefusal, MAX_CHOSEN_PRICE_CENTS } from "../../shared/pay-what-you-want.ts";
import { products } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";

// What one seat of a product costs on a cart line or an order: the price of its licence tier, or,
// for a pay-what-you-want product, what the buyer chose (never below the minimum). Read from the
// catalogue each time, so that a price is always the catalogue's at the time of reading.

/** The product's columns a line's price comes from. */
export interface PricedProduct {
  priceCents: number;
  commercialPriceCents: number | null;
  extendedPriceCents: number | null;
  payWhatYouWant: boolean;
  suggestedPriceCents: number | null;
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

/**
 * One seat's price under `tier`; null when the product is not sold under it. Pay what you want:
 * the buyer's choice, or the suggestion, or the minimum, and never below the minimum (a seller
 * who raised it since the buyer chose).
 */
export function seatPrice(product: PricedProduct, tier: LicenseTier, chosenCents: number | null): number | null {
  if (product.payWhatYouWant) {
    if (tier !== "personal") return null;
    return Math.max(chosenCents ?? product.suggestedPriceCents ?? product.priceCents, product.priceCents);
  }
  return tierPricesOf(product)[tier];
}

/** Refuses a tier the product is not sold under, by name ("This product is not sold with an Extended license."). */
export function requireTierOffered(prices: TierPrices, tier: LicenseTier): number {
  const priceCents = prices[tier];
  if (priceCents === null) {
    throw new Refusal(`This product is not sold with ${aLicense(tier)}.`, "invalid");
  }
  return priceCents;
}

/** Refuses a chosen price below the product's minimum or above the most the shop takes. */
export function requireChosenPrice(product: PricedProduct, chosenCents: number): void {
  if (chosenCents < product.priceCents || chosenCents > MAX_CHOSEN_PRICE_CENTS) {
    throw new Refusal(chosenPriceRefusal(product.priceCents), "invalid");
  }
}

/** The columns of `products` a line's price needs, for a select. */
export const pricedProductColumns = {
  priceCents: products.priceCents,
  commercialPriceCents: products.commercialPriceCents,
  extendedPriceCents: products.extendedPriceCents,
  payWhatYouWant: products.payWhatYouWant,
  suggestedPriceCents: products.suggestedPriceCents,
};
