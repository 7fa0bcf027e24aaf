import { getCurrentUser } from "@server/accounts/current-user.ts";
import { getCart } from "@server/cart/cart.ts";
import { findShopper } from "@server/cart/shopper.ts";
import { wishlistProductIds } from "@server/cart/wishlist.ts";
import { listCategories } from "@server/catalogue/categories.ts";
import { followedCreatorIds } from "@server/catalogue/follows.ts";
import { isDatabaseUnavailable, reportDatabaseAway } from "@server/db/availability.ts";
import { servicesContext } from "@server/http/context.ts";
import { TRY_AGAIN_SOON } from "@server/http/error-answers.ts";
import { carriesVisitorHint, visitorHintCookie } from "@server/http/visitor-hint.ts";
import { data, type RouterContextProvider } from "react-router";
import { logFault } from "./log-fault.server";
import { adoptGuestShopper, readGuestId } from "./shopper.server";

type LoaderArgs = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * What every page's frame shows, the same for every visitor (the header's brand, categories and
 * login modal): the root loader's data, and the data of a page refused before any loader ran (the
 * 400 page). Nothing personal is in it, so a page is the same bytes for everyone and can be cached;
 * the visitor's own parts come from `loadShopper` (app/routes/api/shopper.ts).
 */
export async function loadShopFrame({ context }: Pick<LoaderArgs, "context">) {
  const {
    readDb,
    shopName,
    shopMode,
    demoAccounts = [],
    googleSignIn,
    publicUrl,
    supportHours,
    tax,
  } = context.get(servicesContext);
  const categories = await listCategories(readDb);
  return {
    shopName,
    /** The shop's address: link previews name their pictures by absolute address. */
    publicUrl,
    googleSignIn,
    // A live shop has no demo accounts: their published passwords appear nowhere in its pages.
    demoAccounts:
      shopMode === "demo" ? demoAccounts.map(({ email, password, isSeller }) => ({ email, password, isSeller })) : [],
    categories: categories.map(({ slug, name }) => ({ slug, name })),
    /** The footer's support hours (none in a live shop that did not configure them). */
    supportHours,
    /** The withdrawal function is linked where the shop knows its EU consumers (TAX_MODE=by-location). */
    withdrawal: tax.mode === "by-location",
  };
}

export type ShopFrame = Awaited<ReturnType<typeof loadShopFrame>>;

/**
 * The visitor's own parts of every page: their account, cart, wishlist and the creators they
 * follow. A sign-in by any way (password, Google) lands with the guest cookie still set: the
 * guest's cart joins the account here, and `headers` drops the cookie.
 */
export async function loadShopper({ request, context }: LoaderArgs) {
  const { db, auth, publicUrl, tax, clientAddress } = context.get(servicesContext);
  const [user, guestId] = await Promise.all([getCurrentUser(auth, request.headers), readGuestId(request)]);
  const headers = new Headers();
  if (user && guestId) await adoptGuestShopper(db, request, user.id, headers);
  // The header's first paint follows the hint (shared/visitor-hint.ts): kept true on every answer.
  if (Boolean(user) !== carriesVisitorHint(request.headers.get("cookie"))) {
    headers.append(
      "Set-Cookie",
      visitorHintCookie({ signedIn: Boolean(user), secure: publicUrl.startsWith("https://") }),
    );
  }
  const shopper = await findShopper(db, { userId: user?.id ?? null, guestId: user ? null : guestId });
  const [cart, wishlist, following] = await Promise.all([
    getCart(db, shopper, { tax: { settings: tax, ipAddress: clientAddress } }),
    wishlistProductIds(db, shopper),
    user ? followedCreatorIds(db, user.id) : ([] as number[]),
  ]);
  return { shopper: { user, cart, wishlist, following }, headers };
}

/** What the error screen of a page whose frame could not be loaded knows: the shop's configured name. */
interface NameOnlyFrame {
  shopName: string;
}

/**
 * The root loader's frame. When it cannot be loaded, the page is the error screen, which still
 * names the shop: a 503 with Retry-After while the database is away (the "we'll be right back"
 * screen), a 500 for a fault (React Router logs no thrown response, so the fault is logged here).
 */
export async function loadRootFrame(args: LoaderArgs) {
  try {
    return await loadShopFrame(args);
  } catch (error) {
    if (error instanceof Response) throw error;
    const name: NameOnlyFrame = { shopName: args.context.get(servicesContext).shopName };
    // The database away: the shop is briefly unavailable (the screen says so), not at fault.
    if (isDatabaseUnavailable(error)) {
      reportDatabaseAway(args.context.get(servicesContext).logger, error);
      throw data(name, { status: 503, headers: TRY_AGAIN_SOON });
    }
    logFault(error, args);
    throw data(name, { status: 500 });
  }
}
