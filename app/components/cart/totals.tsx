import { formatPrice } from "@shared/format.ts";
import { TAX_LABEL } from "@shared/shop-facts.ts";
import { cn } from "~/lib/utils";

/** Subtotal, 8% tax and total (SPEC section 9), as the cart and every order show them. */
export function Totals({
  subtotalCents,
  taxCents,
  totalCents,
  className,
}: {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  className?: string;
}) {
  return (
    <dl className={cn("grid grid-cols-[1fr_auto] gap-y-1 text-sm", className)}>
      <dt className="text-muted-foreground">Subtotal</dt>
      <dd className="text-right">{formatPrice(subtotalCents)}</dd>
      <dt className="text-muted-foreground">{TAX_LABEL}</dt>
      <dd className="text-right">{formatPrice(taxCents)}</dd>
      <dt className="text-base font-semibold">Total</dt>
      <dd className="text-right text-base font-semibold">{formatPrice(totalCents)}</dd>
    </dl>
  );
}
