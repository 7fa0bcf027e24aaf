import type { Cart } from "@server/cart/cart.ts";

/** Whether the cart holds nothing to buy: no product lines and no bundles. */
export const isEmptyCart = (cart: Pick<Cart, "lines" | "bundles">) =>
  cart.lines.length === 0 && cart.bundles.length === 0;
