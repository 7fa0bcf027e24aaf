import type { BundleProduct } from "@server/bundles/bundles.ts";
import { formatPrice } from "@shared/format.ts";
import { Link } from "react-router";
import { ProductImage } from "~/components/product/product-image";
import { Badge } from "~/components/ui/badge";

/** The bundle's products as cards: picture, title (a link to its page), price, and Owned for the visitor's. */
export function BundleProducts({ products, owned }: { products: BundleProduct[]; owned: ReadonlySet<number> }) {
  return (
    <section className="mt-12" aria-labelledby="bundle-products-heading">
      <h2 id="bundle-products-heading" className="text-2xl font-bold">
        In this bundle
      </h2>
      <ul className="mt-6 grid grid-cols-1 gap-6 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {products.map((product, index) => (
          <li key={product.productId}>
            <article className="product-card">
              <div className="product-card-media">
                <ProductImage
                  src={product.imageUrl}
                  alt=""
                  className="size-full"
                  priority={index === 0 ? "high" : index < 4 ? "eager" : undefined}
                />
                {owned.has(product.productId) ? (
                  <div className="absolute left-2 top-2">
                    <Badge variant="success">Owned</Badge>
                  </div>
                ) : null}
              </div>
              <div className="product-card-body">
                <h3 className="product-card-title">
                  <Link to={`/product/${product.productId}`}>{product.title}</Link>
                </h3>
                <div className="product-card-footer">
                  <p className="product-card-price">
                    <span>
                      <span className="sr-only">Bought alone: </span>
                      {formatPrice(product.priceCents)}
                    </span>
                  </p>
                </div>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
