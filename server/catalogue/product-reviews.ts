import { count, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { creators, reviewReplies, reviews } from "../db/schema.ts";

export const REVIEWS_PER_PAGE = 10;

interface Review {
  id: number;
  authorName: string;
  rating: number;
  body: string;
  /** Written by a buyer of the product. */
  verified: boolean;
  createdAt: Date;
  /** The seller's reply, shown under the review (review-replies.ts). */
  reply: { body: string; creatorName: string; createdAt: Date; updatedAt: Date } | null;
}

export interface ReviewPage {
  reviews: Review[];
  total: number;
  /** 1-based; clamped to the pages there are. */
  page: number;
  pages: number;
}

/** One page of a product's reviews, newest first. */
export async function listReviews(
  db: Database,
  productId: number,
  { page = 1, perPage = REVIEWS_PER_PAGE } = {},
): Promise<ReviewPage> {
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(reviews)
    .where(eq(reviews.productId, productId));
  const pages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  const rows = await db
    .select({
      id: reviews.id,
      authorName: reviews.authorName,
      rating: reviews.rating,
      body: reviews.body,
      verified: reviews.verified,
      createdAt: reviews.createdAt,
      replyBody: reviewReplies.body,
      replyCreatorName: creators.name,
      replyCreatedAt: reviewReplies.createdAt,
      replyUpdatedAt: reviewReplies.updatedAt,
    })
    .from(reviews)
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
    .leftJoin(creators, eq(creators.id, reviewReplies.creatorId))
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(perPage)
    .offset((current - 1) * perPage);
  return {
    reviews: rows.map(({ replyBody, replyCreatorName, replyCreatedAt, replyUpdatedAt, ...review }) => ({
      ...review,
      reply:
        replyBody !== null && replyCreatedAt && replyUpdatedAt
          ? {
              body: replyBody,
              creatorName: replyCreatorName ?? "",
              createdAt: replyCreatedAt,
              updatedAt: replyUpdatedAt,
            }
          : null,
    })),
    total,
    page: current,
    pages,
  };
}

/** How many reviews gave each number of stars, five first. */
export async function ratingBreakdown(db: Database, productId: number): Promise<{ stars: number; count: number }[]> {
  const rows = await db
    .select({ stars: reviews.rating, count: count() })
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .groupBy(reviews.rating);
  return [5, 4, 3, 2, 1].map((stars) => ({ stars, count: rows.find((row) => row.stars === stars)?.count ?? 0 }));
}
