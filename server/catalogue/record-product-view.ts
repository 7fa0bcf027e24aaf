import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { creators, products, productViews } from "../db/schema.ts";

/** User agents of crawlers and link previews: their visits are not a shopper's. */
const NOT_A_SHOPPER = /bot|crawler|spider|preview/i;

/**
 * Whether a request for a product page is a shopper looking at it: not a known crawler or link
 * preview (nor a client that does not say what it is), and not a browser's prefetch.
 */
export function isCountableView(headers: Headers): boolean {
  const agent = headers.get("user-agent") ?? "";
  if (agent === "" || NOT_A_SHOPPER.test(agent)) return false;
  const purpose = `${headers.get("sec-purpose") ?? ""} ${headers.get("purpose") ?? ""}`;
  return !/prefetch/i.test(purpose);
}

/**
 * Adds one to the product's views of the day (UTC) `at` falls on, in one statement: an upsert of
 * the product's counter row for that day. The product's own seller (`viewerUserId` runs its shop)
 * is not counted; nor is a product that does not exist.
 */
export async function recordProductView(
  db: Database,
  options: { productId: number; viewerUserId: string | null; at?: Date },
): Promise<void> {
  const at = options.at ?? new Date();
  await db.execute(sql`
    INSERT INTO ${productViews} (product_id, day, views)
    SELECT ${products.id}, (${at.toISOString()}::timestamptz AT TIME ZONE 'UTC')::date, 1
    FROM ${products} JOIN ${creators} ON ${creators.id} = ${products.creatorId}
    WHERE ${products.id} = ${options.productId}
      AND ${creators.userId} IS DISTINCT FROM ${options.viewerUserId}
    ON CONFLICT (product_id, day) DO UPDATE SET views = ${productViews.views} + 1`);
}
