import { servicesContext } from "@server/http/context.ts";
import { loadListing } from "@server/search/listing.ts";
import { hasFilters, parseListingState } from "@server/search/listing-query.ts";
import { formatCount } from "@shared/format.ts";
import { ChevronLeft, Download, Sparkles, Star, TrendingUp } from "lucide-react";
import { Link, useLocation } from "react-router";
import { EmptyResults } from "~/components/listing/empty-results";
import { ListingLayout } from "~/components/listing/listing-layout";
import { Button } from "~/components/ui/button";
import { FigureCard } from "~/components/ui/figure-card";
import { Container } from "~/components/ui/page";
import { clearedHref, TRENDING_LISTING } from "~/lib/listing";
import { pageMeta } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/public-page";
import { pageLoader } from "~/lib/refusal.server";
import type { Route } from "./+types/trending";

// The same for every visitor: cached by the shop and by a CDN.
export const headers = publicPageHeaders;

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { readDb } = context.get(servicesContext);
  const state = parseListingState(new URL(request.url).searchParams, TRENDING_LISTING);
  return {
    state,
    filtered: hasFilters(state, TRENDING_LISTING),
    ...(await loadListing(readDb, { state, options: TRENDING_LISTING, scope: { trending: true }, withStats: true })),
  };
});

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Trending Products", "What shoppers have been viewing and buying this week.");

export default function TrendingPage({ loaderData }: Route.ComponentProps) {
  const { state, stats, filtered } = loaderData;
  const location = useLocation();
  const clearHref = clearedHref(location.pathname, location.search);
  const cards = [
    { label: "Trending Products", value: formatCount(stats?.products ?? 0), icon: TrendingUp },
    { label: "Total Downloads", value: formatCount(stats?.downloads ?? 0), icon: Download },
    { label: "Average Rating", value: (stats?.averageRating ?? 0).toFixed(1), icon: Star },
    { label: "New This Week", value: formatCount(stats?.newThisWeek ?? 0), icon: Sparkles },
  ];
  return (
    <Container className="py-10">
      <Button asChild variant="ghost" className="-ml-3">
        <Link to="/">
          <ChevronLeft aria-hidden="true" /> Back
        </Link>
      </Button>
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">Trending Products</h1>
      <p className="mt-2 text-muted-foreground">
        What shoppers have been viewing and buying this week, the most popular first.
      </p>
      <ul className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Trending figures">
        {cards.map((card) => (
          <li key={card.label}>
            <FigureCard figure={card} />
          </li>
        ))}
      </ul>
      <ListingLayout
        state={state}
        options={TRENDING_LISTING}
        listing={loaderData}
        clearHref={clearHref}
        clearLabel="Clear Filters"
        empty={
          filtered ? (
            <EmptyResults
              title="No products found"
              text="No trending product matches these filters."
              actions={[{ label: "Clear Filters", to: clearHref }]}
            />
          ) : (
            <EmptyResults
              title="No products found"
              text="Nothing is trending yet: products show here once shoppers have viewed and bought them this week."
              actions={[{ label: "Browse All Products", to: "/browse" }]}
            />
          )
        }
      />
    </Container>
  );
}
