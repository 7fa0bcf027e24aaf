import { servicesContext } from "@server/http/context.ts";
import { customersCsv } from "@server/sellers/customers.ts";
import { data } from "react-router";
import { refusalResponse } from "~/lib/refusal.server";
import { requireCreatorWhoMayAct } from "~/lib/require-creator.server";
import type { Route } from "./+types/customers-csv";

/** GET: the seller's customers as a CSV file (the Customers page's rows; addresses only of those who agreed). */
export async function loader({ request, context }: Route.LoaderArgs) {
  // The demo seller of a demo shop may export nobody's data (decision 039): refused as a page would be.
  const { creator } = await requireCreatorWhoMayAct(request, context).catch((error: unknown) => {
    const answer = refusalResponse(error);
    throw data(answer.data.message, { status: answer.init?.status ?? 403 });
  });
  const csv = await customersCsv(context.get(servicesContext).db, creator.id);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="customers-${day}.csv"`,
      // Buyers' names and addresses: for this seller alone, never kept by a cache.
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
