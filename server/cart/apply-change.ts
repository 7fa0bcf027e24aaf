import { requireBundleOnSale } from "../bundles/bundles.ts";
import type { Database } from "../db/client.ts";
import { Refusal } from "../lib/refusal.ts";
import type { TaxRateTable } from "../tax/rate-table.ts";
import {
  addBundleToCart,
  addToCart,
  applyDiscountCode,
  changeQuantity,
  clearCart,
  EMPTY_CART_CODE,
  removeBundleFromCart,
  removeDiscountCode,
  removeFromCart,
  requireProductOnSale,
  setChosenPrice,
  setLineTier,
  setQuantity,
} from "./cart.ts";
import type { CartChange } from "./cart-schema.ts";
import { ensureShopper, findShopper, touchShopper, type Visitor } from "./shopper.ts";
import { type CheckVatNumber, chooseTaxPlace, chooseVatNumber } from "./tax-place.ts";
import { toggleWishlist } from "./wishlist.ts";

/**
 * Applies one change to the visitor's cart. A change that only takes away needs no shopper;
 * one that adds creates it, and a new guest's id comes back for their cookie.
 */
export async function applyCartChange(
  db: Database,
  {
    visitor,
    change,
    rates,
    checkVatNumber,
  }: { visitor: Visitor; change: CartChange; rates: TaxRateTable; checkVatNumber: CheckVatNumber },
): Promise<{ newGuestId?: string }> {
  if (change.intent === "country" || change.intent === "vat-number") {
    const { id: shopperId, newGuestId } = await ensureShopper(db, visitor);
    if (change.intent === "country") {
      await chooseTaxPlace(db, { shopperId, country: change.country, region: change.region, rates });
    } else {
      await chooseVatNumber(db, { shopperId, vatNumber: change.vatNumber, check: checkVatNumber });
    }
    return { newGuestId };
  }
  if (change.intent === "code") {
    const shopper = await findShopper(db, visitor);
    if (!shopper) throw new Refusal(EMPTY_CART_CODE, "invalid");
    await touchShopper(db, shopper);
    await applyDiscountCode(db, shopper, change.code);
    return {};
  }
  if (change.intent === "add-bundle") {
    // Checked first too, so that a refused add leaves no new guest behind.
    await requireBundleOnSale(db, change.bundleId, visitor.userId);
    const { id: shopper, newGuestId } = await ensureShopper(db, visitor);
    await touchShopper(db, shopper);
    await addBundleToCart(db, shopper, change.bundleId);
    return { newGuestId };
  }
  const takesAway =
    change.intent === "remove" ||
    change.intent === "remove-bundle" ||
    change.intent === "remove-code" ||
    change.intent === "clear" ||
    change.intent === "decrement" ||
    (change.intent === "set" && change.quantity <= 0);
  if (takesAway) {
    const shopper = await findShopper(db, visitor);
    if (!shopper) return {};
    await touchShopper(db, shopper);
    if (change.intent === "clear") await clearCart(db, shopper);
    else if (change.intent === "remove-code") await removeDiscountCode(db, shopper);
    else if (change.intent === "remove-bundle") await removeBundleFromCart(db, shopper, change.bundleId);
    else if (change.intent === "decrement")
      await changeQuantity(db, { shopperId: shopper, productId: change.productId, delta: -1 });
    else await removeFromCart(db, shopper, change.productId);
    return {};
  }
  // Checked first too, so that a refused add leaves no new guest behind.
  await requireProductOnSale(db, change.productId, {
    tier: "tier" in change ? change.tier : undefined,
    chosenPriceCents: "price" in change ? change.price : undefined,
  });
  const { id: shopper, newGuestId } = await ensureShopper(db, visitor);
  await touchShopper(db, shopper);
  if (change.intent === "set")
    await setQuantity(db, { shopperId: shopper, productId: change.productId, quantity: change.quantity });
  else if (change.intent === "increment")
    await changeQuantity(db, { shopperId: shopper, productId: change.productId, delta: 1 });
  else if (change.intent === "tier")
    await setLineTier(db, { shopperId: shopper, productId: change.productId, tier: change.tier });
  else if (change.intent === "price")
    await setChosenPrice(db, { shopperId: shopper, productId: change.productId, chosenPriceCents: change.price });
  else
    await addToCart(db, {
      shopperId: shopper,
      productId: change.productId,
      tier: change.tier,
      chosenPriceCents: change.price,
    });
  return { newGuestId };
}

/** Adds the product to the visitor's wishlist or takes it off; says which. */
export async function applyWishlistToggle(db: Database, visitor: Visitor, productId: number) {
  await requireProductOnSale(db, productId);
  const { id: shopper, newGuestId } = await ensureShopper(db, visitor);
  await touchShopper(db, shopper);
  return { result: await toggleWishlist(db, shopper, productId), newGuestId };
}
