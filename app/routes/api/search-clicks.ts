import { servicesContext } from "@server/http/context.ts";
import { Refusal } from "@server/lib/refusal.ts";
import { MAX_CLICK_BODY, searchClickSchema } from "@server/search/search-log.ts";
import { parseForm, readForm } from "~/lib/form.server";
import { formAction } from "~/lib/refusal.server";
import type { Route } from "./+types/search-clicks";

/**
 * POST searchId, productId, position: a result opened from a search on /search (the page's
 * navigator.sendBeacon). Kept for the search log's next batch; nothing is answered.
 */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_CLICK_BODY) {
    throw new Refusal("This is too large for a click on a search result.", "too-large");
  }
  const click = parseForm(await readForm(request), searchClickSchema);
  context.get(servicesContext).searchLog.recordClick(click);
  return new Response(null, { status: 204 });
});
