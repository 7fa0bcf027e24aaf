import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { reviewReplyFormSchema, reviewReplySchema } from "../../shared/review-reply-schema.ts";
import { createProduct, createSeller, createUser } from "../../tests/support/factories.ts";
import { recordingJobs } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { creators, reviewReplies, reviews } from "../db/schema.ts";
import { listReviews } from "./product-reviews.ts";
import {
  deleteReviewReply,
  isProductSeller,
  listSellerReviews,
  type ReplyServices,
  saveReviewReply,
  sellerReviewQuery,
} from "./review-replies.ts";

const database = setUpTestDatabase();
const jobs = recordingJobs();
let services: ReplyServices;
let seller: Awaited<ReturnType<typeof createSeller>>;
let otherSeller: Awaited<ReturnType<typeof createSeller>>;
let productId = 0;
let otherProductId = 0;
let reviewer: { id: string; email: string };

beforeAll(async () => {
  services = { db: database.db, jobs, shopName: "Test Market", publicUrl: "http://shop.test" };
  seller = await createSeller(database.db, { creator: { name: "Paper Owl Studio" } });
  otherSeller = await createSeller(database.db);
  productId = (await createProduct(database.db, { creatorId: seller.creator.id, title: "Owl Planner" })).id;
  otherProductId = (await createProduct(database.db, { creatorId: otherSeller.creator.id })).id;
  reviewer = await createUser(database.db, { name: "Rita Reviewer" });
});

async function review(product = productId, userId: string | null = null) {
  const [row] = await database.db
    .insert(reviews)
    .values({ productId: product, userId, authorName: "Rita R.", rating: 3, body: "Nice, but the font is tiny." })
    .returning({ id: reviews.id });
  return row!.id;
}

const replyOf = async (reviewId: number) =>
  (await database.db.select().from(reviewReplies).where(eq(reviewReplies.reviewId, reviewId)))[0];

