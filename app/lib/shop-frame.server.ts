import { getCurrentUser } from "@server/accounts/current-user.ts";
import { DEMO_ACCOUNTS } from "@server/accounts/demo-accounts.ts";
import { getCart } from "@server/cart/cart.ts";
import { findShopper } from "@server/cart/shopper.ts";
import { wishlistProductIds } from "@server/cart/wishlist.ts";
import { listCategories } from "@server/catalogue/categories.ts";
import { servicesContext } from "@server/http/context.ts";
import type { RouterContextProvider } from "react-router";
import { adoptGuestShopper, readGuestId } from "./shopper.server";

/**
 * What every page's frame shows (the header's brand, categories, account, cart and wishlist): the
 * root loader's data, and the data of a page refused before any loader ran (the 400 page).
 * `adoptGuest`: a sign-in by any way (password, Google) lands with the guest cookie still set, and
 * the guest's cart joins the account; the response must then carry `headers`.
 */
export async function loadShopFrame(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  { adoptGuest }: { adoptGuest: boolean },
) {
  const { db, shopName, shopMode, auth, googleSignIn } = context.get(servicesContext);
  const [categories, user, guestId] = await Promise.all([
    listCategories(db),
    getCurrentUser(auth, request.headers),
    readGuestId(request),
  ]);
  const headers = new Headers();
  if (adoptGuest && user && guestId) await adoptGuestShopper(db, request, user.id, headers);
  const shopper = await findShopper(db, { userId: user?.id ?? null, guestId: user ? null : guestId });
  const [cart, wishlist] = await Promise.all([getCart(db, shopper), wishlistProductIds(db, shopper)]);
  const frame = {
    shopName,
    user,
    googleSignIn,
    // A live shop has no demo accounts: their published passwords appear nowhere in its pages.
    demoAccounts:
      shopMode === "demo" ? DEMO_ACCOUNTS.map(({ email, password, isSeller }) => ({ email, password, isSeller })) : [],
    categories: categories.map(({ slug, name }) => ({ slug, name })),
    cart,
    wishlist,
  };
  return { frame, headers };
}

export type ShopFrame = Awaited<ReturnType<typeof loadShopFrame>>["frame"];
