import { servicesContext } from "@server/http/context.ts";
import { certificateResponse } from "@server/licenses/certificate.ts";
import { guestOrderViewer } from "~/lib/guest-order-viewer.server";
import type { Route } from "./+types/guest-certificate";

// GET /orders/:number/items/:itemId/certificate?access=...: the license certificate (PDF) of an
// item of a guest's order, for whoever may see that order's page (guest-order.tsx): the holder of
// its link, or the signed-in account it belongs to.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  return certificateResponse(services, {
    orderNumber: params.number,
    itemId: params.itemId,
    ...(await guestOrderViewer(services, request, params.number)),
  });
}
