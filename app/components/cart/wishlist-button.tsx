import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { SpriteIcon } from "~/components/ui/icon-sprite";
import { useShopper } from "~/lib/shopper";
import { cn } from "~/lib/utils";

import { WISHLIST_FETCHER, type WishlistAnswer } from "./use-cart-change";

/** The heart: adds the product to the wishlist or takes it off ('Added to wishlist' / 'Removed from wishlist'). */
export function WishlistButton({
  productId,
  title,
  className,
  withLabel = false,
}: {
  productId: number;
  title: string;
  className?: string;
  /** A labelled button (product page) rather than a round icon (cards). */
  withLabel?: boolean;
}) {
  const fetcher = useFetcher<WishlistAnswer>({ key: WISHLIST_FETCHER });
  const saved = useShopper()?.wishlist.includes(productId) ?? false;
  // While this product's change is on its way, show what it will be.
  const pending = fetcher.state !== "idle" && fetcher.formData?.get("productId") === String(productId);
  const inWishlist = pending ? !saved : saved;
  const label = inWishlist ? `Remove ${title} from wishlist` : `Add ${title} to wishlist`;
  return (
    <fetcher.Form method="post" action="/api/v1/wishlist">
      <input type="hidden" name="intent" value="toggle" />
      {/* The product goes with the button that sends it (a card repeats this form 24 times). */}
      {withLabel ? (
        <Button
          type="submit"
          name="productId"
          value={productId}
          variant="outline"
          size="lg"
          className={className}
          aria-pressed={inWishlist}
        >
          <SpriteIcon name="heart" className={cn(inWishlist && "fill-accent text-accent")} />
          {inWishlist ? "In your wishlist" : "Add to wishlist"}
        </Button>
      ) : (
        <button
          type="submit"
          name="productId"
          value={productId}
          className={cn("card-icon-button card-wishlist", className)}
          aria-label={label}
          aria-pressed={inWishlist}
        />
      )}
    </fetcher.Form>
  );
}
