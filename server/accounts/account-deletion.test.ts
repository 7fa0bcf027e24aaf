import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createCreator,
  createOrder,
  createProduct,
  createUser,
  giveTaxDetails,
} from "../../tests/support/factories.ts";
import { runManualPayouts } from "../../tests/support/payouts.ts";
import { setUpTestAuth } from "../../tests/support/test-auth.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import {
  account,
  apiKeys,
  authEvents,
  broadcasts,
  creatorFollows,
  creators,
  ledgerEntries,
  licenses,
  orderItems,
  orders,
  payoutSettings,
  payouts,
  products,
  reviews,
  sellerTaxDetails,
  session,
  shoppers,
  user,
  webhookEndpoints,
  wishlistItems,
} from "../db/schema.ts";
import { recordSales } from "../payouts/ledger.ts";
import { FORMER_CUSTOMER, sellerAtDeletion, sellerDeletionNotice } from "./account-deletion.ts";
import { deleteOwnAccount, deleteOwnAccountWithoutPassword } from "./account-settings.ts";
import { PASSWORD_NEEDED, SIGN_IN_AGAIN } from "./second-factor-settings.ts";

// Deleting an account: what goes (the account, its sessions, cart, wishlist, follows, the sellers'
// emails to them, a seller's shop on sale) and what the law keeps, detached (orders, a seller's
// ledger, payouts and tax details); a seller is told about their money first, and it is still paid.

const database = setUpTestDatabase();
const testAuth = setUpTestAuth(database);
const PASSWORD = "analytical-engine";

let otherShop: Awaited<ReturnType<typeof createCreator>>;
beforeAll(async () => {
  otherShop = await createCreator(database.db, { name: "Paper Fox" });
});

const rowsOf = async (table: typeof session | typeof account | typeof authEvents, userId: string) =>
  database.db.select().from(table).where(eq(table.userId, userId));

describe("deleting a buyer's account", () => {
  it("removes the account, its sessions, cart, wishlist and follows, and keeps its orders and reviews detached", async () => {
    const { db } = database;
    const { id, email, cookie } = await testAuth.newAccount({
      tag: "leaving",
      name: "Lee Leaving",
      password: PASSWORD,
    });
    const product = await createProduct(db, { creatorId: otherShop.id, title: "Undated Planner" });
    const { order } = await createOrder(db, { productIds: [product.id], userId: id });
    await db
      .update(orders)
      .set({ customerName: "Lee Leaving", email, sellerContactConsent: true })
      .where(eq(orders.id, order.id));
    const [shopper] = await db.insert(shoppers).values({ id: "shopper-lee", userId: id }).returning();
    await db.insert(wishlistItems).values({ shopperId: shopper!.id, productId: product.id });
    await db.insert(creatorFollows).values({ userId: id, creatorId: otherShop.id });
    await db
      .insert(reviews)
      .values({ productId: product.id, userId: id, authorName: "Lee L.", rating: 5, body: "Just right." });

    await expect(
      deleteOwnAccount(testAuth.auth, testAuth.client(cookie).headers, "not-the-password"),
    ).rejects.toThrow();
    expect(await db.select().from(user).where(eq(user.id, id))).toHaveLength(1);

    await deleteOwnAccount(testAuth.auth, testAuth.client(cookie).headers, PASSWORD);

    // Gone.
    expect(await db.select().from(user).where(eq(user.id, id))).toEqual([]);
    expect(await rowsOf(session, id)).toEqual([]);
    expect(await rowsOf(account, id)).toEqual([]);
    expect(await rowsOf(authEvents, id)).toEqual([]);
    expect(await db.select().from(shoppers).where(eq(shoppers.id, shopper!.id))).toEqual([]);
    expect(await db.select().from(wishlistItems).where(eq(wishlistItems.shopperId, shopper!.id))).toEqual([]);
    expect(await db.select().from(creatorFollows).where(eq(creatorFollows.userId, id))).toEqual([]);
    // Kept, detached: the order as the record of the sale, with its items and licence; the review, anonymised.
    const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({
      userId: null,
      customerName: "Lee Leaving",
      email,
      status: "paid",
      // No seller may email them as a customer any more.
      sellerContactConsent: false,
    });
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item).toMatchObject({ title: "Undated Planner" });
    expect(await db.select().from(licenses).where(eq(licenses.orderItemId, item!.id))).toHaveLength(1);
    const [review] = await db.select().from(reviews).where(eq(reviews.productId, product.id));
    expect(review).toMatchObject({ userId: null, authorName: FORMER_CUSTOMER, body: "Just right." });
    // And the person is told, by email, what went and what stays.
    const notice = testAuth.emailsTo(email).at(-1);
    expect(notice?.subject).toBe("Your Test Market account was deleted");
    expect(notice?.text).toContain("We keep the records of your orders");
    expect(notice?.text).not.toContain("Lee Leaving");
  });
});

