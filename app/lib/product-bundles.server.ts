import { bundlesWithProduct } from "@server/bundles/bundles.ts";
import type { Queryable } from "@server/db/client.ts";
import type { ProductBundleOffer } from "~/components/bundles/product-bundles";

/**
 * The bundles on sale that hold this product, as its page offers them ("Save with a bundle"): the
 * same for every visitor (a guest's prices), so the product page stays cacheable; what a buyer
 * who owns some of a bundle pays is on the bundle's own page.
 */
export async function productBundleOffers(db: Queryable, productId: number): Promise<ProductBundleOffer[]> {
  const bundles = await bundlesWithProduct(db, productId, null);
  return bundles.map((bundle) => ({
    id: bundle.id,
    title: bundle.title,
    priceCents: bundle.priceCents,
    valueCents: bundle.valueCents,
    otherTitles: bundle.products.filter((product) => product.productId !== productId).map((product) => product.title),
  }));
}
