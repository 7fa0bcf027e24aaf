import { servicesContext } from "@server/http/context.ts";
import { taxPlacesOf } from "@server/tax/countries.ts";
import type { Route } from "./+types/tax-places";

/**
 * GET: the countries (and provinces) a buyer may say they live in, for the cart's tax
 * (TAX_MODE=by-location); none in flat mode, where the cart asks nothing. The same for everyone.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { tax } = context.get(servicesContext);
  const places = tax.mode === "by-location" ? taxPlacesOf(tax.rates) : { countries: [], regions: {} };
  return Response.json(places, { headers: { "Cache-Control": "public, max-age=3600" } });
}
