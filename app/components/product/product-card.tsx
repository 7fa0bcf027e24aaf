import type { ProductCard as ProductCardData } from "@server/catalogue/product-card.ts";
import { discountPercent, formatPrice } from "@shared/format.ts";
import { Link } from "react-router";
import { WishlistButton } from "~/components/cart/wishlist-button";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";
import { ProductImage } from "./product-image";
import { ProductTitle } from "./product-title";
import { QuickViewButton } from "./quick-view";
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
    <article className={cn("product-card", layout === "list" && "flex-row")}>
      {/* The picture opens the product too: the title's link covers the card (app.css). */}
      <div className={cn("product-card-media", layout === "list" && "aspect-auto w-32 sm:w-48")}>
        <ProductImage
          src={product.imageUrl}
          alt=""
          className="size-full"
          priority={priority}
          sizes={layout === "list" ? LIST_IMAGE_SIZES : undefined}
        />
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
          <Link to={`/product/${product.id}`}>
            <ProductTitle title={product.title} />
          </Link>
        </h3>
        <p className="muted">{`by ${product.creatorName}`}</p>
        <RatingSummary rating={product.rating} reviewCount={product.reviewCount} compact className="muted" />
        <ul className="product-card-tags" aria-label="Tags">
          {product.tags.map((tag) => (
            <li key={tag} className="badge">
              {tag}
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
          {product.isInstantDownload ? <span className="instant-download">Instant download</span> : null}
        </div>
      </div>
      <div className="product-card-actions">
        <WishlistButton productId={product.id} title={product.title} />
        <QuickViewButton product={product} />
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
