import { servicesContext } from "@server/http/context.ts";
import { ANALYTICS_RANGES, parseRange, sellerAnalytics } from "@server/sellers/analytics.ts";
import { AnalyticsFigures, DailyAnalytics, ProductAnalyticsTable } from "~/components/sellers/analytics-sections";
import { SellerNav } from "~/components/sellers/seller-nav";
import { Container } from "~/components/ui/page";
import { pageMeta } from "~/lib/meta";
import { pageLoader } from "~/lib/refusal.server";
import { requireCreator } from "~/lib/require-creator.server";
import type { Route } from "./+types/analytics";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { creator, lookOnly } = await requireCreator(request, context);
  const days = parseRange(new URL(request.url).searchParams.get("days"));
  const analytics = await sellerAnalytics(context.get(servicesContext).db, creator.id, { days });
  return { lookOnly, range: days, ranges: [...ANALYTICS_RANGES], ...analytics };
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Analytics");

export default function AnalyticsPage({ loaderData }: Route.ComponentProps) {
  const { range, ranges, days, totals, products } = loaderData;
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav lookOnly={loaderData.lookOnly} />
      <AnalyticsFigures range={range} ranges={ranges} totals={totals} />
      <DailyAnalytics range={range} days={days} totals={totals} />
      <ProductAnalyticsTable range={range} products={products} />
    </Container>
  );
}
