import { getCurrentUser } from "@server/accounts/current-user.ts";
import { DEMO_ACCOUNTS } from "@server/accounts/demo-accounts.ts";
import { getCart } from "@server/cart/cart.ts";
import { findShopper } from "@server/cart/shopper.ts";
import { wishlistProductIds } from "@server/cart/wishlist.ts";
import { listCategories } from "@server/catalogue/categories.ts";
import { servicesContext } from "@server/http/context.ts";
import { data, type RouterContextProvider } from "react-router";
import { logFault } from "./log-fault.server";
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
  const { db, shopName, shopMode, auth, googleSignIn, publicUrl } = context.get(servicesContext);
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
    /** The shop's address: link previews name their pictures by absolute address. */
    publicUrl,
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

/** What the error screen of a page whose frame could not be loaded knows: the shop's configured name. */
export interface NameOnlyFrame {
  shopName: string;
}

/**
 * The root loader's frame. When it cannot be loaded (the database is down), the page is the error
 * screen, which still names the shop: a 500 that carries the name (React Router logs no thrown
 * response, so the fault is logged here).
 */
export async function loadRootFrame(args: { request: Request; context: Readonly<RouterContextProvider> }) {
  try {
    return await loadShopFrame(args, { adoptGuest: true });
  } catch (error) {
    if (error instanceof Response) throw error;
    logFault(error, args);
    const name: NameOnlyFrame = { shopName: args.context.get(servicesContext).shopName };
    throw data(name, { status: 500 });
  }
}
