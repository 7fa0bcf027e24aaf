import { taxReportPeriods } from "@server/admin/tax-report.ts";
import { servicesContext } from "@server/http/context.ts";
import { countryName } from "@server/tax/countries.ts";
import { formatDayUtc } from "@shared/format.ts";
import { isEuMemberState } from "@shared/seller-tax-details-schema.ts";
import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { ScrollTable } from "~/components/content/scroll-table";
import { pageLoader } from "~/lib/refusal.server";
import { requireAdmin } from "~/lib/require-user.server";
import type { Route } from "./+types/tax-reports";

// /admin/tax-reports: the tax the shop collected as the seller, as CSV files: each quarter's EU
// One-Stop Shop return and each month's tax elsewhere (server/admin/tax-report.ts, decision 062).

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  await requireAdmin(request, context);
  const { db, tax } = context.get(servicesContext);
  const { months, quarters } = await taxReportPeriods(db);
  const shopCountry = tax?.shopCountry ?? null;
  return {
    months,
    quarters,
    // Established in a member state: the Union scheme, and that state's own sales in its own return.
    identification: shopCountry && isEuMemberState(shopCountry) ? countryName(shopCountry) : null,
  };
});

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Tax reports");

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "2026-11" -> "November 2026". */
const monthName = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

const link = "font-medium text-primary underline";

export default function TaxReportsPage({ loaderData }: Route.ComponentProps) {
  const { quarters, months, identification } = loaderData;
  return (
    <AdminPage
      title="Tax reports"
      lead="The tax the shop collected as the seller, less refunds, by country, province and rate, in the orders' currencies. Days are in UTC. The files are for filing the returns yourself: nothing is sent to any tax authority."
      wide
    >
      <section aria-labelledby="oss-heading" className="mt-8 flex flex-col gap-3">
        <h3 id="oss-heading" className="text-lg font-semibold">
          EU One-Stop Shop returns, by quarter
        </h3>
        <p className="text-sm">
          {identification
            ? `The Union scheme: the shop is established in ${identification}, whose own sales go in its VAT return, not in this one (the file lists them apart).`
            : "The non-Union scheme: the shop is established outside the EU (SHOP_COUNTRY names no member state)."}{" "}
          Each file has the sales to consumers by member state and rate, corrections for refunds of earlier quarters,
          the amounts in euro at the ECB's rate of the quarter's last day where the shop holds it, and, apart, the
          reverse-charge sales to businesses. A return is due by the end of the month after its quarter.
        </p>
        <ScrollTable label="OSS returns" caption="OSS returns by quarter" columns={QUARTER_COLUMNS}>
          {quarters.map((quarter) => (
            <tr key={quarter.name}>
              <th scope="row" className="px-4 py-2 text-left font-medium">
                {quarter.name}
              </th>
              <td className="px-4 py-2">{formatDayUtc(quarter.dueOn)}</td>
              <td className="px-4 py-2">
                <a className={link} href={`/admin/tax-reports/oss/${quarter.name}.csv`} download>
                  OSS return {quarter.name} (CSV)
                </a>
              </td>
            </tr>
          ))}
        </ScrollTable>
      </section>
      <section aria-labelledby="monthly-heading" className="mt-10 flex flex-col gap-3">
        <h3 id="monthly-heading" className="text-lg font-semibold">
          Outside the EU, by month
        </h3>
        <p className="text-sm">
          The United Kingdom, Norway, Australia, Canada by province and every other country outside the EU, and the
          orders taxed at the flat rate, for the returns of those places.
        </p>
        <ScrollTable label="Monthly tax reports" caption="Tax outside the EU by month" columns={MONTH_COLUMNS}>
          {months.map((month) => (
            <tr key={month}>
              <th scope="row" className="px-4 py-2 text-left font-medium">
                {monthName(month)}
              </th>
              <td className="px-4 py-2">
                <a className={link} href={`/admin/tax-reports/monthly/${month}.csv`} download>
                  Tax outside the EU, {monthName(month)} (CSV)
                </a>
              </td>
            </tr>
          ))}
        </ScrollTable>
      </section>
    </AdminPage>
  );
}

const QUARTER_COLUMNS = [{ label: "Quarter" }, { label: "Due by" }, { label: "File" }] as const;
const MONTH_COLUMNS = [{ label: "Month" }, { label: "File" }] as const;
