import { servicesContext } from "@server/http/context.ts";
import { loadListing } from "@server/search/listing.ts";
import { parseListingState } from "@server/search/listing-query.ts";
import { SEARCH_LISTING } from "~/lib/listing";
import type { Route } from "./+types/search";

/** GET: the search page's results and filter counts as JSON (same address parameters as /search). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { readDb } = context.get(servicesContext);
  const state = parseListingState(new URL(request.url).searchParams, SEARCH_LISTING);
  const { products, total, filters } = await loadListing(readDb, { state, options: SEARCH_LISTING });
  return Response.json({ query: state, total, products, filters });
}
