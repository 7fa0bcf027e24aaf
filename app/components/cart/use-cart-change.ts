import type { Answer } from "@shared/answer.ts";
import type { LicenseTier } from "@shared/license-tiers.ts";
import { useFetcher } from "react-router";

export type CartIntent = "add" | "tier" | "increment" | "decrement" | "remove" | "clear" | "set";
export type CartAnswer = Answer<{ intent: CartIntent }>;
export type WishlistAnswer = Answer<{ result: "added" | "removed" }>;

// Every cart button shares one fetcher, and every heart another, so that the toasts
// (app/components/cart/shopping-toasts.tsx) still come when the button itself is gone,
// like a removed line's or a wishlist card's.
export const CART_FETCHER = "cart-change";
export const WISHLIST_FETCHER = "wishlist-change";

/** Sends one change to the server's cart; the page's data (header count, cart modal) reloads after it. */
export function useCartChange() {
  const fetcher = useFetcher<CartAnswer>({ key: CART_FETCHER });
  return {
    busy: fetcher.state !== "idle",
    fetcher,
    /** `tier`: the license an "add" buys (Personal without it) or a "tier" change moves the line to. */
    change(intent: CartIntent, productId?: number, { quantity, tier }: { quantity?: number; tier?: LicenseTier } = {}) {
      const form: Record<string, string> = { intent };
      if (productId !== undefined) form.productId = String(productId);
      if (quantity !== undefined) form.quantity = String(quantity);
      if (tier !== undefined) form.tier = tier;
      return fetcher.submit(form, { method: "post", action: "/api/v1/cart" });
    },
  };
}

/** The tier a line is being moved to while that change is on its way, for the line to show at once. */
export function usePendingTier(productId: number): LicenseTier | undefined {
  const { formData } = useFetcher<CartAnswer>({ key: CART_FETCHER });
  if (formData?.get("intent") !== "tier" || formData.get("productId") !== String(productId)) return undefined;
  return formData.get("tier") as LicenseTier;
}
