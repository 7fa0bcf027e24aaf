import type { ProductDetail } from "@server/catalogue/product-detail.ts";
import { describe, expect, it } from "vitest";
import { productMeta } from "./product-meta";

// The product data search engines read: the product's licences as offers.

function dataOf(tierPrices: ProductDetail["tierPrices"]) {
  const product = {
    id: 2,
    title: "Abstract Wall Art Collection",
    description: "Twelve prints.",
    priceCents: tierPrices.personal,
    tierPrices,
    images: [],
    category: { name: "Wall Art" },
    creator: { name: "Mira Collins Art" },
    reviewCount: 0,
    rating: 0,
  } as unknown as ProductDetail;
  const url = "https://shop.test/product/2";
  const tags = productMeta([], { product, url, publicUrl: "https://shop.test", preview: null });
  const script = tags.find((tag) => "script:ld+json" in tag) as { "script:ld+json": { offers: object } };
  return script["script:ld+json"].offers;
}

describe("the product's offers", () => {
  it("are one Offer at the price for a product sold under one licence", () => {
    expect(dataOf({ personal: 1599, commercial: null, extended: null })).toEqual({
      "@type": "Offer",
      url: "https://shop.test/product/2",
      price: "15.99",
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
    });
  });

  it("are an AggregateOffer from the lowest to the highest licence, one Offer each, for several", () => {
    expect(dataOf({ personal: 1599, commercial: 3999, extended: 7999 })).toMatchObject({
      "@type": "AggregateOffer",
      lowPrice: "15.99",
      highPrice: "79.99",
      offerCount: 3,
      priceCurrency: "USD",
      offers: [
        { name: "Personal license", price: "15.99" },
        { name: "Commercial license", price: "39.99" },
        { name: "Extended license", price: "79.99" },
      ],
    });
  });
});
