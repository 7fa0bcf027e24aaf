import { servicesContext } from "@server/http/context.ts";
import { incomeReportResponse } from "@server/payouts/income-report.ts";
import { requireAdminForFile } from "~/lib/require-user.server";
import type { Route } from "./+types/income-report-csv";

// GET /admin/income-report/2026.csv: the year's income report for the owner (server/payouts/income-report.ts).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdminForFile(request, context);
  if (admin instanceof Response) return admin;
  return incomeReportResponse(context.get(servicesContext).db, { file: params.file });
}
