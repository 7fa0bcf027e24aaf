import { data } from "react-router";
import { logFault } from "~/lib/log-fault.server";
import { loadShopper } from "~/lib/shop-frame.server";
import type { Route } from "./+types/shopper";

/**
 * GET: the visitor's own parts of every page (account, cart, wishlist, followed creators), which
 * the pages themselves leave out so that they are the same for everyone (app/lib/shopper.ts).
 * Never cached by anyone; when it cannot be loaded, `unavailable` keeps the header as it is.
 */
export async function loader(args: Route.LoaderArgs) {
  try {
    const { shopper, headers } = await loadShopper(args);
    headers.set("Cache-Control", "private, no-store");
    return data({ ...shopper, unavailable: false as const }, { headers });
  } catch (error) {
    logFault(error, args);
    return data({ unavailable: true as const }, { status: 503, headers: { "Cache-Control": "private, no-store" } });
  }
}
