import type { ProductDetail } from "@server/catalogue/product-detail.ts";
import { ProductCard } from "./product-card";

/** Related Products, under the tabs; nothing when there are none. */
export function RelatedProducts({ related }: { related: ProductDetail["related"] }) {
  if (related.length === 0) return null;
  return (
    <section className="mt-12" aria-labelledby="related-heading">
      <h2 id="related-heading" className="text-2xl font-bold">
        Related Products
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-3">
        {related.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
