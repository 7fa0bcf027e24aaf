import { servicesContext } from "@server/http/context.ts";
import { loadListing } from "@server/search/listing.ts";
import { MAX_QUERY_LENGTH, parseListingState } from "@server/search/listing-query.ts";
import { isLoggedSearch, normaliseSearchText } from "@server/search/search-log.ts";
import { countOf } from "@shared/format.ts";
import { useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { EmptyResults } from "~/components/listing/empty-results";
import { ListingLayout } from "~/components/listing/listing-layout";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Container } from "~/components/ui/page";
import { clearedHref, SEARCH_LISTING } from "~/lib/listing";
import { pageMeta } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/public-page";
import { pageLoader } from "~/lib/refusal.server";
import type { Route } from "./+types/search";

// The same for every visitor: cached by the shop and by a CDN.
export const headers = publicPageHeaders;

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { readDb, searchLog, clientAddress } = context.get(servicesContext);
  const state = parseListingState(new URL(request.url).searchParams, SEARCH_LISTING);
  const listing = await loadListing(readDb, { state, options: SEARCH_LISTING });
  // The search is logged (in memory, written in a batch); its id lets the page's clicks name it.
  const searchId = isLoggedSearch(request, state, SEARCH_LISTING)
    ? searchLog.recordSearch({
        query: state.q,
        results: listing.total,
        visitor: `${clientAddress} ${request.headers.get("user-agent") ?? ""}`,
      })
    : null;
  return {
    state,
    ...listing,
    searchId,
    // The text as the search log counts it: the page keeps a search's id while this stays the same.
    searchText: normaliseSearchText(state.q),
  };
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(
    matches,
    loaderData?.state.q ? `Search Results for "${loaderData.state.q}"` : "Search Products",
    loaderData?.state.q
      ? `Digital products matching "${loaderData.state.q}": planners, wall art, templates, courses and more, to download at once.`
      : "Search planners, wall art, templates, courses, e-books and printables from independent creators.",
  ),
  { name: "robots", content: "noindex, follow" },
];

const SUGGESTIONS = ["planners", "wall art", "templates", "courses"];

/**
 * The id of the search on screen: from the loader, and kept while the shopper refines the same
 * text with filters or Load More, which the loader does not log as searches.
 */
function useSearchId(fromLoader: string | null, text: string): string | null {
  const [search, setSearch] = useState(fromLoader ? { id: fromLoader, text } : null);
  if (fromLoader && search?.id !== fromLoader) setSearch({ id: fromLoader, text });
  else if (!fromLoader && search && search.text !== text) setSearch(null);
  return fromLoader ?? (search?.text === text ? search.id : null);
}

/** Tells the search log that a result was opened; the link goes on as it would. */
function sendClick(searchId: string, productId: number, position: number) {
  const click = new URLSearchParams({ searchId, productId: String(productId), position: String(position) });
  navigator.sendBeacon?.("/api/v1/search/clicks", click);
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { state, total, didYouMean, someWordsOnly } = loaderData;
  const location = useLocation();
  const searchId = useSearchId(loaderData.searchId, loaderData.searchText);
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
          // A blank search does nothing.
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
      {someWordsOnly ? (
        <p className="mt-4 rounded-md bg-muted p-3 text-sm wrap-anywhere">
          No results for all of "{state.q}". Showing products that match some of your words.
        </p>
      ) : null}
      <ListingLayout
        state={state}
        options={SEARCH_LISTING}
        listing={loaderData}
        clearHref={clearFilters}
        clearLabel="Clear All"
        loadMoreLabel="Load More Results"
        onProductClick={searchId ? (productId, position) => sendClick(searchId, productId, position) : undefined}
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
              {didYouMean ? (
                <p className="mt-2 text-lg">
                  Did you mean{" "}
                  <Link
                    to={`/search?q=${encodeURIComponent(didYouMean)}`}
                    className="font-semibold text-primary underline underline-offset-4"
                  >
                    {didYouMean}
                  </Link>
                  ?
                </p>
              ) : null}
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
