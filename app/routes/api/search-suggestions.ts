import { servicesContext } from "@server/http/context.ts";
import { MAX_QUERY_LENGTH } from "@server/search/listing-query.ts";
import { suggest } from "@server/search/suggestions.ts";
import type { Route } from "./+types/search-suggestions";

/** GET ?q=: the header search's suggestions (phrases and live results) as JSON. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { readDb } = context.get(servicesContext);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_QUERY_LENGTH);
  return Response.json(await suggest(readDb, q), { headers: { "Cache-Control": "public, max-age=60" } });
}
