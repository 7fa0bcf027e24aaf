import { servicesContext } from "@server/http/context.ts";
import { incomeReport, incomeReportYears, reportYear } from "@server/payouts/income-report.ts";
import { countryName } from "@server/payouts/tax-details.ts";
import { formatDayUtc, formatPrice } from "@shared/format.ts";
import { TriangleAlert } from "lucide-react";
import { Form } from "react-router";
import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { ScrollTable } from "~/components/content/scroll-table";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/input";
import { pageLoader } from "~/lib/refusal.server";
import { requireAdmin } from "~/lib/require-user.server";
import type { Route } from "./+types/income-report";

// /admin/income-report?year=2026: a calendar year's income per seller, what marketplaces report to
// tax authorities (DAC7 in the EU), and its CSV (server/payouts/income-report.ts).

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  await requireAdmin(request, context);
  const { db } = context.get(servicesContext);
  const years = await incomeReportYears(db);
  const asked = new URL(request.url).searchParams.get("year");
  // The year to report is the one that ended, once there is one with sales; this one otherwise.
  const thisYear = new Date().getUTCFullYear();
  const year = asked ? reportYear(asked) : years.includes(thisYear - 1) ? thisYear - 1 : thisYear;
  const report = await incomeReport(db, { year });
  return {
    years,
    year,
    withoutTaxDetails: report.withoutTaxDetails,
    euResidents: report.euResidents,
    fewerActivitiesThanDeMinimis: report.fewerActivitiesThanDeMinimis,
    deMinimis: report.deMinimis,
    dueOn: report.dueOn,
    rows: report.rows.map((row) => ({
      creatorId: row.creatorId,
      shopName: row.shopName,
      legalName: row.details?.legalName ?? null,
      country: row.details ? countryName(row.details.country) : null,
      taxDetailsState: row.taxDetailsState,
      activities: row.year.activities,
      considerationCents: row.year.considerationCents,
      feesCents: row.year.feesCents,
    })),
  };
});

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Income report");

const COLUMNS = [
  { label: "Seller" },
  { label: "Country" },
  { label: "Tax details" },
  { label: "Sales", align: "right" },
  { label: "Consideration", align: "right" },
  { label: "Fees", align: "right" },
] as const;

const STATE_NAMES = { complete: "Complete", incomplete: "Incomplete", missing: "Missing" } as const;

const sellers = (count: number) => `${count} ${count === 1 ? "seller" : "sellers"}`;

export default function IncomeReportPage({ loaderData }: Route.ComponentProps) {
  const { year, rows, withoutTaxDetails, deMinimis } = loaderData;
  return (
    <AdminPage
      title="Income report"
      lead="What marketplaces report to tax authorities about their sellers: one row per seller paid or credited in a calendar year (UTC), with each quarter's consideration (the sellers' 70%, less refunds), sales and fees, as DAC7 asks in the EU."
      wide
    >
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="flex w-40 flex-col gap-1.5">
          <Label htmlFor="report-year">Year</Label>
          <select id="report-year" name="year" defaultValue={year} className="field h-10">
            {loaderData.years.map((each) => (
              <option key={each} value={each}>
                {each}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline">
          Show
        </Button>
        <Button asChild>
          <a href={`/admin/income-report/${year}.csv`} download>
            Download {year} as CSV
          </a>
        </Button>
      </Form>

      {withoutTaxDetails > 0 ? (
        <p className="mt-6 flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {sellers(withoutTaxDetails)} paid or credited in {year} {withoutTaxDetails === 1 ? "has" : "have"} no
            complete tax details: their rows have empty fields until they add them (Earnings, Tax details).
          </span>
        </p>
      ) : null}

      <ul className="mt-6 flex list-disc flex-col gap-1 pl-5 text-sm">
        <li>
          {sellers(rows.length)} paid or credited in {year}; {loaderData.euResidents} of them live in an EU member
          state, as their tax details say (DAC7 reports those).
        </li>
        <li>
          {sellers(loaderData.fewerActivitiesThanDeMinimis)} had fewer than {deMinimis.fewerActivitiesThan} sales. DAC7
          leaves out a seller of goods with fewer than {deMinimis.fewerActivitiesThan} sales and at most{" "}
          {deMinimis.considerationAtMost.currency} {(deMinimis.considerationAtMost.cents / 100).toLocaleString("en-US")}{" "}
          in the year ({deMinimis.rule}): compare their consideration in dollars at the rate your tax authority accepts.
        </li>
        <li>
          The DAC7 report for {year} is due by {formatDayUtc(loaderData.dueOn)}, and each seller gets a copy of theirs.
        </li>
      </ul>

      {rows.length === 0 ? (
        <p className="mt-6 text-muted-foreground">No seller was paid or credited in {year}.</p>
      ) : (
        <div className="mt-6">
          <ScrollTable
            label={`Sellers in ${year}`}
            caption={`Income per seller in ${year}`}
            columns={COLUMNS}
            className="min-w-[44rem] text-sm"
          >
            {rows.map((row) => (
              <tr key={row.creatorId}>
                <th scope="row" className="px-4 py-2 text-left font-normal">
                  <span className="font-medium">{row.shopName}</span>
                  <span className="block text-muted-foreground">
                    {row.legalName ?? "No legal name"} · ID {row.creatorId}
                  </span>
                </th>
                <td className="px-4 py-2">{row.country ?? ""}</td>
                <td className={`px-4 py-2 ${row.taxDetailsState === "complete" ? "" : "text-destructive"}`}>
                  {STATE_NAMES[row.taxDetailsState]}
                </td>
                <td className="px-4 py-2 text-right">{row.activities}</td>
                <td className="px-4 py-2 text-right whitespace-nowrap">{formatPrice(row.considerationCents)}</td>
                <td className="px-4 py-2 text-right whitespace-nowrap">{formatPrice(row.feesCents)}</td>
              </tr>
            ))}
          </ScrollTable>
        </div>
      )}
    </AdminPage>
  );
}
