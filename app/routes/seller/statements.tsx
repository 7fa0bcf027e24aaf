import { servicesContext } from "@server/http/context.ts";
import { monthName, statementMonths } from "@server/payouts/statements.ts";
import { formatPrice } from "@shared/format.ts";
import { Link } from "react-router";
import { ScrollTable } from "~/components/content/scroll-table";
import { SellerNav } from "~/components/sellers/seller-nav";
import { Badge } from "~/components/ui/badge";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { pageLoader } from "~/lib/refusal.server";
import { requireCreator } from "~/lib/require-creator.server";
import type { Route } from "./+types/statements";

// /seller/statements: the months with entries in the seller's ledger, each statement as a PDF and
// a CSV (server/payouts/statements.ts; the files: statement-file.ts).

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { creator, lookOnly } = await requireCreator(request, context);
  const months = await statementMonths(context.get(servicesContext).db, creator.id);
  return { lookOnly, months: months.map((month) => ({ ...month, name: monthName(month.month) })) };
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Monthly statements");

const COLUMNS = [
  { label: "Month" },
  { label: "Sales", align: "right" },
  { label: "Refunds", align: "right" },
  { label: "Payouts", align: "right" },
  { label: "Balance change", align: "right" },
  { label: "Download" },
] as const;

export default function StatementsPage({ loaderData }: Route.ComponentProps) {
  const { months } = loaderData;
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav lookOnly={loaderData.lookOnly} />
      <div className="mt-8 max-w-4xl">
        <p className="text-sm">
          <Link to="/seller/earnings" className="underline">
            Earnings and payouts
          </Link>
        </p>
        <h2 className="mt-2 text-2xl font-semibold">Monthly statements</h2>
        <p className="mt-2 text-muted-foreground">
          Each calendar month in UTC: the balance it opened with, every sale with the shop's 30% fee and your 70%,
          refunds, payouts, and the balance it closed with. The PDF is for your records; the CSV opens in a spreadsheet.
        </p>
        {months.length === 0 ? (
          <p className="mt-6 text-muted-foreground">No statements yet: your first comes with your first sale.</p>
        ) : (
          <div className="mt-6">
            <ScrollTable
              label="Statements"
              caption="Your monthly statements, newest first"
              columns={COLUMNS}
              className="min-w-[40rem] text-sm"
            >
              {months.map((month) => (
                <tr key={month.month}>
                  <th scope="row" className="px-4 py-3 text-left font-medium whitespace-nowrap">
                    {month.name}
                    {month.complete ? null : (
                      <Badge variant="neutral" className="ml-2">
                        So far
                      </Badge>
                    )}
                  </th>
                  <td className="px-4 py-3 text-right">{month.sales}</td>
                  <td className="px-4 py-3 text-right">{month.refunds}</td>
                  <td className="px-4 py-3 text-right">{month.payouts}</td>
                  <td
                    className={`px-4 py-3 text-right whitespace-nowrap ${month.netCents < 0 ? "text-destructive" : ""}`}
                  >
                    {formatPrice(month.netCents)}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <a href={`/seller/statements/${month.month}.pdf`} className="font-medium underline" download>
                      PDF<span className="sr-only"> statement, {month.name}</span>
                    </a>
                    <span aria-hidden="true"> · </span>
                    <a href={`/seller/statements/${month.month}.csv`} className="font-medium underline" download>
                      CSV<span className="sr-only"> statement, {month.name}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </ScrollTable>
          </div>
        )}
      </div>
    </Container>
  );
}
