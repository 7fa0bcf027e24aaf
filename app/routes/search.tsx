import { listProducts, PAGE_SIZE } from "@server/catalogue/list-products.ts";
import { servicesContext } from "@server/http/context.ts";
import { Form } from "react-router";
import { LoadMore, pageFrom } from "~/components/product/load-more";
import { ProductGrid } from "~/components/product/product-card";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/search";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  const page = pageFrom(request.url);
  const { products, total } = await listProducts(db, { query: q, pageSize: page * PAGE_SIZE });
  return { q, products, total, page };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData?.q ? `Search Results for "${loaderData.q}"` : "Search Products");

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, products, total, page } = loaderData;
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">{q ? `Search Results for "${q}"` : "Search Products"}</h1>
      <p className="mt-2 text-muted-foreground">
        {total.toLocaleString("en-US")} {total === 1 ? "product" : "products"} found
      </p>
      <Form method="get" role="search" className="mt-6 flex max-w-xl gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          Search products
        </label>
        <Input id="search-page-q" name="q" type="search" defaultValue={q} key={q} placeholder="Search products..." />
        <Button type="submit">Search</Button>
      </Form>
      <div className="mt-8">
        {products.length === 0 ? (
          <div className="rounded-lg border border-dashed border-border p-10 text-center">
            <h2 className="text-xl font-semibold">No results found</h2>
            <p className="mt-2 text-muted-foreground">Try a different word, or one of these:</p>
            <div className="mt-4 flex flex-wrap justify-center gap-2">
              {["planners", "wall art", "templates", "courses"].map((term) => (
                <Button key={term} asChild variant="outline" size="sm">
                  <a href={`/search?q=${encodeURIComponent(term)}`}>{term}</a>
                </Button>
              ))}
            </div>
          </div>
        ) : (
          <ProductGrid products={products} />
        )}
      </div>
      {total > 0 ? <LoadMore shown={products.length} total={total} page={page} label="Load More Results" /> : null}
    </Container>
  );
}
