import { getCurrentUser } from "@server/accounts/current-user.ts";
import { assertMayActForShop } from "@server/accounts/shared-demo-accounts.ts";
import { getProductDetail } from "@server/catalogue/product-detail.ts";
import { listReviews, ratingBreakdown } from "@server/catalogue/product-reviews.ts";
import { writeReview } from "@server/catalogue/write-review.ts";
import { servicesContext } from "@server/http/context.ts";
import { Refusal } from "@server/lib/refusal.ts";
import { productOgImagePath } from "@server/media/og-image.ts";
import { DEMO_BUYER_REVIEWS_OFF } from "@shared/demo-shop.ts";
import { parseRecordId } from "@shared/record-id.ts";
import { reviewSchema } from "@shared/review-schema.ts";
import { data, isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from "react-router";
import { ProductBundles } from "~/components/bundles/product-bundles";
import { NotFoundScreen } from "~/components/layout/not-found-screen";
import { ShopErrorScreen } from "~/components/layout/shop-error-screen";
import { LookInside } from "~/components/product/look-inside";
import { ProductBreadcrumb } from "~/components/product/product-breadcrumb";
import { ProductGallery } from "~/components/product/product-gallery";
import { productMeta } from "~/components/product/product-meta";
import { ProductSummary } from "~/components/product/product-summary";
import { ProductTabs } from "~/components/product/product-tabs";
import { RelatedProducts } from "~/components/product/related-products";
import { ReportListing } from "~/components/product/report-listing";
import { useCountedView } from "~/components/product/use-product-viewer";
import { BackButton } from "~/components/ui/back-button";
import { Container } from "~/components/ui/page";
import { keepPageOnFault } from "~/lib/fetcher-fault";
import { parseSubmission, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { productBundleOffers } from "~/lib/product-bundles.server";
import { publicPageHeaders } from "~/lib/public-page";
import { formAction, pageLoader } from "~/lib/refusal.server";
import type { Route } from "./+types/product";

// The same for every visitor: cached by the shop and by a CDN.
export const headers = publicPageHeaders;

export const loader = pageLoader(async ({ params, request, context }: Route.LoaderArgs) => {
  const { readDb, publicUrl } = context.get(servicesContext);
  const id = parseRecordId(params.id);
  const product = id === undefined ? null : await getProductDetail(readDb, id);
  // An unknown product: a real 404 (search engines drop it), whose page links on to /browse.
  if (!product || id === undefined) throw data("product", { status: 404 });
  // ?reviews=N: Read All Reviews, page N; otherwise the three latest.
  const reviewsPage = Number(new URL(request.url).searchParams.get("reviews"));
  const paged = Number.isInteger(reviewsPage) && reviewsPage >= 1;
  const [reviews, breakdown, bundles] = await Promise.all([
    paged ? listReviews(readDb, id, { page: reviewsPage }) : listReviews(readDb, id, { perPage: 3 }),
    ratingBreakdown(readDb, id),
    productBundleOffers(readDb, id),
  ]);
  return {
    product,
    reviews,
    breakdown,
    bundles,
    paged,
    url: `${publicUrl}/product/${id}`,
    publicUrl,
    preview: productOgImagePath(id, product.images[0]?.url),
  };
});

// The cart and wishlist buttons post to /api/v1/*: nothing this page loads changes.
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith("/api/v1/")) return false;
  return defaultShouldRevalidate;
}

/** POST: a buyer's review of this product. */
export const action = formAction(async ({ params, request, context }: Route.ActionArgs) => {
  const { db, auth, shopMode } = context.get(servicesContext);
  const user = await getCurrentUser(auth, request.headers);
  if (!user) throw new Refusal("Please sign in to write a review.", "unauthenticated");
  assertMayActForShop(shopMode, user, DEMO_BUYER_REVIEWS_OFF);
  const productId = parseRecordId(params.id);
  if (productId === undefined) throw new Refusal("This product does not exist.", "not-found");
  const submission = parseSubmission(await readForm(request), reviewSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await writeReview(db, { author: { userId: user.id, name: user.name }, productId, review: submission.value });
  return { ok: true as const, message: "Thank you! Your review is on the product page." };
});

export const clientAction = keepPageOnFault;

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData
    ? productMeta(matches, loaderData)
    : pageMeta(matches, isRouteErrorResponse(error) && error.status === 404 ? "Product not found" : "Product");

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, reviews, breakdown, bundles, paged, url } = loaderData;
  // One view for the seller's analytics: not the pages of Read All Reviews.
  useCountedView(product.id, { skip: paged });
  return (
    <Container className="py-8">
      <BackButton fallback={`/category/${product.category.slug}`} />
      <ProductBreadcrumb product={product} />
      <div className="mt-6 grid gap-10 lg:grid-cols-2">
        {/* The largest picture of the page: preloaded from the document's head (ProductImage, priority "high"). */}
        <div className="flex flex-col gap-6">
          <ProductGallery images={product.images} title={product.title} />
          <LookInside previews={product.previews} />
        </div>
        {/* Keyed: the license chosen on one product's page is not carried to the next one's. */}
        <ProductSummary key={product.id} product={product} url={url} />
      </div>
      <ProductBundles bundles={bundles} />
      <ProductTabs product={product} reviews={reviews} breakdown={breakdown} paged={paged} />
      <RelatedProducts related={product.related} />
      <ReportListing productId={product.id} />
    </Container>
  );
}

/** An unknown product's page, in the shop's frame: what happened, and where to look instead. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) return <ShopErrorScreen error={error} />;
  return (
    <NotFoundScreen
      title="Product not found"
      text="This product does not exist or is no longer on sale."
      links={[
        { label: "Browse products", to: "/browse" },
        { label: "Search", to: "/search" },
        { label: "Return to Home", to: "/" },
      ]}
    />
  );
}
