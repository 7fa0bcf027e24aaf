import { LICENSE_TIER_NAMES, type LicenseTier, seatsLabel } from "@shared/license-tiers.ts";

/** A cart line's license and seats, as the cart and the order summary show them: "Commercial license · 2 seats". */
export function licenseLine({ licenseTier, quantity }: { licenseTier: LicenseTier; quantity: number }): string {
  return `${LICENSE_TIER_NAMES[licenseTier]} license · ${seatsLabel(quantity)}`;
}
