import type { ProductDetail } from "@server/catalogue/product-detail.ts";
import { discountPercent, formatCount, formatPrice } from "@shared/format.ts";
import type { LicenseTier } from "@shared/license-tiers.ts";
import { Download, FileText } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { AddToCartButton, BuyNowButton } from "~/components/cart/add-to-cart-button";
import { licenseLine } from "~/components/cart/license-line";
import { NAMED_PRICE_FETCHER } from "~/components/cart/use-cart-change";
import { WishlistButton } from "~/components/cart/wishlist-button";
import { useShopDialogs } from "~/components/layout/shop-dialogs";
import { Badge } from "~/components/ui/badge";
import { dollarsOf } from "~/components/ui/money-input";
import { useShopper } from "~/lib/shopper";
import { LicenseChoice } from "./license-choice";
import { NamedPrice, PayWhatYouWantPrice } from "./named-price";
import { ProductTitle } from "./product-title";
import { ShareButton } from "./share-button";
import { RatingSummary } from "./star-rating";
import { useProductViewer } from "./use-product-viewer";

// Beside the product's pictures: what it is, what it costs, the ways to buy it and the facts at a glance.

/** The category, Bestseller and sale badges; the sale is the Personal license's (its original price). */
function ProductBadges({ product, tier }: { product: ProductDetail; tier: LicenseTier }) {
  const discount = tier === "personal" ? discountPercent(product.priceCents, product.originalPriceCents) : 0;
  return (
    <div className="flex flex-wrap gap-2">
      <Badge>{product.category.label}</Badge>
      {product.isBestseller ? <Badge variant="bestseller">Bestseller</Badge> : null}
      {discount > 0 ? <Badge variant="sale">{discount}% off</Badge> : null}
    </div>
  );
}

/** The chosen license's price; the Personal one with the price before a sale struck through. */
function ProductPrice({ product, tier }: { product: ProductDetail; tier: LicenseTier }) {
  const priceCents = product.tierPrices[tier] ?? product.priceCents;
  return (
    <>
      <p className="mt-6 flex items-baseline gap-3">
        <span className="text-3xl font-bold">{formatPrice(priceCents)}</span>
        {tier === "personal" && product.originalPriceCents ? (
          <s className="text-lg text-muted-foreground">
            <span className="sr-only">was </span>
            {formatPrice(product.originalPriceCents)}
          </s>
        ) : null}
      </p>
      <PriceTaxNote />
    </>
  );
}

/**
 * Where tax is by the buyer's place (decision 057): whether the price includes the visitor's tax
 * (the custom in the EU, the UK, Australia...) or it is added at checkout, from the place their cart
 * knows or guesses. The page is the same for everyone; this line is the visitor's own. Nothing
 * under the flat rule, whose 8% the cart shows as the spec has it.
 */
function PriceTaxNote() {
  const tax = useShopper()?.cart.tax;
  if (!tax?.byLocation) return null;
  const note = !tax.country
    ? "Tax depends on where you live: your cart works it out."
    : tax.vatNumber?.confirmed
      ? "Your business pays no VAT (reverse charge): the VAT in the price is taken off in your cart."
      : tax.included
        ? `Includes ${tax.label}.`
        : tax.label.startsWith("No tax")
          ? `${tax.label}.`
          : `Plus ${tax.label} at checkout.`;
  return <p className="mt-1 text-sm text-muted-foreground">{note}</p>;
}

/**
 * Add to cart, the wishlist heart and Share; Buy now under them. Both buy the chosen license, and
 * for a pay-what-you-want product at the price named (`price`), through the fetcher its field reads.
 */
function ProductActions({
  product,
  url,
  tier,
  price,
}: {
  product: ProductDetail;
  url: string;
  tier: LicenseTier;
  price?: string;
}) {
  const buy = { productId: product.id, tier, price, fetcherKey: price === undefined ? undefined : NAMED_PRICE_FETCHER };
  return (
    <>
      <div className="mt-6 flex flex-wrap gap-3">
        <AddToCartButton {...buy} />
        <WishlistButton productId={product.id} title={product.title} withLabel />
        <ShareButton title={product.title} url={url} />
      </div>
      <div className="mt-3">
        <BuyNowButton {...buy} />
      </div>
    </>
  );
}

