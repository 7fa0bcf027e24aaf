import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { reviewSchema } from "../../shared/review-schema.ts";
import { createProduct } from "../../tests/support/factories.ts";
import { FLAT_TAX } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { addToCart } from "../cart/cart.ts";
import { ensureShopper } from "../cart/shopper.ts";
import { orderItems, orders, products, user } from "../db/schema.ts";
import { placeOrder } from "../orders/place-order.ts";
import { listReviews } from "./product-reviews.ts";
import { reviewEligibility, writeReview } from "./write-review.ts";

const database = setUpTestDatabase();
let productId = 0;

beforeAll(async () => {
  productId = (await createProduct(database.db)).id;
});

/** An account that bought the product (its order paid), or only ordered it when `paid` is false. */
async function buyer(id: string, { paid = true } = {}) {
  await database.db.insert(user).values({ id, name: `Buyer ${id}`, email: `${id}@example.com` });
  const { id: shopperId } = await ensureShopper(database.db, { userId: id, guestId: null });
  await addToCart(database.db, { shopperId, productId });
  const order = await placeOrder(database.db, {
    tax: FLAT_TAX,
    shopperId,
    buyer: { userId: id, name: id, email: `${id}@example.com` },
    idempotencyKey: `review-test-${id}-key`,
  });
  if (paid) await database.db.update(orders).set({ status: "paid", paidAt: new Date() }).where(eq(orders.id, order.id));
  return { userId: id, name: `Buyer ${id}`, orderId: order.id };
}

const product = async () => (await database.db.select().from(products).where(eq(products.id, productId)))[0]!;

describe("reviews by buyers", () => {
  it("lets a buyer review once: verified, and the product's rating and count follow", async () => {
    const before = await product();
    const author = await buyer("reviewer-1");
    expect(await reviewEligibility(database.db, author.userId, productId)).toBe("can-review");
    await writeReview(database.db, { author, productId, review: { rating: 1, body: "Not what I hoped for, sadly." } });
    const after = await product();
    expect(after.reviewCount).toBe(before.reviewCount + 1);
    const { rows } = await database.pool.query(
      "SELECT round(avg(rating)::numeric, 1)::float AS average FROM reviews WHERE product_id = $1",
      [productId],
    );
    expect(after.rating).toBe(rows[0].average);
    const [latest] = (await listReviews(database.db, productId, { perPage: 1 })).reviews;
    expect(latest).toMatchObject({ authorName: "Buyer reviewer-1", rating: 1, verified: true });
    expect(await reviewEligibility(database.db, author.userId, productId)).toBe("reviewed");
    await expect(
      writeReview(database.db, { author, productId, review: { rating: 5, body: "Changed my mind, it is great." } }),
    ).rejects.toThrow("You have already reviewed this product.");
    expect((await product()).reviewCount).toBe(before.reviewCount + 1);
  });

  it("refuses someone who did not buy it, whose order is unpaid, or whose item was refunded", async () => {
    await database.db.insert(user).values({ id: "browser-1", name: "Browser", email: "browser-1@example.com" });
    const unpaid = await buyer("unpaid-1", { paid: false });
    const refunded = await buyer("refunded-1");
    await database.db.update(orderItems).set({ status: "refunded" }).where(eq(orderItems.orderId, refunded.orderId));
    for (const userId of ["browser-1", unpaid.userId, refunded.userId]) {
      expect(await reviewEligibility(database.db, userId, productId)).toBe("not-bought");
      await expect(
        writeReview(database.db, {
          author: { userId, name: "x" },
          productId,
          review: { rating: 5, body: "Five stars from me!" },
        }),
      ).rejects.toThrow("Only buyers of this product can review it.");
    }
  });

  it("needs 1 to 5 stars and a few words", () => {
    expect(reviewSchema.safeParse({ rating: "0", body: "Long enough text" }).error?.issues[0]?.message).toBe(
      "Choose from 1 to 5 stars.",
    );
    expect(reviewSchema.safeParse({ rating: "6", body: "Long enough text" }).success).toBe(false);
    expect(reviewSchema.safeParse({ rating: "4", body: "  short  " }).error?.issues[0]?.message).toBe(
      "Please write at least 10 characters about the product.",
    );
    expect(reviewSchema.parse({ rating: "4", body: " Lovely planner. " })).toEqual({
      rating: 4,
      body: "Lovely planner.",
    });
  });
});
