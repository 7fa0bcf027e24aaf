import { taxReportResponse } from "@server/admin/tax-report-csv.ts";
import { servicesContext } from "@server/http/context.ts";
import { requireAdminForFile } from "~/lib/require-user.server";
import type { Route } from "./+types/tax-report-csv";

// GET /admin/tax-reports/oss/2026-Q4.csv and /admin/tax-reports/monthly/2026-11.csv: the tax reports
// for the owner (server/admin/tax-report-csv.ts); a period written wrong is a 400 page.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdminForFile(request, context);
  if (admin instanceof Response) return admin;
  const { db, tax } = context.get(servicesContext);
  return taxReportResponse(db, { regime: params.regime, file: params.file, shopCountry: tax?.shopCountry });
}
