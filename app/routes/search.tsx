import { servicesContext } from "@server/http/context.ts";
import { loadListing } from "@server/search/listing.ts";
import { MAX_QUERY_LENGTH, parseListingState } from "@server/search/listing-query.ts";
import { Form, Link, useLocation } from "react-router";
import { EmptyResults } from "~/components/listing/empty-results";
import { ListingLayout } from "~/components/listing/listing-layout";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Container } from "~/components/ui/page";
import { countOf } from "~/lib/format";
import { clearedHref, SEARCH_LISTING } from "~/lib/listing";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/search";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const state = parseListingState(new URL(request.url).searchParams, SEARCH_LISTING);
  return { state, ...(await loadListing(db, state, SEARCH_LISTING)) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, loaderData?.state.q ? `Search Results for "${loaderData.state.q}"` : "Search Products"),
  { name: "robots", content: "noindex, follow" },
];

const SUGGESTIONS = ["planners", "wall art", "templates", "courses"];

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { state, total } = loaderData;
  const location = useLocation();
  const filtersApplied = state.categories.length + state.formats.length > 0;
  const clearFilters = clearedHref(location.pathname, location.search);
  const clearSearch = clearedHref(location.pathname, location.search, [
    "category",
    "format",
    "min",
    "max",
    "sort",
    "view",
  ]);
  const narrowed = filtersApplied || state.min > 0 || state.max < SEARCH_LISTING.priceMax;
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">
        {state.q ? `Search Results for "${state.q}"` : "Search Products"}
      </h1>
      <Form
        method="get"
        role="search"
        aria-label="Search products"
        className="mt-6 flex max-w-xl gap-2"
        onSubmit={(event) => {
          // A blank search does nothing (SPEC section 5).
          const text = new FormData(event.currentTarget).get("q");
          if (typeof text !== "string" || text.trim() === "") event.preventDefault();
        }}
      >
        <label htmlFor="search-page-q" className="sr-only">
          Search products
        </label>
        <Input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={state.q}
          key={state.q}
          maxLength={MAX_QUERY_LENGTH}
          placeholder="Search products..."
        />
        <Button type="submit">Search</Button>
      </Form>
      <ListingLayout
        state={state}
        options={SEARCH_LISTING}
        listing={loaderData}
        clearHref={clearFilters}
        clearLabel="Clear All"
        loadMoreLabel="Load More Results"
        summary={
          <>
            <span>{countOf(total, "product", "products")} found</span>
            {filtersApplied ? <Badge>Filters applied</Badge> : null}
          </>
        }
        empty={
          narrowed ? (
            <EmptyResults
              title="No products found"
              text="Nothing matches both your search and your filters."
              actions={[
                ...(state.q ? [{ label: "Clear Search", to: clearSearch }] : []),
                { label: "Clear Filters", to: clearFilters },
              ]}
            />
          ) : (
            <div className="rounded-lg border border-dashed border-border p-10 text-center">
              <h2 className="text-xl font-semibold">No results found</h2>
              <p className="mt-2 text-muted-foreground">Try a different word, or one of these:</p>
              <div className="mt-4 flex flex-wrap justify-center gap-2">
                {SUGGESTIONS.map((term) => (
                  <Button key={term} asChild variant="outline" size="sm">
                    <Link to={`/search?q=${encodeURIComponent(term)}`}>{term}</Link>
                  </Button>
                ))}
              </div>
            </div>
          )
        }
      />
    </Container>
  );
}
