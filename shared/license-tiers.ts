// The licences a product is sold under (the License page, /license): Personal, Commercial and
// Extended, each allowing what the one before allows and more. A seller prices each tier they
// offer; Personal is always offered. The terms a buyer agreed to are kept with their licence by
// version, so that a later change to the License page does not change what they bought.

export const LICENSE_TIERS = ["personal", "commercial", "extended"] as const;
export type LicenseTier = (typeof LICENSE_TIERS)[number];

/** How the License page, the product page, receipts and certificates name each tier. */
export const LICENSE_TIER_NAMES: Record<LicenseTier, string> = {
  personal: "Personal",
  commercial: "Commercial",
  extended: "Extended",
};

/** A tier's name as a sentence says it: "a Personal license", "an Extended license". */
export function aLicense(tier: LicenseTier): string {
  const name = LICENSE_TIER_NAMES[tier];
  return `${/^[AEIOU]/.test(name) ? "an" : "a"} ${name} license`;
}

/** The version of the License page's terms that licences bought now come with. */
export const LICENSE_TERMS_VERSION = "2026-11";
/** When that version took effect, as the License page says. */
export const LICENSE_TERMS_EFFECTIVE = "2026-11-24";

/** The most seats one licence may have: the cart's most of one product. */
export const MAX_SEATS = 99;

/** Whether `tier` allows more than `than` (an upgrade goes to a higher tier). */
export function isHigherTier(tier: LicenseTier, than: LicenseTier): boolean {
  return LICENSE_TIERS.indexOf(tier) > LICENSE_TIERS.indexOf(than);
}

/** "1 seat", "2 seats". */
export function seatsLabel(seats: number): string {
  return `${seats} ${seats === 1 ? "seat" : "seats"}`;
}

/** A product's price of each tier it is sold under, in cents; a tier it is not sold under is null. */
export interface TierPrices {
  personal: number;
  commercial: number | null;
  extended: number | null;
}

/** The tiers a product is sold under, lowest first, with their prices. */
export function offeredTiers(prices: TierPrices): { tier: LicenseTier; priceCents: number }[] {
  return LICENSE_TIERS.flatMap((tier) => {
    const priceCents = prices[tier];
    return priceCents === null ? [] : [{ tier, priceCents }];
  });
}

/** A bought item's title with its licence where it is more than Personal: "Boho Poster (Extended license)". */
export function licensedTitle(title: string, tier: LicenseTier): string {
  return tier === "personal" ? title : `${title} (${LICENSE_TIER_NAMES[tier]} license)`;
}
