import type { ProductDetail } from "@server/catalogue/product-detail.ts";
import { Link } from "react-router";

/** Products / the product's category / the product. */
export function ProductBreadcrumb({ product }: { product: ProductDetail }) {
  return (
    <nav aria-label="Breadcrumb" className="mt-2 text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-2">
        <li>
          <Link to="/browse" className="hover:text-foreground">
            Products
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          <Link to={`/category/${product.category.slug}`} className="hover:text-foreground">
            {product.category.label}
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="min-w-0 text-foreground wrap-anywhere">
          {product.title}
        </li>
      </ol>
    </nav>
  );
}
