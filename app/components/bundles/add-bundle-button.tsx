import { formatPrice } from "@shared/format.ts";
import { ShoppingCart } from "lucide-react";
import { useCartChange } from "~/components/cart/use-cart-change";
import { Button } from "~/components/ui/button";

/**
 * Add bundle to cart (or, for a buyer who owns some of its products, Complete the bundle for what
 * the rest costs them): a form to the cart's API through the cart buttons' shared fetcher, as the
 * product page's Add to Cart, so the same toast says how it went and the header's count and the
 * cart reload after it.
 */
export function AddBundleButton({
  bundleId,
  completeForCents,
}: {
  bundleId: number;
  /** What completing the bundle costs a buyer who owns some of it; undefined for the whole bundle. */
  completeForCents?: number;
}) {
  const { busy, fetcher } = useCartChange();
  return (
    <fetcher.Form method="post" action="/api/v1/cart">
      <input type="hidden" name="intent" value="add-bundle" />
      <input type="hidden" name="bundleId" value={bundleId} />
      <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
        <ShoppingCart aria-hidden="true" />
        {busy
          ? "Adding..."
          : completeForCents === undefined
            ? "Add bundle to cart"
            : `Complete the bundle — ${formatPrice(completeForCents)}`}
      </Button>
    </fetcher.Form>
  );
}
