import { isEuMemberState } from "../../shared/seller-tax-details-schema.ts";

/**
 * Whether a buyer has the EU consumer's right to withdraw (Directive 2011/83/EU): taxed in a member
 * state (TAX_MODE=by-location), and not a business whose VAT number VIES confirmed. Under the flat
 * rule the shop does not know where a buyer lives, and asks nothing (docs/decisions/063).
 */
export function hasConsumerRights(order: { taxCountry: string | null; buyerVatState: string | null }): boolean {
  return (
    order.taxCountry !== null &&
    isEuMemberState(order.taxCountry) &&
    // Confirmed at the checkout, or after it (the VAT refunded): a business either way.
    order.buyerVatState !== "confirmed" &&
    order.buyerVatState !== "refunded"
  );
}

/** The same for a buyer before their order exists: their tax as the cart or the checkout worked it out. */
export function buyerHasConsumerRights(tax: { country: string | null; vatCheck: { status: string } | null }): boolean {
  return hasConsumerRights({
    taxCountry: tax.country,
    buyerVatState: tax.vatCheck?.status === "valid" ? "confirmed" : null,
  });
}
