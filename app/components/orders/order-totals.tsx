import type { OrderPageData } from "@server/orders/order-page.ts";
import { formatPrice } from "@shared/format.ts";
import { TAX_LABEL } from "@shared/shop-facts.ts";

/** An order's subtotal, its discount (with the code) when it had one, tax on the rest, and total. */
export function OrderTotals({
  order,
}: {
  order: Pick<OrderPageData["order"], "subtotalCents" | "discountCents" | "discountCode" | "taxCents" | "totalCents">;
}) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted-foreground">Subtotal</dt>
      <dd className="text-right">{formatPrice(order.subtotalCents)}</dd>
      {order.discountCents > 0 ? (
        <>
          <dt className="min-w-0 wrap-anywhere text-muted-foreground">
            Discount{order.discountCode ? ` (${order.discountCode})` : ""}
          </dt>
          {/* A real minus sign, read as "minus". */}
          <dd className="text-right text-success">−{formatPrice(order.discountCents)}</dd>
        </>
      ) : null}
      <dt className="text-muted-foreground">{TAX_LABEL}</dt>
      <dd className="text-right">{formatPrice(order.taxCents)}</dd>
      <dt className="text-base font-semibold">Total</dt>
      <dd className="text-right text-base font-semibold">{formatPrice(order.totalCents)}</dd>
    </dl>
  );
}
