import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orderItems, orders, products, productViews } from "../db/schema.ts";
import { DELIVERABLE_ORDER_STATUSES } from "../delivery/open-download.ts";

// A seller's views, sales and earnings per day (UTC) over the last 7, 30 or 90 days. Sales are
// the seller's items of paid orders (partly refunded ones too) by the day they were paid; a
// refunded item is neither a sale nor earnings. Views are the product page views of
// record-product-view.ts.

export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
const DEFAULT_RANGE: AnalyticsRange = 30;

/** `?days=` as a range: one of 7, 30 or 90, else the default 30. */
export function parseRange(value: string | null | undefined): AnalyticsRange {
  const days = Number(value);
  return ANALYTICS_RANGES.find((range) => range === days) ?? DEFAULT_RANGE;
}

interface AnalyticsDay {
  /** YYYY-MM-DD, UTC. */
  day: string;
  views: number;
  units: number;
  earningsCents: number;
}

interface ProductAnalytics {
  productId: number;
  title: string;
  views: number;
  units: number;
  earningsCents: number;
  /** Units sold per view; null without views. */
  conversion: number | null;
}

export interface SellerAnalytics {
  days: AnalyticsDay[];
  totals: { views: number; units: number; earningsCents: number; conversion: number | null };
  products: ProductAnalytics[];
}

const conversionOf = (units: number, views: number) => (views > 0 ? units / views : null);
const paidStatuses = sql.join(
  DELIVERABLE_ORDER_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * The creator's analytics for the `days` days ending `today` (UTC; the database's today unless
 * given as YYYY-MM-DD): every day of the range, zeros included, oldest first; the totals; and each
 * of their products (not deleted, or with views or sales in the range), best earning first.
 */
export async function sellerAnalytics(
  db: Database,
  creatorId: number,
  options: { days?: AnalyticsRange; today?: string } = {},
): Promise<SellerAnalytics> {
  const days = options.days ?? DEFAULT_RANGE;
  const last = options.today ? sql`${options.today}::date` : sql`(now() AT TIME ZONE 'UTC')::date`;
  // The range as dates and as the instants it starts and ends (exclusive) in UTC.
  const span = sql`
    span AS (
      SELECT ${last} - ${days - 1}::int AS first_day, ${last} AS last_day,
        ((${last} - ${days - 1}::int)::timestamp AT TIME ZONE 'UTC') AS starts,
        ((${last} + 1)::timestamp AT TIME ZONE 'UTC') AS ends
    ),
    span_views AS (
      SELECT ${productViews.productId} AS product_id, ${productViews.day} AS day, ${productViews.views} AS views
      FROM ${productViews}
      JOIN ${products} ON ${products.id} = ${productViews.productId}, span
      WHERE ${products.creatorId} = ${creatorId}
        AND ${productViews.day} BETWEEN span.first_day AND span.last_day
    ),
    span_sales AS (
      SELECT ${orderItems.productId} AS product_id, (${orders.paidAt} AT TIME ZONE 'UTC')::date AS day,
        ${orderItems.quantity} AS units, ${orderItems.sellerCents} AS earnings
      FROM ${orderItems}
      JOIN ${orders} ON ${orders.id} = ${orderItems.orderId}, span
      WHERE ${orderItems.creatorId} = ${creatorId}
        AND ${orders.status} IN (${paidStatuses})
        AND ${orderItems.status} <> 'refunded'
        AND ${orders.paidAt} >= span.starts AND ${orders.paidAt} < span.ends
    )`;

  const [perDay, perProduct] = await Promise.all([
    db.execute<{ day: string; views: string; units: string; earnings: string }>(sql`
      WITH ${span},
      by_day AS (
        SELECT day, sum(views) AS views, 0 AS units, 0 AS earnings FROM span_views GROUP BY day
        UNION ALL
        SELECT day, 0, sum(units), sum(earnings) FROM span_sales GROUP BY day
      )
      SELECT to_char(series.day, 'YYYY-MM-DD') AS day,
        coalesce(sum(by_day.views), 0)::bigint AS views,
        coalesce(sum(by_day.units), 0)::bigint AS units,
        coalesce(sum(by_day.earnings), 0)::bigint AS earnings
      FROM span,
        generate_series(span.first_day::timestamp, span.last_day::timestamp, interval '1 day') AS series(day)
        LEFT JOIN by_day ON by_day.day = series.day::date
      GROUP BY series.day
      ORDER BY series.day`),
    db.execute<{ product_id: number; title: string; views: string; units: string; earnings: string }>(sql`
      WITH ${span},
      by_product AS (
        SELECT product_id, sum(views) AS views, 0 AS units, 0 AS earnings FROM span_views GROUP BY product_id
        UNION ALL
        SELECT product_id, 0, sum(units), sum(earnings) FROM span_sales GROUP BY product_id
      )
      SELECT ${products.id} AS product_id, ${products.title} AS title,
        coalesce(sum(by_product.views), 0)::bigint AS views,
        coalesce(sum(by_product.units), 0)::bigint AS units,
        coalesce(sum(by_product.earnings), 0)::bigint AS earnings
      FROM ${products} LEFT JOIN by_product ON by_product.product_id = ${products.id}
      WHERE ${products.creatorId} = ${creatorId}
      GROUP BY ${products.id}, ${products.title}, ${products.status}
      HAVING ${products.status} <> 'deleted' OR count(by_product.product_id) > 0
      ORDER BY earnings DESC, units DESC, views DESC, ${products.title}, ${products.id}`),
  ]);

  const daily = perDay.rows.map((row) => ({
    day: row.day,
    views: Number(row.views),
    units: Number(row.units),
    earningsCents: Number(row.earnings),
  }));
  const totals = daily.reduce(
    (sum, day) => ({
      views: sum.views + day.views,
      units: sum.units + day.units,
      earningsCents: sum.earningsCents + day.earningsCents,
    }),
    { views: 0, units: 0, earningsCents: 0 },
  );
  return {
    days: daily,
    totals: { ...totals, conversion: conversionOf(totals.units, totals.views) },
    products: perProduct.rows.map((row) => {
      const views = Number(row.views);
      const units = Number(row.units);
      return {
        productId: Number(row.product_id),
        title: row.title,
        views,
        units,
        earningsCents: Number(row.earnings),
        conversion: conversionOf(units, views),
      };
    }),
  };
}
