import type { Answer } from "@shared/answer.ts";
import type { LicenseTier } from "@shared/license-tiers.ts";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

export type CartIntent =
  | "add"
  | "tier"
  | "price"
  | "increment"
  | "decrement"
  | "remove"
  | "clear"
  | "set"
  | "code"
  | "remove-code"
  | "add-bundle"
  | "remove-bundle"
  | "country";
export type CartAnswer = Answer<{
  intent: CartIntent;
  /** The product the change named, if it named one. */
  productId?: number;
  /** The cart after the change (its lines as far as the toasts read them). */
  cart?: { lines: { productId: number; title: string; quantity: number }[] };
}>;
export type WishlistAnswer = Answer<{ result: "added" | "removed" }>;

// Every cart button shares one fetcher, and every heart another, so that the toasts
// (app/components/cart/shopping-toasts.tsx) still come when the button itself is gone,
// like a removed line's or a wishlist card's.
export const CART_FETCHER = "cart-change";
export const WISHLIST_FETCHER = "wishlist-change";
// The product page's buttons when the buyer names the price: a refused price shows beside its field,
// and only what went through is toasted.
export const NAMED_PRICE_FETCHER = "cart-named-price";

/** What a change may carry besides its product. */
export interface CartChangeValues {
  quantity?: number;
  /** The license an "add" buys (Personal without it) or a "tier" change moves the line to. */
  tier?: LicenseTier;
  /** A pay-what-you-want product's price per copy, in dollars as typed ("4.50"). */
  price?: string;
  code?: string;
  /** The bundle an "add-bundle" or "remove-bundle" names (instead of a product). */
  bundleId?: number;
  /** Where the buyer lives, for their tax: a country's code, and a province's where it is taxed by province. */
  country?: string;
  region?: string;
}

/** The form the cart API reads for one change. */
function cartForm(intent: CartIntent, productId: number | undefined, values: CartChangeValues) {
  const form: Record<string, string> = { intent };
  if (productId !== undefined) form.productId = String(productId);
  if (values.quantity !== undefined) form.quantity = String(values.quantity);
  if (values.tier !== undefined) form.tier = values.tier;
  if (values.price !== undefined) form.price = values.price;
  if (values.code !== undefined) form.code = values.code;
  if (values.bundleId !== undefined) form.bundleId = String(values.bundleId);
  if (values.country !== undefined) form.country = values.country;
  if (values.region !== undefined) form.region = values.region;
  return form;
}

/**
 * Sends one change to the server's cart; the page's data (header count, cart modal) reloads after it.
 * A change whose refusal belongs beside a field (a discount code, a price the buyer names) passes
 * its own `key`, so that the toasts leave its problem to the field (`refusalOf`).
 */
export function useCartChange(key: string = CART_FETCHER) {
  const fetcher = useFetcher<CartAnswer>({ key });
  return {
    busy: fetcher.state !== "idle",
    fetcher,
    change(intent: CartIntent, productId?: number, values: CartChangeValues = {}) {
      return fetcher.submit(cartForm(intent, productId, values), { method: "post", action: "/api/v1/cart" });
    },
  };
}

/** The tier a line is being moved to while that change is on its way, for the line to show at once. */
export function usePendingTier(productId: number): LicenseTier | undefined {
  const { formData } = useFetcher<CartAnswer>({ key: CART_FETCHER });
  if (formData?.get("intent") !== "tier" || formData.get("productId") !== String(productId)) return undefined;
  return formData.get("tier") as LicenseTier;
}

/** The message of a refused change, to show beside its field; null once a change went through. */
export function refusalOf(fetcher: { state: string; data?: CartAnswer }): string | null {
  if (fetcher.state !== "idle" || !fetcher.data || fetcher.data.ok) return null;
  return fetcher.data.message;
}

/**
 * A ref for a field's problem: it is scrolled into view as it appears, since it may come below
 * the fold of a scrolling dialog (a phone's cart) where the button that was pressed sits.
 */
export function useRevealed(problem: string | null) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (problem) ref.current?.scrollIntoView?.({ block: "nearest" });
  }, [problem]);
  return ref;
}
