import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { ReviewReplyInput } from "../../shared/review-reply-schema.ts";
import { isRowId, pageNumber } from "../admin/paging.ts";
import type { Database, Queryable } from "../db/client.ts";
import { creators, products, reviewReplies, reviews, user } from "../db/schema.ts";
import { type JobQueue, QUEUES } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import { replyEmail } from "./review-reply-email.ts";

// A seller's public reply to a review of one of their products: one per review (its primary key),
// written, edited and deleted by the seller who runs the product's shop, and no one else. It shows
// under the review wherever reviews are listed (product-reviews.ts); the product page's cache is
// dropped by trigger (migration 0028). The reviewer is emailed when a reply is first written.

export interface ReplyServices {
  db: Database;
  jobs: JobQueue;
  shopName: string;
  publicUrl: string;
}

const NO_SUCH_REVIEW = "There is no such review.";
const NOT_THE_SELLER = "Only the seller of this product can reply to its reviews.";

/** Whether `userId` runs the shop that sells the product (the product page asks, to offer replies). */
export async function isProductSeller(db: Queryable, userId: string, productId: number): Promise<boolean> {
  if (!isRowId(productId)) return false;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .where(sql`${products.id} = ${productId} AND ${creators.userId} = ${userId}`);
  return Boolean(row);
}

/**
 * The review (of `productId`, as the page that posts says), with its product's shop, checked to be
 * the seller's; or a refusal. A removed shop no longer speaks on the marketplace.
 */
async function sellersReview(db: Queryable, sellerUserId: string, productId: number, reviewId: number) {
  if (!isRowId(reviewId) || !isRowId(productId)) throw new Refusal(NO_SUCH_REVIEW, "not-found");
  const [review] = await db
    .select({
      id: reviews.id,
      productId: reviews.productId,
      productTitle: products.title,
      reviewerId: reviews.userId,
      creatorId: creators.id,
      creatorName: creators.name,
      sellerUserId: creators.userId,
      standing: creators.standing,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(creators, eq(creators.id, products.creatorId))
    .where(eq(reviews.id, reviewId));
  if (!review || review.productId !== productId) throw new Refusal(NO_SUCH_REVIEW, "not-found");
  if (review.sellerUserId !== sellerUserId) throw new Refusal(NOT_THE_SELLER, "forbidden");
  if (review.standing === "removed") {
    throw new Refusal(
      "Your shop has been removed from the marketplace: it can no longer reply to reviews.",
      "forbidden",
    );
  }
  return review;
}

/**
 * Writes the seller's reply to a review, or replaces the one they wrote (one per review). Answers
 * whether it was new; a new reply is emailed to the reviewer, if they have an account.
 */
export async function saveReviewReply(
  services: ReplyServices,
  sellerUserId: string,
  target: { productId: number; reviewId: number },
  input: ReviewReplyInput,
): Promise<{ created: boolean }> {
  return services.db.transaction(async (tx) => {
    const review = await sellersReview(tx, sellerUserId, target.productId, target.reviewId);
    const [saved] = await tx
      .insert(reviewReplies)
      .values({ reviewId: review.id, creatorId: review.creatorId, body: input.body })
      .onConflictDoUpdate({
        target: reviewReplies.reviewId,
        set: { body: input.body, creatorId: review.creatorId, updatedAt: sql`now()` },
      })
      // A row inserted now has xmax 0; one updated has the updating transaction's id.
      .returning({ created: sql<boolean>`xmax = 0` });
    const created = saved?.created === true;
    if (created && review.reviewerId) {
      const [reviewer] = await tx
        .select({ name: user.name, email: user.email })
        .from(user)
        .where(eq(user.id, review.reviewerId));
      if (reviewer) {
        await services.jobs.send(
          QUEUES.sendEmail,
          replyEmail({
            to: reviewer.email,
            name: reviewer.name,
            creatorName: review.creatorName,
            productTitle: review.productTitle,
            reply: input.body,
            link: `${services.publicUrl}/product/${review.productId}?reviews=1#reviews`,
            marketName: services.shopName,
          }),
          tx,
        );
      }
    }
    return { created };
  });
}

/** Deletes the seller's reply to a review; refused when there is none. */
export async function deleteReviewReply(
  db: Database,
  sellerUserId: string,
  target: { productId: number; reviewId: number },
): Promise<void> {
  const review = await sellersReview(db, sellerUserId, target.productId, target.reviewId);
  const deleted = await db
    .delete(reviewReplies)
    .where(eq(reviewReplies.reviewId, review.id))
    .returning({ reviewId: reviewReplies.reviewId });
  if (deleted.length === 0) throw new Refusal("This review has no reply to delete.", "not-found");
}

const SELLER_REVIEWS_PER_PAGE = 20;

export type SellerReviewView = "unanswered" | "all";

/** The view and page an address asks for (`?show=all&page=2`); anything else is the first page of unanswered ones. */
export function sellerReviewQuery(params: URLSearchParams): { view: SellerReviewView; page: number } {
  return { view: params.get("show") === "all" ? "all" : "unanswered", page: pageNumber(params.get("page")) };
}

/**
 * The reviews of a seller's products, newest first (only those without a reply, unless `all`),
 * each with its product and reply, in the shape the product page lists them: the seller's
 * Reviews page (/seller/reviews), where they answer them. Deleted products are left out.
 */
export async function listSellerReviews(
  db: Database,
  creatorId: number,
  { view, page }: { view: SellerReviewView; page: number },
) {
  const rows = await db
    .select({
      id: reviews.id,
      productId: reviews.productId,
      productTitle: products.title,
      authorName: reviews.authorName,
      rating: reviews.rating,
      body: reviews.body,
      verified: reviews.verified,
      createdAt: reviews.createdAt,
      replyBody: reviewReplies.body,
      replyCreatedAt: reviewReplies.createdAt,
      replyUpdatedAt: reviewReplies.updatedAt,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
    .where(
      and(
        eq(products.creatorId, creatorId),
        ne(products.status, "deleted"),
        view === "unanswered" ? isNull(reviewReplies.reviewId) : undefined,
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(SELLER_REVIEWS_PER_PAGE + 1)
    .offset((page - 1) * SELLER_REVIEWS_PER_PAGE);
  const [creator] = await db.select({ name: creators.name }).from(creators).where(eq(creators.id, creatorId));
  return {
    view,
    page,
    hasNext: rows.length > SELLER_REVIEWS_PER_PAGE,
    reviews: rows.slice(0, SELLER_REVIEWS_PER_PAGE).map(({ replyBody, replyCreatedAt, replyUpdatedAt, ...review }) => ({
      ...review,
      reply:
        replyBody !== null && replyCreatedAt && replyUpdatedAt
          ? { body: replyBody, creatorName: creator?.name ?? "", createdAt: replyCreatedAt, updatedAt: replyUpdatedAt }
          : null,
    })),
  };
}
