import { servicesContext } from "@server/http/context.ts";
import { certificateResponse } from "@server/licenses/certificate.ts";
import { requireUser } from "~/lib/require-user.server";
import type { Route } from "./+types/certificate";

// GET /account/orders/:number/items/:itemId/certificate: the license certificate (PDF) of an item
// of the signed-in account's order (account/order.tsx).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return certificateResponse(context.get(servicesContext), {
    orderNumber: params.number,
    itemId: params.itemId,
    viewer: { userId: user.id },
    orderPageUrl: `/account/orders/${encodeURIComponent(params.number)}`,
  });
}
