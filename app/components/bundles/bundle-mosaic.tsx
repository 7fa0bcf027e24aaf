import type { BundleProduct } from "@server/bundles/bundles.ts";
import { ProductImage } from "~/components/product/product-image";

// Each picture: a half of the page's left column from 1024 px (at most 294 px). Narrower screens
// show no mosaic: the products' cards below have the same pictures.
const TILE_SIZES = "(min-width: 1280px) 294px, 23vw";

/**
 * The bundle's products' pictures side by side (two, or four in a square), beside its summary on
 * a wide screen: decoration only, as the cards under it show and name each product.
 */
export function BundleMosaic({ products }: { products: BundleProduct[] }) {
  const shown = products.slice(0, products.length >= 4 ? 4 : 2);
  return (
    <div aria-hidden="true" className="hidden grid-cols-2 gap-3 self-start lg:grid">
      {shown.map((product) => (
        <ProductImage
          key={product.productId}
          src={product.imageUrl}
          alt=""
          className="aspect-square w-full rounded-xl"
          sizes={TILE_SIZES}
        />
      ))}
    </div>
  );
}
