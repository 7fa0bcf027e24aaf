// The platform section of `npm run bench`, after the checkout section has paid its orders: the
// admin console's key figures, a seller's analytics, and counting product views, through the domain
// functions on the bench's database.
import { desc, eq, sql } from "drizzle-orm";
import { keyFigures } from "../../server/admin/key-figures.ts";
import { recordProductView } from "../../server/catalogue/record-product-view.ts";
import type { DatabaseHandle } from "../../server/db/client.ts";
import { orderItems, orders, products } from "../../server/db/schema.ts";
import { sellerAnalytics } from "../../server/sellers/analytics.ts";
import { eachOf, fmt, inFlight, table, timingRow } from "./figures.ts";

/** Reads of a page's data are timed one at a time, this many each. */
const READS = 50;
/** Product views counted at once (a busy shop's product pages). */
const VIEW_CONCURRENCY = 8;
const VIEWS = 4000;

/** Runs the platform section and returns the lines of its summary. */
export async function benchPlatform(database: DatabaseHandle): Promise<string[]> {
  const { db } = database;
  const [sold] = await db
    .select({ items: sql<number>`count(*)::int`, orders: sql<number>`count(DISTINCT ${orders.id})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.status, "paid"));
  // The seller with the most sold items: their analytics read the most rows.
  const [busiest] = await db
    .select({ creatorId: orderItems.creatorId, items: sql<number>`count(*)::int` })
    .from(orderItems)
    .groupBy(orderItems.creatorId)
    .orderBy(desc(sql`count(*)`))
    .limit(1);
  const productIds = (await db.select({ id: products.id }).from(products).orderBy(sql`random()`).limit(VIEWS)).map(
    (row) => row.id,
  );
  const hot = productIds[0]!;

  console.log("Measuring the admin console's key figures, a seller's analytics and product views…");
  const repeat = (count: number) => eachOf(Array.from({ length: count }, (_, i) => i));
  const rows = [
    timingRow("admin key figures, 1 at a time", await inFlight(1, repeat(READS), () => keyFigures(db))),
    timingRow(
      "seller analytics, 30 days",
      await inFlight(1, repeat(READS), () => sellerAnalytics(db, busiest?.creatorId ?? 1, { days: 30 })),
    ),
    timingRow(
      "seller analytics, 90 days",
      await inFlight(1, repeat(READS), () => sellerAnalytics(db, busiest?.creatorId ?? 1, { days: 90 })),
    ),
    timingRow(
      `product views, ${VIEW_CONCURRENCY} in flight, spread`,
      await inFlight(VIEW_CONCURRENCY, eachOf(productIds), (productId) =>
        recordProductView(db, { productId, viewerUserId: null }),
      ),
    ),
    timingRow(
      `product views, ${VIEW_CONCURRENCY} in flight, one product`,
      await inFlight(VIEW_CONCURRENCY, repeat(VIEWS), () =>
        recordProductView(db, { productId: hot, viewerUserId: null }),
      ),
    ),
  ];
  return [
    `Platform on PostgreSQL (domain functions) with ${fmt(sold?.orders ?? 0)} paid orders of ${fmt(sold?.items ?? 0)} items; ` +
      `the busiest seller has ${fmt(busiest?.items ?? 0)} sold items:`,
    ...table(["what", "per second", "p50 ms", "p95 ms", "p99 ms", "max ms", "done", "failed"], rows),
  ];
}
