import { SELLER_CONTACT_CONSENT_LABEL } from "@shared/seller-contact-consent.ts";
import { useId } from "react";

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
  const hint = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="sellerContactConsent"
          checked={checked}
          onChange={onChange ? (event) => onChange(event.target.checked) : undefined}
          disabled={disabled}
          aria-describedby={hint}
          className="mt-0.5 size-4 shrink-0 accent-primary"
        />
        <span className="min-w-0">{SELLER_CONTACT_CONSENT_LABEL}</span>
      </label>
      <p id={hint} className="pl-6 text-xs text-muted-foreground">
        Optional. They see your name and email on their customers list; every email lets you turn them off.
      </p>
    </div>
  );
}
