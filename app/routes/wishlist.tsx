import { findShopper } from "@server/cart/shopper.ts";
import { wishlistProducts } from "@server/cart/wishlist.ts";
import { servicesContext } from "@server/http/context.ts";
import { countOf } from "@shared/format.ts";
import { Heart } from "lucide-react";
import { Link } from "react-router";
import { ProductGrid } from "~/components/product/product-card";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { pageLoader } from "~/lib/refusal.server";
import { visitorOf } from "~/lib/shopper.server";
import type { Route } from "./+types/wishlist";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { db } = context.get(servicesContext);
  return { products: await wishlistProducts(db, await findShopper(db, await visitorOf(request, context))) };
});

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "Your Wishlist"),
  { name: "robots", content: "noindex" },
];

export default function WishlistPage({ loaderData }: Route.ComponentProps) {
  const { products } = loaderData;
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">Your Wishlist</h1>
      <p className="mt-2 text-muted-foreground">
        {products.length === 0
          ? "Products you save with the heart appear here."
          : `${countOf(products.length, "product", "products")} saved for later.`}
      </p>
      <div className="mt-8">
        {products.length === 0 ? (
          <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-border p-10 text-center">
            <Heart aria-hidden="true" className="size-10 text-muted-foreground" />
            <h2 className="text-xl font-semibold">Your wishlist is empty</h2>
            <Button asChild>
              <Link to="/browse">Browse products</Link>
            </Button>
          </div>
        ) : (
          <section aria-labelledby="wishlist-products-heading">
            <h2 id="wishlist-products-heading" className="sr-only">
              Saved products
            </h2>
            <ProductGrid products={products} />
          </section>
        )}
      </div>
    </Container>
  );
}
