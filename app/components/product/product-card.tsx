import type { ProductCard as ProductCardData } from "@server/catalogue/product-card.ts";
import { Link } from "react-router";
import { WishlistButton } from "~/components/cart/wishlist-button";
import { Badge } from "~/components/ui/badge";
import { SpriteIcon } from "~/components/ui/icon-sprite";
import { discountPercent, formatPrice } from "~/lib/format";
import { cn } from "~/lib/utils";
import { ProductImage } from "./product-image";
import { RatingSummary } from "./star-rating";

/** A list row's picture: w-32, sm:w-48. */
const LIST_IMAGE_SIZES = "(min-width: 640px) 192px, 128px";

/** The first row of a listing is in the first screen at every width: its first picture is the largest. */
const firstScreen = (index: number) => (index === 0 ? "high" : index < 4 ? "eager" : undefined);

export function ProductCard({
  product,
  layout = "grid",
  priority,
}: {
  product: ProductCardData;
  layout?: "grid" | "list";
  /** Among the first cards of the page: its picture is not left until it comes near the screen. */
  priority?: "high" | "eager";
}) {
  const discount = discountPercent(product.priceCents, product.originalPriceCents);
  return (
    <article className={cn("product-card", layout === "grid" ? "flex-col" : "flex-row")}>
      <div className={cn("relative shrink-0", layout === "grid" ? "aspect-square w-full" : "w-32 sm:w-48")}>
        {/* The picture opens the product too; the title's link is the one keyboards and screen readers use. */}
        <Link
          to={`/product/${product.id}`}
          tabIndex={-1}
          aria-hidden="true"
          discover="none"
          className="block size-full"
        >
          <ProductImage
            src={product.imageUrl}
            alt=""
            className="size-full"
            priority={priority}
            sizes={layout === "list" ? LIST_IMAGE_SIZES : undefined}
          />
        </Link>
        {product.isBestseller || discount > 0 ? (
          <div className="absolute left-2 top-2 flex flex-col items-start gap-1">
            {product.isBestseller ? <Badge variant="bestseller">Bestseller</Badge> : null}
            {discount > 0 ? <Badge variant="sale">{`-${discount}%`}</Badge> : null}
          </div>
        ) : null}
      </div>
      {/* In a list row the wishlist and quick-view buttons sit at the right: keep the text clear of them. */}
      <div className={cn("product-card-body", layout === "list" && "pr-14")}>
        <h3 className="product-card-title">
          <Link to={`/product/${product.id}`}>{product.title}</Link>
        </h3>
        <p className="muted">{`by ${product.creatorName}`}</p>
        <RatingSummary rating={product.rating} reviewCount={product.reviewCount} compact className="muted" />
        <ul className="flex flex-wrap gap-1" aria-label="Tags">
          {product.tags.slice(0, 2).map((tag) => (
            <li key={tag}>
              <Badge variant="neutral">{tag}</Badge>
            </li>
          ))}
        </ul>
        <div className="product-card-footer">
          <p className="product-card-price">
            <span>{formatPrice(product.priceCents)}</span>
            {product.originalPriceCents ? (
              <s className="muted">
                <span className="sr-only">was </span>
                {formatPrice(product.originalPriceCents)}
              </s>
            ) : null}
          </p>
          {product.isInstantDownload ? (
            <span className="instant-download">
              <SpriteIcon name="download" className="size-3.5" />
              Instant download
            </span>
          ) : null}
        </div>
      </div>
      <div className="product-card-actions">
        <WishlistButton productId={product.id} title={product.title} />
        <a
          href={`/product/${product.id}`}
          target="_blank"
          rel="noopener"
          aria-label={`Quick view ${product.title} (opens in a new tab)`}
          className="card-icon-button"
        >
          <SpriteIcon name="external-link" />
        </a>
      </div>
    </article>
  );
}

export function ProductGrid({
  products,
  layout = "grid",
  columns = 4,
}: {
  products: ProductCardData[];
  layout?: "grid" | "list";
  /** On wide screens: 3 where a page shows three products (a creator's), so that no column stays empty. */
  columns?: 3 | 4;
}) {
  return (
    <ul
      className={cn(
        "grid gap-6",
        layout === "grid"
          ? cn("grid-cols-1 min-[480px]:grid-cols-2 lg:grid-cols-3", columns === 4 && "xl:grid-cols-4")
          : "grid-cols-1",
      )}
    >
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} layout={layout} priority={firstScreen(index)} />
        </li>
      ))}
    </ul>
  );
}
