import { servicesContext } from "@server/http/context.ts";
import { invoiceResponse } from "@server/invoices/invoice-download.ts";
import { guestOrderViewer } from "~/lib/guest-order-viewer.server";
import type { Route } from "./+types/guest-invoice";

// GET /orders/:number/invoices/:code?access=...: an invoice or credit note (PDF) of a guest's order,
// for whoever may see that order's page (guest-order.tsx): the holder of its link, or its account.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  return invoiceResponse(services, {
    orderNumber: params.number,
    code: params.code,
    ...(await guestOrderViewer(services, request, params.number)),
  });
}
