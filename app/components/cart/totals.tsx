import { formatPrice, taxRowLabel, WAIVED_TAX_LABEL } from "@shared/format.ts";
import { cn } from "~/lib/utils";

/**
 * Subtotal, the discount when there is one, the tax and total, as the cart and every order show
 * them: the server's amounts, never worked out here. The tax is named as the server names it ("Tax
 * (8%)", "VAT 20% (United Kingdom)"); where the prices include it, it is shown as included, and
 * the total is not raised by it.
 */
export function Totals({
  subtotalCents,
  discountCents = 0,
  discountCode,
  taxCents,
  taxLabel,
  taxIncluded,
  waivedTaxCents = 0,
  totalCents,
  className,
}: {
  subtotalCents: number;
  discountCents?: number;
  /** The code that took the discount off, named in its row. */
  discountCode?: string | null;
  taxCents: number;
  taxLabel: string;
  taxIncluded: boolean;
  /** The VAT in the prices a business under a reverse charge does not pay. */
  waivedTaxCents?: number;
  totalCents: number;
  className?: string;
}) {
  return (
    <dl className={cn("grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm", className)}>
      <dt className="text-muted-foreground">Subtotal</dt>
      <dd className="text-right">{formatPrice(subtotalCents)}</dd>
      {discountCents > 0 ? (
        <>
          <dt className="min-w-0 wrap-anywhere text-muted-foreground">
            Discount{discountCode ? ` (${discountCode})` : ""}
          </dt>
          {/* A real minus sign, read as "minus". */}
          <dd className="text-right text-success">−{formatPrice(discountCents)}</dd>
        </>
      ) : null}
      {waivedTaxCents > 0 ? (
        <>
          <dt className="text-muted-foreground">{WAIVED_TAX_LABEL}</dt>
          <dd className="text-right text-success">−{formatPrice(waivedTaxCents)}</dd>
        </>
      ) : null}
      <dt className="text-muted-foreground">{taxRowLabel(taxLabel, taxIncluded)}</dt>
      <dd className="text-right">{formatPrice(taxCents)}</dd>
      <dt className="text-base font-semibold">Total</dt>
      <dd className="text-right text-base font-semibold">{formatPrice(totalCents)}</dd>
    </dl>
  );
}
