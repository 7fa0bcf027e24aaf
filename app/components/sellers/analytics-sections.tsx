import type { AnalyticsRange, SellerAnalytics } from "@server/sellers/analytics.ts";
import { countOf, formatPrice } from "@shared/format.ts";
import { Link } from "react-router";
import { ScrollTable } from "~/components/content/scroll-table";
import { DailyBarChart, formatDay } from "~/components/sellers/daily-bar-chart";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/utils";

// The seller's Analytics page, in its three parts: the figures of the range, the days, the products.

const count = new Intl.NumberFormat("en-US");
const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });
const formatCountOf = (value: number) => count.format(value);
const periodOf = (range: AnalyticsRange) => `in the last ${range} days`;

type Day = SellerAnalytics["days"][number];

/** What a chart shows in words: the total and the best day. */
function summaryOf(days: Day[], pick: (day: Day) => number, total: string, format: (value: number) => string) {
  const best = days.reduce<Day | undefined>((top, day) => (!top || pick(day) > pick(top) ? day : top), undefined);
  if (!best || pick(best) === 0) return `${total}.`;
  return `${total}. Best day: ${formatDay(best.day)}, with ${format(pick(best))}.`;
}

const DAY_COLUMNS = [
  { label: "Date" },
  { label: "Views", align: "right" },
  { label: "Units sold", align: "right" },
  { label: "Earnings", align: "right" },
] as const;
const PRODUCT_COLUMNS = [
  { label: "Product" },
  { label: "Views", align: "right" },
  { label: "Units sold", align: "right" },
  { label: "Earnings", align: "right" },
  { label: "Conversion", align: "right" },
] as const;

/** The range's figures (views, units sold, earnings, conversion) and the links to the other ranges. */
export function AnalyticsFigures({
  range,
  ranges,
  totals,
}: {
  range: AnalyticsRange;
  ranges: AnalyticsRange[];
  totals: SellerAnalytics["totals"];
}) {
  return (
    <section aria-labelledby="overview-heading" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="overview-heading" className="text-xl font-semibold">
          Last {range} days
        </h2>
        <nav aria-label="Time range">
          <ul className="flex flex-wrap gap-2">
            {ranges.map((option) => (
              <li key={option}>
                <Link
                  to={`/seller/analytics?days=${option}`}
                  preventScrollReset
                  aria-current={option === range ? "page" : undefined}
                  className={cn(
                    "inline-flex h-9 items-center rounded-md border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring",
                    option === range
                      ? "border-primary bg-primary text-primary-foreground"
                      : "border-border hover:bg-muted",
                  )}
                >
                  Last {option} days
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        Days are counted in UTC. Earnings are your 70% of paid sales; refunded items are left out.
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Views" value={count.format(totals.views)} />
        <Stat label="Units sold" value={count.format(totals.units)} />
        <Stat label="Earnings" value={formatPrice(totals.earningsCents)} />
        <Stat label="Conversion" value={totals.conversion === null ? "No views" : percent.format(totals.conversion)} />
      </dl>
    </section>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card className="p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">{value}</dd>
    </Card>
  );
}

/** Views, sales and earnings day by day: three charts, and their numbers in a table. */
export function DailyAnalytics({
  range,
  days,
  totals,
}: {
  range: AnalyticsRange;
  days: Day[];
  totals: SellerAnalytics["totals"];
}) {
  const period = periodOf(range);
  return (
    <section aria-labelledby="daily-heading" className="mt-10">
      <h2 id="daily-heading" className="text-xl font-semibold">
        Day by day
      </h2>
      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-3">
        <DailyBarChart
          title="Views"
          summary={summaryOf(
            days,
            (day) => day.views,
            `${countOf(totals.views, "view", "views", formatCountOf)} ${period}`,
            formatCountOf,
          )}
          values={days.map((day) => ({ day: day.day, value: day.views }))}
          format={formatCountOf}
          barClassName="fill-primary"
        />
        <DailyBarChart
          title="Sales"
          summary={summaryOf(
            days,
            (day) => day.units,
            `${countOf(totals.units, "unit", "units", formatCountOf)} sold ${period}`,
            formatCountOf,
          )}
          values={days.map((day) => ({ day: day.day, value: day.units }))}
          format={formatCountOf}
          barClassName="fill-accent"
        />
        <DailyBarChart
          title="Earnings"
          summary={summaryOf(
            days,
            (day) => day.earningsCents,
            `${formatPrice(totals.earningsCents)} earned ${period}`,
            formatPrice,
          )}
          values={days.map((day) => ({ day: day.day, value: day.earningsCents }))}
          format={formatPrice}
          barClassName="fill-success"
        />
      </div>
      <details className="mt-4 max-w-3xl text-sm">
        <summary className="cursor-pointer font-medium">The numbers, day by day</summary>
        <div className="mt-3">
          <ScrollTable
            label="Views, sales and earnings by day"
            caption={`Views, units sold and earnings for each day ${period}, oldest first`}
            columns={DAY_COLUMNS}
            className="min-w-[24rem]"
          >
            {days.map((day) => (
              <tr key={day.day}>
                <td className="px-4 py-1.5 whitespace-nowrap">{formatDay(day.day)}</td>
                <td className="px-4 py-1.5 text-right">{count.format(day.views)}</td>
                <td className="px-4 py-1.5 text-right">{count.format(day.units)}</td>
                <td className="px-4 py-1.5 text-right">{formatPrice(day.earningsCents)}</td>
              </tr>
            ))}
          </ScrollTable>
        </div>
      </details>
    </section>
  );
}

/** Each product's views, units sold, earnings and conversion in the range, best earning first. */
export function ProductAnalyticsTable({
  range,
  products,
}: {
  range: AnalyticsRange;
  products: SellerAnalytics["products"];
}) {
  const period = periodOf(range);
  return (
    <section aria-labelledby="products-heading" className="mt-10">
      <h2 id="products-heading" className="text-xl font-semibold">
        By product
      </h2>
      {products.length === 0 ? (
        <p className="mt-3 text-muted-foreground">
          No products yet.{" "}
          <Link to="/seller/products/new" className="underline">
            Add your first product
          </Link>
          .
        </p>
      ) : (
        <div className="mt-4">
          <ScrollTable
            label="Analytics by product"
            caption={`Views, units sold, earnings and conversion (units sold per view) of each product ${period}, best earning first`}
            columns={PRODUCT_COLUMNS}
            className="min-w-[36rem] text-sm"
          >
            {products.map((product) => (
              <tr key={product.productId}>
                <td className="px-4 py-2 wrap-anywhere">
                  <Link to={`/seller/products/${product.productId}`} className="hover:text-primary">
                    {product.title}
                  </Link>
                </td>
                <td className="px-4 py-2 text-right">{count.format(product.views)}</td>
                <td className="px-4 py-2 text-right">{count.format(product.units)}</td>
                <td className="px-4 py-2 text-right">{formatPrice(product.earningsCents)}</td>
                <td className="px-4 py-2 text-right">
                  {product.conversion === null ? (
                    <span className="text-muted-foreground">No views</span>
                  ) : (
                    percent.format(product.conversion)
                  )}
                </td>
              </tr>
            ))}
          </ScrollTable>
        </div>
      )}
    </section>
  );
}
