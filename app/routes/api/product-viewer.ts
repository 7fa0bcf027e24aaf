import { getCurrentUser } from "@server/accounts/current-user.ts";
import { isSharedDemoAccount } from "@server/accounts/shared-demo-accounts.ts";
import { productsOwnedBy } from "@server/bundles/bundles.ts";
import { isCountableView, recordProductView } from "@server/catalogue/record-product-view.ts";
import { isProductSeller } from "@server/catalogue/review-replies.ts";
import { reviewEligibility } from "@server/catalogue/write-review.ts";
import { servicesContext } from "@server/http/context.ts";
import { Refusal } from "@server/lib/refusal.ts";
import { parseRecordId } from "@shared/record-id.ts";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { formAction } from "~/lib/refusal.server";
import type { Route } from "./+types/product-viewer";

// The product page is the same for everyone (it can be cached); what depends on who is looking
// comes from here once the page runs.

function productIdOf(params: { id: string }): number {
  const id = parseRecordId(params.id);
  if (id === undefined) throw new Refusal("This product does not exist.", "not-found");
  return id;
}

/**
 * GET: whether the visitor may review the product (only signed-in buyers, once), whether they
 * are its seller (who replies to its reviews, and does not report it), and whether they own it.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, auth, shopMode } = context.get(servicesContext);
  const productId = parseRecordId(params.id);
  const user = await getCurrentUser(auth, request.headers);
  // A shared demo account of a demo shop publishes nothing (decision 039): no Reply, no review form.
  const lookOnly = user ? isSharedDemoAccount(shopMode, user) : false;
  const reviewState = user && productId !== undefined ? await reviewEligibility(db, user.id, productId) : "guest";
  const seller = user && productId !== undefined ? await isProductSeller(db, user.id, productId) : false;
  const owned =
    user && productId !== undefined ? (await productsOwnedBy(db, user.id, [productId])).has(productId) : false;
  return data(
    { productId, reviewState, seller, owned, lookOnly },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

// Asked again after the product's own forms (a review), not after a cart or wishlist change.
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith("/api/v1/")) return false;
  return defaultShouldRevalidate;
}

/**
 * POST: one view of the product for its seller's analytics, sent by the page once it runs in a
 * browser (crawlers and link previews are not counted; nor is the product's own seller).
 */
export const action = formAction(async ({ params, request, context }: Route.ActionArgs) => {
  const { db, auth } = context.get(servicesContext);
  const productId = productIdOf(params);
  if (isCountableView(request.headers)) {
    const user = await getCurrentUser(auth, request.headers);
    await recordProductView(db, { productId, viewerUserId: user?.id ?? null });
  }
  return new Response(null, { status: 204 });
});
