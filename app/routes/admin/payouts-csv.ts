import { servicesContext } from "@server/http/context.ts";
import { manualPayoutFile } from "@server/payouts/manual-payouts.ts";
import { requireAdminForFile } from "~/lib/require-user.server";
import type { Route } from "./+types/payouts-csv";

/** GET ?week=YYYY-MM-DD: that Friday's manual payouts as a CSV file, for the owner's bank or PayPal batch. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminForFile(request, context);
  if (admin instanceof Response) return admin;
  const week = new URL(request.url).searchParams.get("week") ?? "";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(week) || Number.isNaN(Date.parse(week))) {
    return new Response("Choose the Friday of the payout file as YYYY-MM-DD.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(await manualPayoutFile(context.get(servicesContext).db, { weekOf: week }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="payouts-${week}.csv"`,
      // Sellers' payment details: for the admin alone, never kept by a cache.
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
