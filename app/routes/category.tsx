import { findCategoryBySlug } from "@server/catalogue/categories.ts";
import { servicesContext } from "@server/http/context.ts";
import { loadListing } from "@server/search/listing.ts";
import { hasFilters, parseListingState } from "@server/search/listing-query.ts";
import { countOf } from "@shared/format.ts";
import { data, redirect, useLocation } from "react-router";
import { EmptyResults } from "~/components/listing/empty-results";
import { ListingLayout } from "~/components/listing/listing-layout";
import { Container } from "~/components/ui/page";
import { CATEGORY_LISTING, clearedHref } from "~/lib/listing";
import { pageMeta } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/public-page";
import { pageLoader } from "~/lib/refusal.server";
import type { Route } from "./+types/category";

// The same for every visitor: cached by the shop and by a CDN.
export const headers = publicPageHeaders;

export const loader = pageLoader(async ({ params, request, context }: Route.LoaderArgs) => {
  const { readDb, publicUrl } = context.get(servicesContext);
  const category = await findCategoryBySlug(readDb, params.category);
  if (!category) throw data(null, { status: 404 });
  // One address per category: another letter case or an alias (the storefront's footer links to
  // /category/digital-planners) is sent, for good, to the category's own.
  const url = new URL(request.url);
  if (params.category !== category.slug) throw redirect(`/category/${category.slug}${url.search}`, 301);
  const state = parseListingState(url.searchParams, CATEGORY_LISTING);
  const listing = await loadListing(readDb, {
    state,
    options: CATEGORY_LISTING,
    scope: { categoryScope: category.id },
  });
  return {
    category,
    canonicalUrl: `${publicUrl}/category/${category.slug}`,
    state,
    filtered: hasFilters(state, CATEGORY_LISTING),
    ...listing,
  };
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, loaderData?.category.name ?? "Category", loaderData?.category.description),
  ...(loaderData ? [{ tagName: "link", rel: "canonical", href: loaderData.canonicalUrl }] : []),
];

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, state, filtered, total } = loaderData;
  const location = useLocation();
  const clearHref = clearedHref(location.pathname, location.search);
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">{category.name}</h1>
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
