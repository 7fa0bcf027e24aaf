import { findCategoryBySlug } from "@server/catalogue/categories.ts";
import { servicesContext } from "@server/http/context.ts";
import { loadListing } from "@server/search/listing.ts";
import { hasFilters, parseListingState } from "@server/search/listing-query.ts";
import { data, useLocation } from "react-router";
import { EmptyResults } from "~/components/listing/empty-results";
import { ListingLayout } from "~/components/listing/listing-layout";
import { Container } from "~/components/ui/page";
import { countOf } from "~/lib/format";
import { CATEGORY_LISTING, clearedHref } from "~/lib/listing";
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
  const state = parseListingState(new URL(request.url).searchParams, CATEGORY_LISTING);
  const listing = await loadListing(db, state, CATEGORY_LISTING, { categoryScope: category.id });
  return {
    heading: category.slug === params.category ? category.name : headingFrom(params.category),
    category,
    canonicalUrl: `${publicUrl}/category/${category.slug}`,
    state,
    filtered: hasFilters(state, CATEGORY_LISTING),
    ...listing,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, loaderData?.heading ?? "Category", loaderData?.category.description),
  ...(loaderData ? [{ tagName: "link", rel: "canonical", href: loaderData.canonicalUrl }] : []),
];

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { heading, category, state, filtered, total } = loaderData;
  const location = useLocation();
  const clearHref = clearedHref(location.pathname, location.search);
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">{heading}</h1>
      <p className="mt-2 text-muted-foreground">{category.description}</p>
      <ListingLayout
        state={state}
        options={CATEGORY_LISTING}
        listing={loaderData}
        clearHref={clearHref}
        summary={countOf(total, "product", "products")}
        empty={
          <EmptyResults
            title="No products found"
            text={filtered ? "No product in this category matches these filters." : "No products in this category yet."}
            actions={filtered ? [{ label: "Clear All Filters", to: clearHref }] : []}
          />
        }
      />
    </Container>
  );
}
