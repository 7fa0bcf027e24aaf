import { servicesContext } from "@server/http/context.ts";
import { loadListing } from "@server/search/listing.ts";
import type { Tab } from "@server/search/listing-query.ts";
import { parseListingState } from "@server/search/listing-query.ts";
import { Link, useLocation } from "react-router";
import { EmptyResults } from "~/components/listing/empty-results";
import { ListingLayout } from "~/components/listing/listing-layout";
import { Container } from "~/components/ui/page";
import { BROWSE_LISTING, clearedHref, hrefWith } from "~/lib/listing";
import { pageMeta } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/public-page";
import { pageLoader } from "~/lib/refusal.server";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/browse";

// The same for every visitor: cached by the shop and by a CDN.
export const headers = publicPageHeaders;

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { readDb } = context.get(servicesContext);
  const state = parseListingState(new URL(request.url).searchParams, BROWSE_LISTING);
  return { state, ...(await loadListing(readDb, { state, options: BROWSE_LISTING })) };
});

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Browse All Products",
    "Planners, wall art, templates, courses, e-books and printables from independent creators: filter by category, format, style and price.",
  );

const TAB_LABELS: Record<Tab, string> = {
  all: "All Products",
  bestsellers: "Bestsellers",
  new: "New Arrivals",
  sale: "On Sale",
};

/** The tabs keep the filters and sort, and start again at the first page. */
function BrowseTabs({ tab }: { tab: Tab }) {
  const location = useLocation();
  return (
    <nav aria-label="Product groups" className="mt-6 flex gap-1 overflow-x-auto border-b border-border">
      {(Object.keys(TAB_LABELS) as Tab[]).map((value) => (
        <Link
          key={value}
          to={hrefWith(location, "tab", value === "all" ? null : value, ["page"])}
          preventScrollReset
          aria-current={tab === value ? "page" : undefined}
          className={cn(
            "-mb-px whitespace-nowrap border-b-2 border-transparent px-4 py-2 text-sm font-medium text-muted-foreground hover:text-foreground",
            tab === value && "border-primary text-primary",
          )}
        >
          {TAB_LABELS[value]}
        </Link>
      ))}
    </nav>
  );
}

export default function BrowsePage({ loaderData }: Route.ComponentProps) {
  const { state } = loaderData;
  const location = useLocation();
  const clearHref = clearedHref(location.pathname, location.search);
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">Browse All Products</h1>
      <p className="mt-2 text-muted-foreground">Every product in the marketplace, from every creator.</p>
      <BrowseTabs tab={state.tab} />
      <ListingLayout
        state={state}
        options={BROWSE_LISTING}
        listing={loaderData}
        clearHref={clearHref}
        empty={
          <EmptyResults
            title="No products found"
            text="Try other filters, or another tab."
            actions={[{ label: "Clear All Filters", to: clearHref }]}
          />
        }
      />
    </Container>
  );
}
