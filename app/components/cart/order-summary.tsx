import type { Cart } from "@server/cart/cart.ts";
import { formatPrice } from "@shared/format.ts";
import { licenseLine } from "./license-line";
import { Totals } from "./totals";

/**
 * What the guest is about to pay for, in the guest checkout dialog: each line with its license,
 * seats and amount, then the subtotal, discount, tax and total as the shop computed them for the cart.
 */
export function OrderSummary({ cart }: { cart: Cart }) {
  return (
    <section aria-labelledby="order-summary-heading" className="rounded-md border border-border p-3">
      <h3 id="order-summary-heading" className="text-sm font-semibold">
        Order summary
      </h3>
      <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label="Products in your order">
        {cart.lines.map((line) => (
          <li key={line.productId} className="flex justify-between gap-3">
            <span className="min-w-0">
              <span className="line-clamp-1 wrap-anywhere">{line.title}</span>
              <span className="block text-muted-foreground">{licenseLine(line)}</span>
            </span>
            <span className="shrink-0 text-right">
              {formatPrice(line.priceCents * line.quantity)}
              {line.quantity > 1 ? (
                <span className="block text-xs text-muted-foreground">
                  {line.quantity} × {formatPrice(line.priceCents)}
                </span>
              ) : null}
            </span>
          </li>
        ))}
        {cart.bundles.map((bundle) => (
          <li key={`bundle-${bundle.bundleId}`} className="flex justify-between gap-3">
            <span className="min-w-0">
              <span className="line-clamp-1 wrap-anywhere">{bundle.title}</span>
              <span className="block text-muted-foreground">
                Bundle of {bundle.products.length} products · Personal license for each
              </span>
            </span>
            <span className="shrink-0 text-right">{formatPrice(bundle.toPayCents)}</span>
          </li>
        ))}
      </ul>
      <Totals
        {...cart}
        discountCode={cart.discount?.code}
        taxLabel={cart.tax.label}
        taxIncluded={cart.tax.included}
        className="mt-2 border-t border-border pt-2"
      />
    </section>
  );
}
