import { getCurrentUser } from "@server/accounts/current-user.ts";
import { getProductDetail } from "@server/catalogue/product-detail.ts";
import { listReviews, ratingBreakdown } from "@server/catalogue/product-reviews.ts";
import { reviewSchema, writeReview } from "@server/catalogue/write-review.ts";
import { servicesContext } from "@server/http/context.ts";
import { parseForm } from "@server/lib/form-fields.ts";
import { parseRecordId } from "@server/lib/record-id.ts";
import { Refusal } from "@server/lib/refusal.ts";
import { productOgImagePath } from "@server/media/og-image.ts";
import { discountPercent, formatCount, formatPrice } from "@shared/format.ts";
import { ChevronLeft, Download, FileText } from "lucide-react";
import { Link, redirect, type ShouldRevalidateFunctionArgs, useNavigate } from "react-router";
import { AddToCartButton, BuyNowButton } from "~/components/cart/add-to-cart-button";
import { WishlistButton } from "~/components/cart/wishlist-button";
import { ProductCard } from "~/components/product/product-card";
import { ProductGallery } from "~/components/product/product-gallery";
import { ProductTabs } from "~/components/product/product-tabs";
import { ShareButton } from "~/components/product/share-button";
import { RatingSummary } from "~/components/product/star-rating";
import { useCountedView } from "~/components/product/use-product-viewer";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/page";
import { keepPageOnFault } from "~/lib/fetcher-fault";
import { readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/public-page";
import { formAction } from "~/lib/refusal.server";
import type { Route } from "./+types/product";

// The same for every visitor: cached by the shop and by a CDN.
export const headers = publicPageHeaders;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { readDb, publicUrl } = context.get(servicesContext);
  const id = parseRecordId(params.id);
  const product = id === undefined ? null : await getProductDetail(readDb, id);
  // An unknown product goes to /browse (SPEC section 2).
  if (!product || id === undefined) throw redirect("/browse");
  // ?reviews=N: Read All Reviews, page N; otherwise the three latest.
  const reviewsPage = Number(new URL(request.url).searchParams.get("reviews"));
  const paged = Number.isInteger(reviewsPage) && reviewsPage >= 1;
  const [reviews, breakdown] = await Promise.all([
    paged ? listReviews(readDb, id, { page: reviewsPage }) : listReviews(readDb, id, { perPage: 3 }),
    ratingBreakdown(readDb, id),
  ]);
  return {
    product,
    reviews,
    breakdown,
    paged,
    url: `${publicUrl}/product/${id}`,
    publicUrl,
    preview: productOgImagePath(id, product.images[0]?.url),
  };
}

// The cart and wishlist buttons post to /api/v1/*: nothing this page loads changes.
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith("/api/v1/")) return false;
  return defaultShouldRevalidate;
}

/** POST: a buyer's review of this product. */
export const action = formAction(async ({ params, request, context }: Route.ActionArgs) => {
  const { db, auth } = context.get(servicesContext);
  const user = await getCurrentUser(auth, request.headers);
  if (!user) throw new Refusal("Please sign in to write a review.", 401);
  const productId = parseRecordId(params.id);
  if (productId === undefined) throw new Refusal("This product does not exist.", 404);
  const review = parseForm(await readForm(request), reviewSchema);
  await writeReview(db, { userId: user.id, name: user.name }, productId, review);
  return { ok: true as const, message: "Thank you! Your review is on the product page." };
});

export const clientAction = keepPageOnFault;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return pageMeta(matches, "Product");
  const { product, url, publicUrl, preview } = loaderData;
  const price = (product.priceCents / 100).toFixed(2);
  return [
    // The preview's picture: a JPEG drawn from the product's first image (an SVG or a WebP).
    ...pageMeta(matches, product.title, product.description, { image: preview, type: "product" }),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:url", content: url },
    { property: "product:price:amount", content: price },
    { property: "product:price:currency", content: "USD" },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.title,
        description: product.description,
        image: product.images.map((img) => `${publicUrl}${img.url}`),
        sku: String(product.id),
        category: product.category.name,
        brand: { "@type": "Brand", name: product.creator.name },
        offers: {
          "@type": "Offer",
          url,
          price,
          priceCurrency: "USD",
          availability: "https://schema.org/InStock",
        },
        ...(product.reviewCount > 0
          ? {
              aggregateRating: {
                "@type": "AggregateRating",
                ratingValue: product.rating,
                reviewCount: product.reviewCount,
              },
            }
          : {}),
      },
    },
  ];
};

