import { servicesContext } from "@server/http/context.ts";
import { sellerSales } from "@server/sellers/sales.ts";
import { formatDayUtc, formatPrice } from "@shared/format.ts";
import { LICENSE_TIER_NAMES, seatsLabel } from "@shared/license-tiers.ts";
import { Link } from "react-router";
import { ScrollTable } from "~/components/content/scroll-table";
import { SellerNav } from "~/components/sellers/seller-nav";
import { Badge } from "~/components/ui/badge";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { pageLoader } from "~/lib/refusal.server";
import { requireCreator } from "~/lib/require-creator.server";
import type { Route } from "./+types/sales";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { creator, lookOnly } = await requireCreator(request, context);
  return { lookOnly, sales: await sellerSales(context.get(servicesContext).db, creator.id) };
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Sales");

const COLUMNS = [
  { label: "Date" },
  { label: "Order" },
  { label: "Product" },
  { label: "License" },
  { label: "Price", align: "right" },
  { label: "You (70%)", align: "right" },
] as const;

export default function SalesPage({ loaderData }: Route.ComponentProps) {
  const { sales } = loaderData;
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav lookOnly={loaderData.lookOnly} />
      <h2 className="mt-8 text-xl font-semibold">Sales</h2>
      {sales.length === 0 ? (
        <p className="mt-3 text-muted-foreground">No sales yet.</p>
      ) : (
        <div className="mt-4">
          <ScrollTable
            label="Sales"
            caption="Your sales, newest first"
            columns={COLUMNS}
            className="min-w-[40rem] text-sm"
          >
            {sales.map((sale) => (
              <tr key={sale.orderItemId}>
                <td className="px-4 py-2 whitespace-nowrap">{sale.paidAt ? formatDayUtc(sale.paidAt) : ""}</td>
                <td className="px-4 py-2 font-mono text-xs">{sale.orderNumber}</td>
                <td className="px-4 py-2 wrap-anywhere">
                  <Link to={`/seller/products/${sale.productId}`} className="hover:text-primary">
                    {sale.title}
                  </Link>
                  {sale.bundleTitle ? (
                    <span className="block text-xs text-muted-foreground">In the bundle “{sale.bundleTitle}”</span>
                  ) : null}
                  {sale.status === "refunded" ? (
                    <Badge variant="sale" className="ml-2">
                      Refunded
                    </Badge>
                  ) : null}
                </td>
                <td className="px-4 py-2 whitespace-nowrap">
                  {sale.upgrade ? "Upgrade to " : ""}
                  {LICENSE_TIER_NAMES[sale.licenseTier]} · {seatsLabel(sale.seats)}
                </td>
                <td className="px-4 py-2 text-right">
                  {/* What the buyer paid: the price less a discount code's part, of which the seller gets 70%. */}
                  {formatPrice(sale.lineTotalCents - sale.discountCents)}
                  {sale.discountCents > 0 ? (
                    <span className="block text-xs text-muted-foreground">
                      {formatPrice(sale.lineTotalCents)} less {formatPrice(sale.discountCents)} code
                    </span>
                  ) : null}
                </td>
                <td className="px-4 py-2 text-right font-medium">{formatPrice(sale.sellerCents)}</td>
              </tr>
            ))}
          </ScrollTable>
        </div>
      )}
    </Container>
  );
}
