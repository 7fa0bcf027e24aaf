import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import {
  CART_FETCHER,
  type CartAnswer,
  type CartIntent,
  NAMED_PRICE_FETCHER,
  WISHLIST_FETCHER,
  type WishlistAnswer,
} from "./use-cart-change";

// The toasts of SPEC section 8; the quantity buttons change the cart silently.
const cartConfirmations: Partial<Record<CartIntent, string>> = {
  add: "Added to cart",
  "add-bundle": "Added to cart",
  remove: "Removed from cart",
  "remove-bundle": "Removed from cart",
  clear: "Cart cleared",
};

/** Calls `onAnswer` once for each new answer of the keyed fetcher. */
function useEachAnswer<Answer>(key: string, onAnswer: (answer: Answer) => void) {
  const fetcher = useFetcher({ key }) as { state: string; data: Answer | undefined };
  const handled = useRef<Answer | undefined>(fetcher.data);
  const callback = useRef(onAnswer);
  callback.current = onAnswer;
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}

/** Mounted once in the root layout: toasts the outcome of every cart and wishlist change. */
export function ShoppingToasts() {
  useEachAnswer<CartAnswer>(CART_FETCHER, (answer) => {
    if (!answer.ok) toast.error("Your cart was not changed", { description: answer.message });
    else if (cartConfirmations[answer.intent]) toast.success(cartConfirmations[answer.intent]!);
  });
  // A refused price is said beside the field it was typed in (product-summary.tsx).
  useEachAnswer<CartAnswer>(NAMED_PRICE_FETCHER, (answer) => {
    if (answer.ok && cartConfirmations[answer.intent]) toast.success(cartConfirmations[answer.intent]!);
  });
  useEachAnswer<WishlistAnswer>(WISHLIST_FETCHER, (answer) => {
    if (!answer.ok) toast.error("Your wishlist was not changed", { description: answer.message });
    else toast.success(answer.result === "added" ? "Added to wishlist" : "Removed from wishlist");
  });
  return null;
}
