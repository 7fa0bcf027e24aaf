import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { orderItems, orders, productSearch, productViews } from "../db/schema.ts";

// What /trending lists: the products shoppers looked at and bought in the last week, with the
// latest days counting most. A scheduled job (server/jobs/workers.ts) stores each product's score
// in product_search.trending_score, so the page is an index scan however large the catalogue.
//
//   score = sum over the last TRENDING_DAYS days (d = 0 today, 1 yesterday, ...) of
//           (views on day d + SALE_WEIGHT x units sold on day d) x DAILY_DECAY ^ d
//
// Views are product_views (server/catalogue/record-product-view.ts: no bots, prefetches or the
// product's own seller); units sold are the active (not refunded) lines of paid orders, on the
// day they were paid. Days are UTC days. A product with neither has 0 and is not trending.

/** How many days of views and sales count, today included. */
export const TRENDING_DAYS = 7;
/** One unit sold counts as this many views: a sale says more about a product than a look. */
export const SALE_WEIGHT = 20;
/** Each day further back counts this much less: yesterday 0.8, six days ago about 0.26. */
export const DAILY_DECAY = 0.8;

/** The score of one product from its views and units sold per day (index 0 today): the formula above. */
export function trendingScoreOf(days: readonly { views: number; unitsSold: number }[]): number {
  return days
    .slice(0, TRENDING_DAYS)
    .reduce((score, { views, unitsSold }, age) => score + (views + SALE_WEIGHT * unitsSold) * DAILY_DECAY ** age, 0);
}

/**
 * Recomputes every product's trending score as of `now`: products with views or sales in the
 * window get theirs, products that had a score and no longer have any signal go back to 0.
 * Only changed rows are written. Returns how many products are trending.
 */
export async function refreshTrendingScores(db: Queryable, now = new Date()): Promise<number> {
  const today = sql`(${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')::date`;
  const first = sql`(${today} - ${TRENDING_DAYS - 1}::int)`;
  const { rows } = await db.execute<{ trending: number }>(sql`
    WITH signals AS (
      SELECT ${productViews.productId} AS product_id, ${today} - ${productViews.day} AS age,
        ${productViews.views}::float8 AS weight
      FROM ${productViews}
      WHERE ${productViews.day} BETWEEN ${first} AND ${today}
      UNION ALL
      SELECT ${orderItems.productId}, ${today} - (${orders.paidAt} AT TIME ZONE 'UTC')::date,
        (${orderItems.quantity} * ${SALE_WEIGHT}::int)::float8
      FROM ${orderItems} JOIN ${orders} ON ${orders.id} = ${orderItems.orderId}
      WHERE ${orders.paidAt} >= ${first}::timestamp AT TIME ZONE 'UTC'
        AND ${orders.paidAt} < (${today} + 1)::timestamp AT TIME ZONE 'UTC'
        AND ${orders.status} IN ('paid', 'partially_refunded')
        AND ${orderItems.status} = 'active'
    ),
    scores AS (
      -- Rounded, so that the same signals give the same number and rewrite nothing.
      SELECT product_id, round(sum(weight * power(${DAILY_DECAY}::float8, age))::numeric, 4)::float8 AS score
      FROM signals GROUP BY product_id
    ),
    touched AS (
      SELECT product_id FROM scores
      UNION
      SELECT ${productSearch.productId} FROM ${productSearch} WHERE ${productSearch.trendingScore} > 0
    ),
    updated AS (
      UPDATE ${productSearch} SET trending_score = coalesce(scores.score, 0)
      FROM touched LEFT JOIN scores USING (product_id)
      WHERE ${productSearch.productId} = touched.product_id
        AND ${productSearch.trendingScore} IS DISTINCT FROM coalesce(scores.score, 0)
      RETURNING 1
    )
    SELECT count(*)::int AS trending FROM scores WHERE score > 0`);
  return rows[0]?.trending ?? 0;
}