describe("seller replies to reviews", () => {
  it("lets the product's seller reply once per review, edit and delete it; the reply shows with the review", async () => {
    const reviewId = await review(productId, reviewer.id);
    const target = { productId, reviewId };
    expect(
      await saveReviewReply(services, seller.user.id, target, { body: "Thank you! A larger font is coming." }),
    ).toEqual({ created: true });
    const [listed] = (await listReviews(database.db, productId, { perPage: 1 })).reviews;
    expect(listed).toMatchObject({
      id: reviewId,
      reply: { body: "Thank you! A larger font is coming.", creatorName: "Paper Owl Studio" },
    });
    // The reviewer is told, once.
    const [email] = jobs.emailsTo(reviewer.email);
    expect(email?.subject).toBe('Paper Owl Studio replied to your review of "Owl Planner"');
    expect(email?.text).toContain("Thank you! A larger font is coming.");
    expect(email?.text).toContain(`http://shop.test/product/${productId}?reviews=1#reviews`);

    // A second save edits the one reply (no second row, no second email).
    expect(
      await saveReviewReply(services, seller.user.id, target, { body: "Update: the larger font is out." }),
    ).toEqual({
      created: false,
    });
    const rows = await database.db.select().from(reviewReplies).where(eq(reviewReplies.reviewId, reviewId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.body).toBe("Update: the larger font is out.");
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(rows[0]!.createdAt.getTime());
    expect(jobs.emailsTo(reviewer.email)).toHaveLength(1);

    await deleteReviewReply(database.db, seller.user.id, target);
    expect(await replyOf(reviewId)).toBeUndefined();
    const [after] = (await listReviews(database.db, productId, { perPage: 1 })).reviews;
    expect(after?.reply).toBeNull();
    await expect(deleteReviewReply(database.db, seller.user.id, target)).rejects.toThrow(
      "This review has no reply to delete.",
    );
  });

  it("refuses anyone but the product's seller, and a review of another product", async () => {
    const reviewId = await review();
    const shopper = await createUser(database.db);
    for (const userId of [shopper.id, otherSeller.user.id, reviewer.id]) {
      await expect(
        saveReviewReply(services, userId, { productId, reviewId }, { body: "I am not the seller here." }),
      ).rejects.toMatchObject({ message: "Only the seller of this product can reply to its reviews.", status: 403 });
    }
    // The page's product must be the review's: another product's address finds no such review.
    await expect(
      saveReviewReply(services, otherSeller.user.id, { productId: otherProductId, reviewId }, { body: "Sneaky." }),
    ).rejects.toMatchObject({ message: "There is no such review.", status: 404 });
    await expect(
      saveReviewReply(services, seller.user.id, { productId, reviewId: 2_147_483_647 }, { body: "Nothing here." }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await replyOf(reviewId)).toBeUndefined();

    // Nor may anyone else delete the seller's reply.
    await saveReviewReply(services, seller.user.id, { productId, reviewId }, { body: "Thanks for the review." });
    await expect(deleteReviewReply(database.db, otherSeller.user.id, { productId, reviewId })).rejects.toMatchObject({
      status: 403,
    });
    expect((await replyOf(reviewId))?.body).toBe("Thanks for the review.");
  });

  it("refuses a shop that was removed from the marketplace", async () => {
    const removed = await createSeller(database.db);
    const product = (await createProduct(database.db, { creatorId: removed.creator.id })).id;
    const reviewId = await review(product);
    await database.db.update(creators).set({ standing: "removed" }).where(eq(creators.id, removed.creator.id));
    await expect(
      saveReviewReply(services, removed.user.id, { productId: product, reviewId }, { body: "Still here." }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it("tells the product page who its seller is", async () => {
    expect(await isProductSeller(database.db, seller.user.id, productId)).toBe(true);
    expect(await isProductSeller(database.db, otherSeller.user.id, productId)).toBe(false);
    expect(await isProductSeller(database.db, seller.user.id, 0)).toBe(false);
  });

  it("needs a reply of 2 to 1,500 characters, and a known intent", () => {
    expect(reviewReplySchema.safeParse({ body: "   " }).error?.issues[0]?.message).toBe("Please write your reply.");
    expect(reviewReplySchema.safeParse({ body: "x" }).error?.issues[0]?.message).toBe(
      "Please write at least 2 characters.",
    );
    expect(reviewReplySchema.safeParse({ body: "x".repeat(1501) }).error?.issues[0]?.message).toBe(
      "Please keep your reply under 1,500 characters.",
    );
    expect(reviewReplySchema.parse({ body: " Thanks! " })).toEqual({ body: "Thanks!" });
    expect(reviewReplyFormSchema.safeParse({ intent: "publish", body: "Thanks!" }).success).toBe(false);
    expect(reviewReplyFormSchema.parse({ intent: "delete" })).toEqual({ intent: "delete" });
  });
});

describe("the seller's Reviews page", () => {
  it("lists the reviews of the seller's products only, newest first; unanswered ones until answered", async () => {
    const shop = await createSeller(database.db, { creator: { name: "Quiet Fox Prints" } });
    const product = (await createProduct(database.db, { creatorId: shop.creator.id, title: "Fox Poster" })).id;
    const older = await review(product);
    const newer = await review(product);
    await review(otherProductId);
    const unanswered = async () =>
      (await listSellerReviews(database.db, shop.creator.id, sellerReviewQuery(new URLSearchParams()))).reviews;
    expect((await unanswered()).map((listed) => listed.id)).toEqual([newer, older]);
    expect((await unanswered())[0]).toMatchObject({ productId: product, productTitle: "Fox Poster", reply: null });

    await saveReviewReply(
      services,
      shop.user.id,
      { productId: product, reviewId: older },
      { body: "Thanks, fox fan!" },
    );
    expect((await unanswered()).map((listed) => listed.id)).toEqual([newer]);
    const all = await listSellerReviews(
      database.db,
      shop.creator.id,
      sellerReviewQuery(new URLSearchParams("show=all")),
    );
    expect(all.reviews.map((listed) => [listed.id, listed.reply?.body ?? null])).toEqual([
      [newer, null],
      [older, "Thanks, fox fan!"],
    ]);
    expect(all.reviews[1]?.reply?.creatorName).toBe("Quiet Fox Prints");
  });
});
