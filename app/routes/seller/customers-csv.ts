import { servicesContext } from "@server/http/context.ts";
import { refusalPage } from "@server/http/private-file.ts";
import { customersCsv } from "@server/sellers/customers.ts";
import { requireCreatorWhoMayAct } from "~/lib/require-creator.server";
import type { Route } from "./+types/customers-csv";

/** GET: the seller's customers as a CSV file (the Customers page's rows; addresses only of those who agreed). */
export async function loader({ request, context }: Route.LoaderArgs) {
  // The demo seller of a demo shop may export nobody's data (decision 039): a file's address typed
  // in is answered with a small page that says why, as a download link's is.
  const found = await requireCreatorWhoMayAct(request, context).catch((error: unknown) =>
    refusalPage(error, "Export unavailable", { href: "/seller/customers", label: "Back to your customers" }),
  );
  if (found instanceof Response) return found;
  const { creator } = found;
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
