import { SELLER_CONTACT_CONSENT_LABEL } from "@shared/seller-contact-consent.ts";
import { CheckField } from "~/components/ui/check-field";

/**
 * The checkout's box that lets the creators of what is bought email the buyer (their customers list
 * and broadcasts): never ticked for them, and optional. Controlled when `checked` is given (the
 * cart's), otherwise sent with its form as `sellerContactConsent` (the guest dialog's).
 */
export function SellerContactConsent({
  checked,
  onChange,
  disabled,
}: {
  checked?: boolean;
  onChange?: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <CheckField
      name="sellerContactConsent"
      checked={checked}
      onChange={onChange}
      disabled={disabled}
      hint="Optional. They see your name and email on their customers list; every email lets you turn them off."
    >
      {SELLER_CONTACT_CONSENT_LABEL}
    </CheckField>
  );
}