describe("deleting a seller's account", () => {
  it("tells them their shop's money first; closes the shop, keeps its ledger, payouts and tax details, and still pays them", async () => {
    const { db } = database;
    const { id, cookie } = await testAuth.newAccount({ tag: "seller", name: "Sam Seller", password: PASSWORD });
    await db.update(user).set({ isSeller: true }).where(eq(user.id, id));
    const shop = await createCreator(db, {
      userId: id,
      name: "Sam's Studio",
      bio: "Sam draws in Lisbon.",
      location: "Lisbon",
    });
    await giveTaxDetails(db, shop.id);
    await db.insert(payoutSettings).values({ creatorId: shop.id, method: "paypal", destination: "sam@example.com" });
    const onSale = await createProduct(db, { creatorId: shop.id, priceCents: 5000 });
    await createProduct(db, { creatorId: shop.id, status: "draft" });
    const buyer = await createUser(db);
    const { order } = await createOrder(db, { productIds: [onSale.id], userId: buyer.id });
    await recordSales(db, order.id);
    await db.insert(payouts).values({
      creatorId: shop.id,
      amountCents: 4000,
      method: "paypal",
      destination: "sam@example.com",
      weekOf: "2026-11-20",
      fundsAvailableOn: "2026-11-25",
    });
    await db
      .insert(apiKeys)
      .values({ creatorId: shop.id, name: "Sync", prefix: "dgm_ab", keyHash: "hash-of-sam", scope: "read" });
    await db
      .insert(webhookEndpoints)
      .values({ creatorId: shop.id, url: "https://sam.example.com/hooks", secret: "s", events: ["sale"] });
    await db.insert(broadcasts).values({
      creatorId: shop.id,
      audience: "followers",
      subject: "New planners",
      body: "Soon.",
      status: "scheduled",
      sendAt: new Date("2026-12-10T09:00:00Z"),
    });

    // Before: what deleting would do to the shop's money.
    const before = await sellerAtDeletion(db, id);
    expect(before).toEqual({ shopName: "Sam's Studio", balanceCents: 3500, pendingPayoutCents: 4000 });
    const notice = sellerDeletionNotice(before!, "help@shop.test").join("\n");
    expect(notice).toContain("Your shop Sam's Studio closes with your account");
    expect(notice).toContain("A payout of $40.00 is on its way");
    expect(notice).toContain("You have $35.00 not yet paid out");

    await deleteOwnAccount(testAuth.auth, testAuth.client(cookie).headers, PASSWORD);

    const [closed] = await db.select().from(creators).where(eq(creators.id, shop.id));
    expect(closed).toMatchObject({ userId: null, name: "Sam's Studio", bio: "", location: "", standing: "active" });
    const statuses = await db.select({ status: products.status }).from(products).where(eq(products.creatorId, shop.id));
    expect(statuses.map((row) => row.status)).toEqual(["deleted", "deleted"]);
    const [key] = await db.select().from(apiKeys).where(eq(apiKeys.creatorId, shop.id));
    expect(key?.revokedAt).not.toBeNull();
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.creatorId, shop.id));
    expect(endpoint?.disabledAt).not.toBeNull();
    const [broadcast] = await db.select().from(broadcasts).where(eq(broadcasts.creatorId, shop.id));
    expect(broadcast?.status).toBe("cancelled");
    // Kept for the tax authorities: the ledger, the payouts, the tax details.
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.creatorId, shop.id))).toHaveLength(1);
    expect(await db.select().from(sellerTaxDetails).where(eq(sellerTaxDetails.creatorId, shop.id))).toHaveLength(1);
    // The balance is still paid on the next Friday, as the notice said.
    await runManualPayouts(db, new Date("2026-12-04T12:00:00Z"));
    const paid = await db.select().from(payouts).where(eq(payouts.creatorId, shop.id));
    expect(paid.map((payout) => [payout.weekOf, payout.amountCents]).sort()).toEqual([
      ["2026-11-20", 4000],
      ["2026-12-04", 3500],
    ]);
  });

  it("tells a seller whose balance is below the payout minimum to write before deleting", () => {
    const notice = sellerDeletionNotice(
      { shopName: "Tiny", balanceCents: 700, pendingPayoutCents: 0 },
      "help@shop.test",
    ).join("\n");
    expect(notice).toContain("You have $7.00 not yet paid out, below the $25.00 we pay out");
    expect(notice).toContain("help@shop.test");
    expect(notice).not.toContain("on its way");
  });

  it("says nothing of money to an account that does not sell", async () => {
    const buyer = await createUser(database.db);
    expect(await sellerAtDeletion(database.db, buyer.id)).toBeNull();
  });
});

describe("deleting an account that signs in with Google alone", () => {
  it("needs a sign-in within the last day instead of a password; an account with a password must give it", async () => {
    const { db } = database;
    const withPassword = await testAuth.newAccount({ tag: "pw", name: "Pat Password", password: PASSWORD });
    await expect(
      deleteOwnAccountWithoutPassword(db, testAuth.auth, testAuth.client(withPassword.cookie).headers),
    ).rejects.toThrow(PASSWORD_NEEDED);
    expect(await db.select().from(user).where(eq(user.id, withPassword.id))).toHaveLength(1);

    // As an account made by Google sign-in: no password of its own.
    const google = await testAuth.newAccount({ tag: "google", name: "Gus Google", password: PASSWORD });
    await db.delete(account).where(eq(account.userId, google.id));
    await db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(session.userId, google.id));
    const headers = testAuth.client(google.cookie).headers;
    await expect(deleteOwnAccountWithoutPassword(db, testAuth.auth, headers)).rejects.toThrow(SIGN_IN_AGAIN);
    expect(await db.select().from(user).where(eq(user.id, google.id))).toHaveLength(1);

    await db.update(session).set({ createdAt: new Date() }).where(eq(session.userId, google.id));
    await deleteOwnAccountWithoutPassword(db, testAuth.auth, headers);
    expect(await db.select().from(user).where(eq(user.id, google.id))).toEqual([]);
    expect(testAuth.emailsTo(google.email).at(-1)?.subject).toBe("Your Test Market account was deleted");
  });
});
