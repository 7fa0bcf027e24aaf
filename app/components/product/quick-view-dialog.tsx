import type { ProductCard } from "@server/catalogue/product-card.ts";
import { formatPrice } from "@shared/format.ts";
import { type RefObject, useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { AddToCartButton } from "~/components/cart/add-to-cart-button";
import { NAMED_PRICE_FETCHER } from "~/components/cart/use-cart-change";
import { PanelDialog } from "~/components/layout/panel-dialog";
import { Button } from "~/components/ui/button";
import type { loader as productLoader } from "~/routes/product";
import { ProductGallery } from "./product-gallery";
import { ProductImage } from "./product-image";
import { AlreadyYours, PriceAndLicense, usePurchaseChoice } from "./product-summary";

type ProductDetail = NonNullable<ReturnType<typeof useFetcher<typeof productLoader>>["data"]>["product"];

/** How wide the quick view's picture shows: half the dialog from 768 px, else its whole width. */
const QUICK_VIEW_SIZES = "(min-width: 768px) 368px, 100vw";

/**
 * The quick view of a listing's card: the product's pictures, price, licence choice and Add to
 * Cart, and a link to its page. The card's own picture, title and price show at once; the rest
 * comes from the product page's data (the same for everyone, cached).
 */
export function QuickViewDialog({
  card,
  open,
  onOpenChange,
  opener,
}: {
  card: ProductCard;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The card's button, where the keyboard's focus goes back when the dialog closes. */
  opener: RefObject<HTMLButtonElement | null>;
}) {
  const { data, load, state } = useFetcher<typeof productLoader>();
  const product = data?.product.id === card.id ? data.product : undefined;
  useEffect(() => {
    if (open && !product && state === "idle") void load(`/product/${card.id}`);
  }, [open, product, state, load, card.id]);
  return (
    <PanelDialog
      wide
      title={card.title}
      description={`by ${card.creatorName}`}
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        opener.current?.focus();
      }}
    >
      <div className="grid gap-6 md:grid-cols-2">
        {product ? (
          <ProductGallery images={product.images} title={product.title} sizes={QUICK_VIEW_SIZES} />
        ) : (
          <ProductImage
            src={card.imageUrl}
            alt={card.title}
            className="aspect-square w-full rounded-xl"
            sizes={QUICK_VIEW_SIZES}
          />
        )}
        <div className="min-w-0">
          {product ? (
            <QuickViewPurchase product={product} />
          ) : (
            <p className="text-3xl font-bold" aria-busy="true">
              {formatPrice(card.priceCents)}
            </p>
          )}
          <Button asChild variant="link" className="mt-4 px-0">
            <Link to={`/product/${card.id}`} onClick={() => onOpenChange(false)}>
              View full details
            </Link>
          </Button>
        </div>
      </div>
    </PanelDialog>
  );
}

/** Price, licence, Add to Cart and what the shopper has of it already, as on the product page. */
function QuickViewPurchase({ product }: { product: ProductDetail }) {
  const choice = usePurchaseChoice(product);
  const fetcherKey = choice.price === undefined ? undefined : NAMED_PRICE_FETCHER;
  return (
    <>
      <PriceAndLicense product={product} choice={choice} />
      <div className="mt-6">
        <AddToCartButton productId={product.id} tier={choice.tier} price={choice.price} fetcherKey={fetcherKey} />
      </div>
      <AlreadyYours productId={product.id} />
    </>
  );
}
