import type { LicenseTier } from "@shared/license-tiers.ts";
import { ShoppingCart, Zap } from "lucide-react";
import { useEffect, useRef } from "react";
import { useShopDialogs } from "~/components/layout/shop-dialogs";
import { Button } from "~/components/ui/button";
import { useCartChange } from "./use-cart-change";

/** What a buy button adds: the product, and its license (Personal when not given). */
interface BuyProps {
  productId: number;
  tier?: LicenseTier;
  /** A pay-what-you-want product's price per copy, as the buyer typed it in dollars. */
  price?: string;
  /** The fetcher the change goes through (the cart's own, with its toasts, when not given). */
  fetcherKey?: string;
}

/** Add to Cart: one more seat of the product in the cart, under `tier` ('Added to cart'). */
export function AddToCartButton({ productId, tier, price, fetcherKey }: BuyProps) {
  const { busy, change } = useCartChange(fetcherKey);
  return (
    <Button type="button" size="lg" disabled={busy} onClick={() => change("add", productId, { tier, price })}>
      <ShoppingCart aria-hidden="true" />
      {busy ? "Adding..." : "Add to Cart"}
    </Button>
  );
}

/** Buy Now - Instant Download: adds the product, then opens the cart modal to check out. */
export function BuyNowButton({ productId, tier, price, fetcherKey }: BuyProps) {
  const openCart = useShopDialogs().cart.show;
  const { busy, change, fetcher } = useCartChange(fetcherKey);
  // The answer arrives in a later render (a closure over fetcher.data would read the one before):
  // the cart opens once this click's change has come back and was made.
  const waiting = useRef<"no" | "asked" | "sent">("no");
  useEffect(() => {
    if (waiting.current === "asked" && fetcher.state !== "idle") waiting.current = "sent";
    if (waiting.current !== "sent" || fetcher.state !== "idle") return;
    waiting.current = "no";
    if (fetcher.data?.ok) openCart();
  }, [fetcher.state, fetcher.data, openCart]);
  function buyNow() {
    waiting.current = "asked";
    change("add", productId, { tier, price });
  }
  return (
    <Button type="button" size="lg" variant="secondary" disabled={busy} onClick={buyNow}>
      <Zap aria-hidden="true" />
      Buy Now - Instant Download
    </Button>
  );
}
