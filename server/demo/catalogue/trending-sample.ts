import { sql } from "drizzle-orm";
import { TRENDING_DAYS } from "../../catalogue/trending.ts";
import type { Queryable } from "../../db/client.ts";
import { productViews } from "../../db/schema.ts";

// The demo shop's recent shoppers: page views of the last week for about a quarter of the sample
// products, so that its /trending and home page show what a shop with visitors shows. Written with
// the sample catalogue (and again by the daily restore, for the days that moved on); a real view
// on the same day is kept when it is more.

/** Whether a sample product is one the demo's shoppers have been looking at (about a quarter). */
export function isTrendingSample(productId: number): boolean {
  return (productId * 7) % 11 < 3;
}

/** The sample views of one product, for each of the last days (index 0 today): fewer further back. */
function sampleViewsOf(productId: number): number[] {
  const base = 4 + ((productId * 13) % 29);
  return Array.from({ length: TRENDING_DAYS }, (_, age) => Math.round(base * (1 - age / 10)));
}

export async function seedSampleViews(tx: Queryable, productIds: readonly number[], now = new Date()): Promise<void> {
  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`).getTime();
  const rows = productIds.filter(isTrendingSample).flatMap((productId) =>
    sampleViewsOf(productId).map((views, age) => ({
      productId,
      day: new Date(today - age * 86_400_000).toISOString().slice(0, 10),
      views,
    })),
  );
  if (rows.length === 0) return;
  await tx
    .insert(productViews)
    .values(rows)
    .onConflictDoUpdate({
      target: [productViews.productId, productViews.day],
      set: { views: sql`greatest(${productViews.views}, excluded.views)` },
    });
}
