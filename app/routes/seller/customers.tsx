import { pageNumber } from "@server/admin/paging.ts";
import { servicesContext } from "@server/http/context.ts";
import { CUSTOMERS_PAGE_SIZE, listCustomers } from "@server/sellers/customers.ts";
import { countOf, formatDayUtc, formatPrice } from "@shared/format.ts";
import { Download } from "lucide-react";
import { Pager } from "~/components/admin/pager";
import { ScrollTable } from "~/components/content/scroll-table";
import { SellerNav } from "~/components/sellers/seller-nav";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { pageLoader } from "~/lib/refusal.server";
import { requireCreator } from "~/lib/require-creator.server";
import type { Route } from "./+types/customers";

// The seller's customers: who bought their products, how often and for how much; the address only
// of those who agreed at checkout to hear from the shop's creators (server/sellers/customers.ts).

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { creator, lookOnly } = await requireCreator(request, context);
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  const { customers, total } = await listCustomers(context.get(servicesContext).db, {
    creatorId: creator.id,
    page,
    hideRealBuyers: lookOnly,
  });
  return {
    lookOnly,
    page,
    total,
    hasNext: page * CUSTOMERS_PAGE_SIZE < total,
    customers: customers.map((customer) => ({ ...customer, lastPurchaseAt: customer.lastPurchaseAt.toISOString() })),
  };
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Customers");

const COLUMNS = [
  { label: "Name" },
  { label: "Email" },
  { label: "Purchases", align: "right" },
  { label: "Total spent", align: "right" },
  { label: "Last purchase" },
] as const;

export default function CustomersPage({ loaderData }: Route.ComponentProps) {
  const { customers, total, page, hasNext } = loaderData;
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav lookOnly={loaderData.lookOnly} />
      <div className="mt-8 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold">Customers</h2>
          <p className="mt-1 max-w-3xl text-muted-foreground">
            Everyone who bought your products. You see a customer's email only if they agreed at checkout to hear from
            the creators of what they bought.
          </p>
        </div>
        {total > 0 && loaderData.lookOnly ? (
          // The demo seller may not export anyone's data: the notice above says why.
          <Button variant="outline" disabled>
            <Download aria-hidden="true" />
            Export CSV
          </Button>
        ) : total > 0 ? (
          <Button asChild variant="outline">
            {/* A file, not a page: the browser downloads it. */}
            <a href="/seller/customers.csv" download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        ) : null}
      </div>
      {customers.length === 0 ? (
        <p className="mt-4 text-muted-foreground">{page === 1 ? "No customers yet." : "No more customers."}</p>
      ) : (
        <div className="mt-4">
          <p className="mb-2 text-sm text-muted-foreground">{countOf(total, "customer", "customers")}</p>
          <ScrollTable
            label="Customers"
            caption="Your customers, latest purchase first"
            columns={COLUMNS}
            className="min-w-[40rem] text-sm"
          >
            {customers.map((customer, index) => (
              // Without an address there is no key of its own: the row's place on the page is it.
              <tr key={customer.email ?? `row-${index}`}>
                <td className="px-4 py-2 wrap-anywhere">{customer.name}</td>
                <td className="px-4 py-2 break-all">
                  {customer.email ?? <span className="text-muted-foreground">Not shared</span>}
                </td>
                <td className="px-4 py-2 text-right">{customer.purchases}</td>
                <td className="px-4 py-2 text-right font-medium">{formatPrice(customer.spentCents)}</td>
                <td className="px-4 py-2 whitespace-nowrap">{formatDayUtc(customer.lastPurchaseAt)}</td>
              </tr>
            ))}
          </ScrollTable>
        </div>
      )}
      <Pager page={page} hasNext={hasNext} label="Pages of customers" />
    </Container>
  );
}
