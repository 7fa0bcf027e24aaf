import type { ProductDetail } from "@server/catalogue/product-detail.ts";
import { LICENSE_TIER_NAMES, offeredTiers } from "@shared/license-tiers.ts";
import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/lib/meta";

/** What the product page's loader tells search engines and link previews. */
interface ProductMetaData {
  product: ProductDetail;
  /** The product page's canonical address. */
  url: string;
  publicUrl: string;
  /** The link preview's picture (server/media/og-image.ts), or null for the shop's. */
  preview: string | null;
}

/** The product page's title, canonical address, Open Graph tags and schema.org Product data. */
export function productMeta(
  matches: Parameters<typeof pageMeta>[0],
  { product, url, publicUrl, preview }: ProductMetaData,
): MetaDescriptor[] {
  const price = dollars(product.priceCents);
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
        offers: offersOf(product, url),
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
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * What the product sells, for search engines: one Offer at its price, or, sold under several
 * licences, an AggregateOffer from the lowest to the highest with an Offer per licence.
 */
function offersOf(product: ProductDetail, url: string) {
  const offer = (priceCents: number) => ({
    "@type": "Offer",
    url,
    price: dollars(priceCents),
    priceCurrency: "USD",
    availability: "https://schema.org/InStock",
  });
  const tiers = offeredTiers(product.tierPrices);
  if (tiers.length < 2) return offer(product.priceCents);
  const prices = tiers.map((tier) => tier.priceCents);
  return {
    "@type": "AggregateOffer",
    lowPrice: dollars(Math.min(...prices)),
    highPrice: dollars(Math.max(...prices)),
    offerCount: tiers.length,
    priceCurrency: "USD",
    offers: tiers.map(({ tier, priceCents }) => ({
      ...offer(priceCents),
      name: `${LICENSE_TIER_NAMES[tier]} license`,
    })),
  };
}
