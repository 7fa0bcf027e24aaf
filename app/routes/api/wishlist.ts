import { applyWishlistToggle } from "@server/cart/apply-change.ts";
import { wishlistChangeSchema } from "@server/cart/cart-schema.ts";
import { findShopper } from "@server/cart/shopper.ts";
import { wishlistProductIds } from "@server/cart/wishlist.ts";
import { servicesContext } from "@server/http/context.ts";
import { data } from "react-router";
import { keepPageOnFault } from "~/lib/fetcher-fault";
import { parseForm, readForm } from "~/lib/form.server";
import { formAction } from "~/lib/refusal.server";
import { guestCookieHeader, visitorOf } from "~/lib/shopper.server";
import type { Route } from "./+types/wishlist";

/** GET: the ids of the products on the visitor's wishlist, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  return { productIds: await wishlistProductIds(db, await findShopper(db, await visitorOf(request, context))) };
}

/** POST intent=toggle: adds the product or takes it off; says which. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { db, publicUrl } = context.get(servicesContext);
  const { productId } = parseForm(await readForm(request), wishlistChangeSchema);
  const { result, newGuestId } = await applyWishlistToggle(db, await visitorOf(request, context), productId);
  const headers = new Headers();
  if (newGuestId) headers.append("Set-Cookie", await guestCookieHeader(newGuestId, publicUrl));
  return data({ ok: true as const, result }, { headers });
});

/** In the browser: a fault answers `{ ok: false, message }` for the toast, and the page stays. */
export const clientAction = keepPageOnFault;
