import type { Answer } from "@shared/answer.ts";
import { useFetcher } from "react-router";

export type CartIntent = "add" | "increment" | "decrement" | "remove" | "clear" | "set";
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
    change(intent: CartIntent, productId?: number, quantity?: number) {
      const form: Record<string, string> = { intent };
      if (productId !== undefined) form.productId = String(productId);
      if (quantity !== undefined) form.quantity = String(quantity);
      return fetcher.submit(form, { method: "post", action: "/api/v1/cart" });
    },
  };
}
