import { findCategoryBySlug } from "@server/catalogue/categories.ts";
import { listProducts, PAGE_SIZE } from "@server/catalogue/list-products.ts";
import { servicesContext } from "@server/http/context.ts";
import { data } from "react-router";
import { LoadMore, pageFrom } from "~/components/product/load-more";
import { ProductGrid } from "~/components/product/product-card";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/category";

/**
 * The heading comes from the address (SPEC section 2): a category's own slug gives its name
 * ("e-books" -> "E-books"), an alias is title-cased ("digital-planners" -> "Digital Planners").
 */
function headingFrom(slug: string) {
  return slug
    .split("-")
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(" ");
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, publicUrl } = context.get(servicesContext);
  const category = await findCategoryBySlug(db, params.category);
  if (!category) throw data(null, { status: 404 });
  const page = pageFrom(request.url);
  const { products, total } = await listProducts(db, { categoryId: category.id, pageSize: page * PAGE_SIZE });
  return {
    heading: category.slug === params.category ? category.name : headingFrom(params.category),
    category,
    canonicalUrl: `${publicUrl}/category/${category.slug}`,
    products,
    total,
    page,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, loaderData?.heading ?? "Category", loaderData?.category.description),
  ...(loaderData ? [{ tagName: "link", rel: "canonical", href: loaderData.canonicalUrl }] : []),
];

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { heading, category, products, total, page } = loaderData;
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">{heading}</h1>
      <p className="mt-2 text-muted-foreground">{category.description}</p>
      <div className="mt-8">
        {products.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-10 text-center text-muted-foreground">
            No products in this category yet.
          </p>
        ) : (
          <ProductGrid products={products} />
        )}
      </div>
      {total > 0 ? <LoadMore shown={products.length} total={total} page={page} /> : null}
    </Container>
  );
}
