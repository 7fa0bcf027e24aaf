import { seatsLabel } from "@shared/license-tiers.ts";
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

// The shopping toasts; the quantity buttons change the cart silently.
const cartConfirmations: Partial<Record<CartIntent, string>> = {
  add: "Added to cart",
  "add-bundle": "Added to cart",
  remove: "Removed from cart",
  "remove-bundle": "Removed from cart",
  clear: "Cart cleared",
};

/**
 * The toast of a change that went through. An add says how many seats of the product the cart
 * now holds: adding a product already there adds a seat, never silently.
 */
function confirmChange(answer: Extract<CartAnswer, { ok: true }>) {
  const title = cartConfirmations[answer.intent];
  if (!title) return;
  const line =
    answer.intent === "add" ? answer.cart?.lines.find((each) => each.productId === answer.productId) : undefined;
  if (line) toast.success(title, { description: `${seatsLabel(line.quantity)} of ${line.title} in your cart` });
  else toast.success(title);
}

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
    else confirmChange(answer);
  });
  // A refused price is said beside the field it was typed in (product-summary.tsx).
  useEachAnswer<CartAnswer>(NAMED_PRICE_FETCHER, (answer) => {
    if (answer.ok) confirmChange(answer);
  });
  useEachAnswer<WishlistAnswer>(WISHLIST_FETCHER, (answer) => {
    if (!answer.ok) toast.error("Your wishlist was not changed", { description: answer.message });
    else toast.success(answer.result === "added" ? "Added to wishlist" : "Removed from wishlist");
  });
  return null;
}
