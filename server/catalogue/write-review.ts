import { and, eq, inArray } from "drizzle-orm";
import type { ReviewInput } from "../../shared/review-schema.ts";
import type { Database } from "../db/client.ts";
import { orderItems, orders, reviews } from "../db/schema.ts";
import { DELIVERABLE_ORDER_STATUSES } from "../delivery/open-download.ts";
import { Refusal } from "../lib/refusal.ts";

/** Whether this account may review the product: only buyers (a paid, unrefunded item), once. */
export type ReviewEligibility = "not-bought" | "reviewed" | "can-review";

export async function reviewEligibility(db: Database, userId: string, productId: number): Promise<ReviewEligibility> {
  const [bought] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderItems.productId, productId),
        eq(orderItems.status, "active"),
        inArray(orders.status, [...DELIVERABLE_ORDER_STATUSES]),
      ),
    )
    .limit(1);
  if (!bought) return "not-bought";
  const [written] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
  return written ? "reviewed" : "can-review";
}

/**
 * A buyer's review, marked as a verified purchase; the product's rating and review count follow by
 * trigger (migration 0007). One per account and product, enforced by a unique index.
 */
export async function writeReview(
  db: Database,
  { author, productId, review }: { author: { userId: string; name: string }; productId: number; review: ReviewInput },
): Promise<void> {
  const eligibility = await reviewEligibility(db, author.userId, productId);
  if (eligibility === "not-bought") throw new Refusal("Only buyers of this product can review it.", "forbidden");
  const [created] = await db
    .insert(reviews)
    .values({
      productId,
      userId: author.userId,
      authorName: author.name,
      rating: review.rating,
      body: review.body,
      verified: true,
    })
    .onConflictDoNothing()
    .returning({ id: reviews.id });
  if (!created) throw new Refusal("You have already reviewed this product.", "conflict");
}
