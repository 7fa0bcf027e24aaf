import { servicesContext } from "@server/http/context.ts";
import { invoiceResponse } from "@server/invoices/invoice-download.ts";
import { requireUser } from "~/lib/require-user.server";
import type { Route } from "./+types/invoice";

// GET /account/orders/:number/invoices/:code: an invoice or credit note (PDF) of the signed-in
// account's order (account/order.tsx).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return invoiceResponse(context.get(servicesContext), {
    orderNumber: params.number,
    code: params.code,
    viewer: { userId: user.id },
    orderPageUrl: `/account/orders/${encodeURIComponent(params.number)}`,
  });
}