/**
 * What the visitor has of this product already: the seats in their cart, since Add to
 * Cart adds a seat to a product already there, and whether they own it. Both come
 * after the page (it is the same for everyone); the place is empty until then.
 */
export function AlreadyYours({ productId }: { productId: number }) {
  const shopper = useShopper();
  const openCart = useShopDialogs().cart.show;
  const signedIn = Boolean(shopper?.user);
  const owned = useProductViewer(productId, { load: signedIn })?.owned === true && signedIn;
  const line = shopper?.cart.lines.find((each) => each.productId === productId);
  return (
    <div aria-live="polite" className="mt-3 grid gap-1 text-sm empty:hidden">
      {owned ? (
        <p className="font-medium text-primary">
          You own this:{" "}
          <Link to="/account/downloads" className="underline">
            go to your downloads
          </Link>
        </p>
      ) : null}
      {line ? (
        <p>
          {`In your cart: ${licenseLine(line)}. `}
          <button type="button" className="font-medium text-primary underline" onClick={openCart}>
            View cart
          </button>
        </p>
      ) : null}
    </div>
  );
}

/** Downloads, format and delivery. */
function AtAGlance({ product }: { product: ProductDetail }) {
  return (
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
  );
}

/** The licence (Personal to start with) and, for a pay-what-you-want product, the price the buyer names. */
export function usePurchaseChoice(product: ProductDetail) {
  // Personal until the shopper picks another: the storefront's price, and every product's license.
  const [tier, setTier] = useState<LicenseTier>("personal");
  // A pay-what-you-want product: the seller's suggestion to start with, or the least one may pay.
  const [price, setPrice] = useState(() => dollarsOf(product.suggestedPriceCents ?? product.priceCents));
  return { tier, setTier, price: product.payWhatYouWant ? price : undefined, setPrice, shownPrice: price };
}

/** The price (or the field to name one) and the licence choice: the product page's and the quick view's. */
export function PriceAndLicense({
  product,
  choice,
}: {
  product: ProductDetail;
  choice: ReturnType<typeof usePurchaseChoice>;
}) {
  return (
    <>
      {product.payWhatYouWant ? (
        <>
          <PayWhatYouWantPrice suggestedCents={product.suggestedPriceCents} />
          <NamedPrice minimumCents={product.priceCents} value={choice.shownPrice} onChange={choice.setPrice} />
        </>
      ) : (
        <ProductPrice product={product} tier={choice.tier} />
      )}
      <LicenseChoice prices={product.tierPrices} value={choice.tier} onChange={choice.setTier} />
    </>
  );
}

/** The product's title, creator, rating, price, buttons, description and facts at a glance. */
export function ProductSummary({ product, url }: { product: ProductDetail; url: string }) {
  // (The page keys this by product: a choice is not carried to another product's page.)
  const choice = usePurchaseChoice(product);
  return (
    <div>
      <ProductBadges product={product} tier={choice.tier} />
      <h1 className="mt-3 text-3xl font-bold wrap-anywhere">
        <ProductTitle title={product.title} />
      </h1>
      <p className="mt-2 text-muted-foreground">
        by{" "}
        <Link to={`/creator/${product.creator.slug}`} className="font-medium text-foreground hover:text-primary">
          {product.creator.name}
        </Link>
      </p>
      <p className="mt-3 text-sm">
        <RatingSummary rating={product.rating} reviewCount={product.reviewCount} />
      </p>
      <PriceAndLicense product={product} choice={choice} />
      <ProductActions product={product} url={url} tier={choice.tier} price={choice.price} />
      <AlreadyYours productId={product.id} />
      <p className="mt-6 text-muted-foreground">{product.description}</p>
      <AtAGlance product={product} />
    </div>
  );
}