/**
 * Back where the shopper came from in the shop; with nowhere to go back to (a Quick view opens the
 * product in a new tab, a link from elsewhere), to the product's category. React Router numbers its
 * history entries (`idx`): the first page of a tab is 0.
 */
function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  return (
    <Button
      type="button"
      variant="ghost"
      className="-ml-3"
      onClick={() => {
        const entry = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (entry > 0) navigate(-1);
        else navigate(fallback);
      }}
    >
      <ChevronLeft aria-hidden="true" /> Back
    </Button>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, reviews, breakdown, paged, url } = loaderData;
  // One view for the seller's analytics: not the pages of Read All Reviews.
  useCountedView(product.id, { skip: paged });
  const discount = discountPercent(product.priceCents, product.originalPriceCents);
  return (
    <Container className="py-8">
      <BackButton fallback={`/category/${product.category.slug}`} />
      <nav aria-label="Breadcrumb" className="mt-2 text-sm text-muted-foreground">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to="/browse" className="hover:text-foreground">
              Products
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={`/category/${product.category.slug}`} className="hover:text-foreground">
              {product.category.label}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-foreground">
            {product.title}
          </li>
        </ol>
      </nav>
      <div className="mt-6 grid gap-10 lg:grid-cols-2">
        {/* The largest picture of the page: preloaded from the document's head (ProductImage, priority "high"). */}
        <ProductGallery images={product.images} title={product.title} />
        <div>
          <div className="flex flex-wrap gap-2">
            <Badge>{product.category.label}</Badge>
            {product.isBestseller ? <Badge variant="bestseller">Bestseller</Badge> : null}
            {discount > 0 ? <Badge variant="sale">{discount}% off</Badge> : null}
          </div>
          <h1 className="mt-3 text-3xl font-bold">{product.title}</h1>
          <p className="mt-2 text-muted-foreground">
            by{" "}
            <Link to={`/creator/${product.creator.slug}`} className="font-medium text-foreground hover:text-primary">
              {product.creator.name}
            </Link>
          </p>
          <p className="mt-3 text-sm">
            <RatingSummary rating={product.rating} reviewCount={product.reviewCount} />
          </p>
          <p className="mt-6 flex items-baseline gap-3">
            <span className="text-3xl font-bold">{formatPrice(product.priceCents)}</span>
            {product.originalPriceCents ? (
              <s className="text-lg text-muted-foreground">
                <span className="sr-only">was </span>
                {formatPrice(product.originalPriceCents)}
              </s>
            ) : null}
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <AddToCartButton productId={product.id} />
            <WishlistButton productId={product.id} title={product.title} withLabel />
            <ShareButton title={product.title} url={url} />
          </div>
          <div className="mt-3">
            <BuyNowButton productId={product.id} />
          </div>
          <p className="mt-6 text-muted-foreground">{product.description}</p>
          <ul className="mt-6 grid grid-cols-3 gap-3 text-center text-sm" aria-label="At a glance">
            <li className="rounded-lg bg-muted p-3">
              <span className="block text-muted-foreground">Downloads</span>
              <span className="mt-1 inline-flex items-center gap-1 font-semibold">
                <Download aria-hidden="true" className="size-4" /> {formatCount(product.downloads)}
              </span>
            </li>
            <li className="rounded-lg bg-muted p-3">
              <span className="block text-muted-foreground">Format</span>
              <span className="mt-1 inline-flex items-center gap-1 font-semibold">
                <FileText aria-hidden="true" className="size-4" /> {product.format}
              </span>
            </li>
            <li className="rounded-lg bg-muted p-3">
              <span className="block text-muted-foreground">Delivery</span>
              <span className="mt-1 block font-semibold">Instant download</span>
            </li>
          </ul>
        </div>
      </div>
      <ProductTabs product={product} reviews={reviews} breakdown={breakdown} paged={paged} />
      {product.related.length > 0 ? (
        <section className="mt-12" aria-labelledby="related-heading">
          <h2 id="related-heading" className="text-2xl font-bold">
            Related Products
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-3">
            {product.related.map((related) => (
              <li key={related.id}>
                <ProductCard product={related} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Container>
  );
}
