import { formatPrice } from "@shared/format.ts";
import { LICENSE_TERMS } from "@shared/license-terms.ts";
import { LICENSE_TIER_NAMES, type LicenseTier, offeredTiers, type TierPrices } from "@shared/license-tiers.ts";
import { useId } from "react";
import { Link } from "react-router";
import { LicenseComparisonTable } from "~/components/content/license-comparison";

/** Whether a product is sold under more than the Personal license, so that the shopper has a choice (here and in the cart). */
export function hasLicenseChoice(prices: TierPrices): boolean {
  return offeredTiers(prices).length > 1;
}

/**
 * The product page's license choice: one radio per tier the product is sold under, with its price
 * and what it is for in the License page's words (shared/license-terms.ts). A product sold under Personal only says so in a line, without a choice.
 */
export function LicenseChoice({
  prices,
  value,
  onChange,
}: {
  prices: TierPrices;
  value: LicenseTier;
  onChange: (tier: LicenseTier) => void;
}) {
  const id = useId();
  if (!hasLicenseChoice(prices)) {
    return (
      <p className="mt-4 text-sm text-muted-foreground">
        <span className="font-medium text-foreground">Personal license</span> <span aria-hidden="true">·</span>{" "}
        <Link to="/license" className="font-medium text-primary underline-offset-4 hover:underline">
          License terms
        </Link>
      </p>
    );
  }
  return (
    <fieldset className="mt-6 min-w-0">
      <legend className="text-sm font-semibold">License</legend>
      <div className="mt-2 flex flex-col gap-2">
        {offeredTiers(prices).map(({ tier, priceCents }) => (
          // The whole tile picks the tier; the radio's name is the tier and its price, the summary its description.
          <label
            key={tier}
            className="flex cursor-pointer gap-3 rounded-lg border border-border p-3 transition-colors hover:bg-muted/50 has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
          >
            <input
              type="radio"
              name="license"
              value={tier}
              checked={value === tier}
              onChange={() => onChange(tier)}
              aria-labelledby={`${id}-${tier}-name ${id}-${tier}-price`}
              aria-describedby={`${id}-${tier}-summary`}
              className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
            />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span id={`${id}-${tier}-name`} className="font-medium">
                  {LICENSE_TIER_NAMES[tier]}
                </span>
                <span id={`${id}-${tier}-price`} className="font-semibold">
                  {formatPrice(priceCents)}
                </span>
              </span>
              <span id={`${id}-${tier}-summary`} className="mt-0.5 block text-sm text-muted-foreground">
                {LICENSE_TERMS[tier].summary}
              </span>
            </span>
          </label>
        ))}
      </div>
      {/* Opens in place: the shopper compares without leaving the product they are choosing for. */}
      <details className="mt-2 text-sm">
        <summary className="w-fit cursor-pointer rounded-sm font-medium text-primary underline-offset-4 hover:underline">
          Compare licenses
        </summary>
        {/* Width 0 stretched to the column's: the table's own width never widens the page (it scrolls). */}
        <div className="mt-3 w-0 min-w-full">
          <LicenseComparisonTable className="min-w-[30rem] text-sm" />
          <p className="mt-2">
            <Link to="/license" className="font-medium text-primary underline-offset-4 hover:underline">
              All license terms
            </Link>
          </p>
        </div>
      </details>
    </fieldset>
  );
}
