import { getProductDetail } from "@server/catalogue/product-detail.ts";
import { servicesContext } from "@server/http/context.ts";
import { ChevronLeft, Download, FileText, HardDrive } from "lucide-react";
import { Link, redirect } from "react-router";
import { AddToCartButton, BuyNowButton } from "~/components/cart/add-to-cart-button";
import { WishlistButton } from "~/components/cart/wishlist-button";
import { ProductGrid } from "~/components/product/product-card";
import { ProductImage } from "~/components/product/product-image";
import { StarRating } from "~/components/product/star-rating";
import { Badge } from "~/components/ui/badge";
import { Container } from "~/components/ui/page";
import { discountPercent, formatCount, formatDuration, formatFileSize, formatPrice } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/product";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const id = Number(params.id);
  const product = Number.isSafeInteger(id) && id > 0 ? await getProductDetail(db, id) : null;
  // An unknown product goes to /browse (SPEC section 2).
  if (!product) throw redirect("/browse");
  return { product };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData?.product.title ?? "Product", loaderData?.product.description);

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const discount = discountPercent(product.priceCents, product.originalPriceCents);
  const [cover] = product.images;
  return (
    <Container className="py-8">
      <nav aria-label="Breadcrumb" className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <Link to="/browse" className="inline-flex items-center gap-1 hover:text-foreground">
          <ChevronLeft aria-hidden="true" className="size-4" /> Products
        </Link>
        <span aria-hidden="true">/</span>
        <Link to={`/category/${product.category.slug}`} className="hover:text-foreground">
          {product.category.label}
        </Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page" className="text-foreground">
          {product.title}
        </span>
      </nav>
      <div className="mt-6 grid gap-10 lg:grid-cols-2">
        <div className="flex flex-col gap-3">
          <ProductImage
            src={cover?.url ?? null}
            alt={cover?.alt ?? product.title}
            className="aspect-square w-full rounded-xl"
          />
          {product.images.length > 1 ? (
            <ul className="grid grid-cols-4 gap-3" aria-label="More images">
              {product.images.slice(1).map((image) => (
                <li key={image.url}>
                  <ProductImage src={image.url} alt={image.alt} className="aspect-square w-full rounded-lg" />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
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
          <p className="mt-3 flex items-center gap-2 text-sm">
            <StarRating rating={product.rating} />
            <span>
              {product.rating.toFixed(1)} ({product.reviewCount.toLocaleString("en-US")} reviews)
            </span>
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
          </div>
          <div className="mt-3">
            <BuyNowButton productId={product.id} />
          </div>
          <p className="mt-6 text-muted-foreground">{product.description}</p>
          <dl className="mt-6 grid grid-cols-3 gap-3 text-center text-sm">
            <div className="rounded-lg bg-muted p-3">
              <dt className="text-muted-foreground">Downloads</dt>
              <dd className="mt-1 inline-flex items-center gap-1 font-semibold">
                <Download aria-hidden="true" className="size-4" /> {formatCount(product.downloads)}
              </dd>
            </div>
            <div className="rounded-lg bg-muted p-3">
              <dt className="text-muted-foreground">Format</dt>
              <dd className="mt-1 inline-flex items-center gap-1 font-semibold">
                <FileText aria-hidden="true" className="size-4" /> {product.format}
              </dd>
            </div>
            <div className="rounded-lg bg-muted p-3">
              <dt className="text-muted-foreground">Delivery</dt>
              <dd className="mt-1 font-semibold">Instant download</dd>
            </div>
          </dl>
          <h2 className="mt-8 text-xl font-semibold">What you get</h2>
          <ul className="mt-3 list-disc space-y-1 pl-5">
            {product.whatYouGet.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="mt-4 inline-flex items-center gap-2 text-sm text-muted-foreground">
            <HardDrive aria-hidden="true" className="size-4" /> File size: {formatFileSize(product.fileSizeBytes)}
            {product.pages ? ` · ${product.pages} pages` : ""}
            {product.prints ? ` · ${product.prints} prints` : ""}
            {product.templates ? ` · ${product.templates} templates` : ""}
            {product.durationMinutes ? ` · ${formatDuration(product.durationMinutes)}` : ""}
          </p>
          <h2 className="mt-8 text-xl font-semibold">Features</h2>
          <ul className="mt-3 list-disc space-y-1 pl-5">
            {product.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </div>
      </div>
      {product.related.length > 0 ? (
        <section className="mt-16">
          <h2 className="text-2xl font-bold">Related Products</h2>
          <div className="mt-6">
            <ProductGrid products={product.related} />
          </div>
        </section>
      ) : null}
    </Container>
  );
}
