import { applyCartChange } from "@server/cart/apply-change.ts";
import { getCart } from "@server/cart/cart.ts";
import { cartChangeSchema } from "@server/cart/cart-schema.ts";
import { findShopper } from "@server/cart/shopper.ts";
import { servicesContext } from "@server/http/context.ts";
import { data } from "react-router";
import { keepPageOnFault } from "~/lib/fetcher-fault";
import { parseIntent, readForm } from "~/lib/form.server";
import { formAction } from "~/lib/refusal.server";
import { guestCookieHeader, visitorOf } from "~/lib/shopper.server";
import type { Route } from "./+types/cart";

/** GET: the visitor's cart, priced from the catalogue. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, tax, clientAddress } = context.get(servicesContext);
  return getCart(db, await findShopper(db, await visitorOf(request, context)), {
    tax: { settings: tax, ipAddress: clientAddress },
  });
}

/** POST: one change (add, increment, decrement, set, remove, clear); the cart as it is afterwards. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { db, publicUrl, tax, clientAddress, vatNumbers } = context.get(servicesContext);
  const change = parseIntent(await readForm(request), cartChangeSchema);
  const visitor = await visitorOf(request, context);
  const { newGuestId } = await applyCartChange(db, {
    visitor,
    change,
    rates: tax.rates,
    checkVatNumber: ({ input, country }) =>
      vatNumbers.check({ input, country, client: clientAddress, signal: request.signal }),
  });
  const headers = new Headers();
  if (newGuestId) headers.append("Set-Cookie", await guestCookieHeader(newGuestId, publicUrl));
  const shopper = newGuestId ?? (await findShopper(db, visitor));
  // The product changed, for the toast to say how many seats of it the cart holds now.
  const productId = "productId" in change ? change.productId : undefined;
  return data(
    {
      ok: true as const,
      intent: change.intent,
      productId,
      cart: await getCart(db, shopper, { tax: { settings: tax, ipAddress: clientAddress } }),
    },
    { headers },
  );
});

/** In the browser: a fault answers `{ ok: false, message }` for the toast, and the page stays. */
export const clientAction = keepPageOnFault;
