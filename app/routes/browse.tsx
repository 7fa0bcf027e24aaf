import { listProducts, PAGE_SIZE } from "@server/catalogue/list-products.ts";
import { servicesContext } from "@server/http/context.ts";
import { LoadMore, pageFrom } from "~/components/product/load-more";
import { ProductGrid } from "~/components/product/product-card";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/browse";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const page = pageFrom(request.url);
  const { products, total } = await listProducts(db, { pageSize: page * PAGE_SIZE });
  return { products, total, page };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Browse All Products");

export default function BrowsePage({ loaderData }: Route.ComponentProps) {
  const { products, total, page } = loaderData;
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">Browse All Products</h1>
      <p className="mt-2 text-muted-foreground">Every product in the marketplace, most popular first.</p>
      <div className="mt-8">
        <ProductGrid products={products} />
      </div>
      <LoadMore shown={products.length} total={total} page={page} />
    </Container>
  );
}
