import type { ProductCard } from "../../server/catalogue/product-card.ts";

/** A listing's card for component tests: "Product {id}" by Maker at $9.99, with `changes`. */
export function productCard(id: number, changes: Partial<ProductCard> = {}): ProductCard {
  return {
    id,
    title: `Product ${id}`,
    creatorName: "Maker",
    priceCents: 999,
    originalPriceCents: null,
    imageUrl: null,
    rating: 0,
    reviewCount: 0,
    isInstantDownload: true,
    isBestseller: false,
    tags: [],
    ...changes,
  };
}
