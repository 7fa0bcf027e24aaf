import { formatPrice } from "@shared/format.ts";
import { TAX_LABEL } from "@shared/shop-facts.ts";
import { cn } from "~/lib/utils";

/**
 * Subtotal, the discount when there is one, 8% tax and total, as the cart and every
 * order show them: the server's amounts, never worked out here.
 */
export function Totals({
  subtotalCents,
  discountCents = 0,
  discountCode,
  taxCents,
  totalCents,
  className,
}: {
  subtotalCents: number;
  discountCents?: number;
  /** The code that took the discount off, named in its row. */
  discountCode?: string | null;
  taxCents: number;
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
          <dd className="text-right text-success">{formatPrice(-discountCents)}</dd>
        </>
      ) : null}
      <dt className="text-muted-foreground">{TAX_LABEL}</dt>
      <dd className="text-right">{formatPrice(taxCents)}</dd>
      <dt className="text-base font-semibold">Total</dt>
      <dd className="text-right text-base font-semibold">{formatPrice(totalCents)}</dd>
    </dl>
  );
}
