import type { OrderPageData } from "@server/orders/order-page.ts";
import { Totals } from "~/components/cart/totals";

/** An order's subtotal, its discount (with the code) when it had one, its tax, and total. */
export function OrderTotals({
  order,
}: {
  order: Pick<
    OrderPageData["order"],
    | "subtotalCents"
    | "discountCents"
    | "discountCode"
    | "taxCents"
    | "taxLabel"
    | "taxIncluded"
    | "waivedTaxCents"
    | "totalCents"
  >;
}) {
  return <Totals {...order} className="gap-x-4" />;
}
