import { requireBundleOnSale } from "@server/bundles/bundles.ts";
import { servicesContext } from "@server/http/context.ts";
import { asRefusal } from "@server/http/error-answers.ts";
import { productOgImagePath } from "@server/media/og-image.ts";
import { parseRecordId } from "@shared/record-id.ts";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { bundleMeta } from "~/components/bundles/bundle-meta";
import { BundleMosaic } from "~/components/bundles/bundle-mosaic";
import { BundleProducts } from "~/components/bundles/bundle-products";
import { BundleSummary } from "~/components/bundles/bundle-summary";
import { useBundleViewer } from "~/components/bundles/use-bundle-viewer";
import { BackButton } from "~/components/ui/back-button";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/public-page";
import { pageLoader } from "~/lib/refusal.server";
import type { Route } from "./+types/bundle";

// A bundle's page: the same for every visitor (a guest's prices), cached by the shop and by a CDN.
// What the visitor owns of it, and what completing it costs them, comes after it
// (/api/v1/bundles/:id/viewer).
export const headers = publicPageHeaders;

export const loader = pageLoader(async ({ params, context }: Route.LoaderArgs) => {
  const { readDb, publicUrl } = context.get(servicesContext);
  const id = parseRecordId(params.id);
  // An unknown bundle, one not on sale, or an address that names none: the shop's 404 page.
  if (id === undefined) throw data(null, { status: 404 });
  const bundle = await requireBundleOnSale(readDb, id, null).catch((error: unknown) => {
    if (asRefusal(error)) throw data(null, { status: 404 });
    throw error;
  });
  const first = bundle.products[0];
  return {
    bundle,
    url: `${publicUrl}/bundle/${id}`,
    preview: first ? productOgImagePath(first.productId, first.imageUrl ?? undefined) : null,
  };
});

// The cart and wishlist buttons post to /api/v1/*: nothing this page loads changes.
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith("/api/v1/")) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData ? bundleMeta(matches, loaderData) : pageMeta(matches, "Bundle");

export default function BundlePage({ loaderData }: Route.ComponentProps) {
  const { bundle } = loaderData;
  const viewer = useBundleViewer(bundle.id);
  const owned = new Set(viewer?.ownedProductIds ?? []);
  return (
    <Container className="py-8">
      <BackButton fallback={`/creator/${bundle.creatorSlug}`} />
      <div className="mt-6 grid gap-10 lg:grid-cols-2">
        <BundleMosaic products={bundle.products} />
        <BundleSummary bundle={bundle} viewer={viewer} />
      </div>
      <BundleProducts products={bundle.products} owned={owned} />
    </Container>
  );
}
