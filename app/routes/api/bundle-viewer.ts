import { getCurrentUser } from "@server/accounts/current-user.ts";
import { bundlesOnSale } from "@server/bundles/bundles.ts";
import { servicesContext } from "@server/http/context.ts";
import { parseRecordId } from "@shared/record-id.ts";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/bundle-viewer";

// The bundle's page is the same for everyone (it can be cached); what depends on who is looking
// (the products they own already, and so what completing the bundle costs them) comes from here
// once the page runs.

/** GET: the products of the bundle the visitor owns and what they would pay; nothing for a guest. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, auth } = context.get(servicesContext);
  const bundleId = parseRecordId(params.id);
  const user = await getCurrentUser(auth, request.headers);
  const [bundle] = user && bundleId !== undefined ? await bundlesOnSale(db, [bundleId], user.id) : [];
  const viewer = bundle
    ? {
        bundleId: bundle.id,
        ownedProductIds: bundle.products.filter((product) => product.owned).map((product) => product.productId),
        toPayCents: bundle.toPayCents,
      }
    : { bundleId: bundleId ?? null, ownedProductIds: [], toPayCents: null };
  return data(viewer, { headers: { "Cache-Control": "private, no-store" } });
}

// Asked again after the page's own forms, not after a cart or wishlist change.
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith("/api/v1/")) return false;
  return defaultShouldRevalidate;
}
