import { unsettledTaxEvidence } from "@server/admin/tax-evidence.ts";
import { monthPeriod } from "@server/admin/tax-periods.ts";
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
// One-Stop Shop return and each month's tax elsewhere (server/admin/tax-report.ts, decision 062),
// and a month's orders whose evidence of where the buyer lives did not settle (decision 057), which
// the owner checks before filing.

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  await requireAdmin(request, context);
  const { db, tax } = context.get(servicesContext);
  const { months, quarters } = await taxReportPeriods(db);
  const shopCountry = tax?.shopCountry ?? null;
  // ?evidence=2026-11 (written wrong: 400, saying how); the newest month by default.
  const evidenceMonth = new URL(request.url).searchParams.get("evidence") ?? months[0]!;
  const unsettled = await unsettledTaxEvidence(db, { period: monthPeriod(evidenceMonth) });
  return {
    months,
    quarters,
    evidenceMonth,
    unsettled,
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
  const { quarters, months, identification, evidenceMonth, unsettled } = loaderData;
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
      <section aria-labelledby="evidence-heading" className="mt-10 flex flex-col gap-3">
        <h3 id="evidence-heading" className="text-lg font-semibold">
          Orders whose buyer's place is not settled
        </h3>
        <p className="text-sm">
          Taxed where the buyer said they live, with fewer than the two agreeing pieces of evidence the EU asks for
          (Regulation 282/2011, Article 24b(d)): unconfirmed when nothing else said where they are, contradicted when
          the card paid with was from another country. Keep what you learn of these buyers with the order.
        </p>
        <form method="get" className="flex flex-wrap items-end gap-2 text-sm">
          <label className="flex flex-col gap-1">
            Month
            <select name="evidence" defaultValue={evidenceMonth} className="rounded-md border border-border px-2 py-1">
              {(months.includes(evidenceMonth) ? months : [evidenceMonth, ...months]).map((month) => (
                <option key={month} value={month}>
                  {monthName(month)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded-md border border-border px-3 py-1 font-medium">
            Show
          </button>
        </form>
        {unsettled.length === 0 ? (
          <p className="text-sm">Every order paid in {monthName(evidenceMonth)} has a settled place.</p>
        ) : (
          <ScrollTable
            label="Orders whose place is not settled"
            caption={`Orders paid in ${monthName(evidenceMonth)} whose buyer's place is not settled`}
            columns={EVIDENCE_COLUMNS}
          >
            {unsettled.map((order) => (
              <tr key={order.number}>
                <th scope="row" className="px-4 py-2 text-left font-medium">
                  {order.number}
                </th>
                <td className="px-4 py-2">{formatDayUtc(order.paidAt)}</td>
                <td className="px-4 py-2">{order.country}</td>
                <td className="px-4 py-2">
                  {order.contradicted ? "Contradicted by the card" : "Unconfirmed"}
                  {order.buyerConfirmed ? "; the buyer confirmed their country" : ""}
                </td>
                <td className="px-4 py-2">
                  <ul>
                    {order.evidence.map((said) => (
                      <li key={said}>{said}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </section>
    </AdminPage>
  );
}

const QUARTER_COLUMNS = [{ label: "Quarter" }, { label: "Due by" }, { label: "File" }] as const;
const MONTH_COLUMNS = [{ label: "Month" }, { label: "File" }] as const;
const EVIDENCE_COLUMNS = [
  { label: "Order" },
  { label: "Paid" },
  { label: "Country charged" },
  { label: "Evidence" },
  { label: "What each item said" },
] as const;
