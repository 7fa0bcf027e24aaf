import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { UNKNOWN_INTENT } from "../../app/lib/form.server.ts";
import { action as reportsAction, loader as reportsLoader } from "../../app/routes/admin/reports.tsx";
import { loader as viewerLoader } from "../../app/routes/api/product-viewer.ts";
import { action as reportAction } from "../../app/routes/product-report.ts";
import { action as replyAction } from "../../app/routes/review-reply.ts";
import { listingReports, products, reviewReplies, reviews, type user } from "../../server/db/schema.ts";
import { ALREADY_REPORTED } from "../../server/moderation/listing-reports.ts";
import { createProduct, createSeller, createUser } from "../support/factories.ts";
import { recordingJobs } from "../support/orders.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// The report, reply and Reports pages through their actions and loaders, as a browser posts them
// (what the server checks is what counts): every refusal a 4xx with its message, nothing changed.

const database = setUpTestDatabase();
const jobs = recordingJobs();
type Account = typeof user.$inferSelect;
let seller: Awaited<ReturnType<typeof createSeller>>;
let shopper: Account;
let admin: Account;
let productId = 0;
let reviewId = 0;

beforeAll(async () => {
  seller = await createSeller(database.db, { creator: { name: "Paper Owl Studio" } });
  shopper = await createUser(database.db);
  admin = await createUser(database.db, { role: "admin" });
  productId = (await createProduct(database.db, { creatorId: seller.creator.id })).id;
  const [review] = await database.db
    .insert(reviews)
    .values({ productId, authorName: "Rita R.", rating: 2, body: "The pages came out blurry." })
    .returning({ id: reviews.id });
  reviewId = review!.id;
});

/** The services of a request signed in as `account`, or of a guest. */
const contextOf = (account: Account | null) =>
  contextAs(account, {
    db: database.db,
    readDb: database.db,
    jobs,
    shopName: "Test Market",
    publicUrl: "http://shop.test",
  });

type Call = (args: never) => Promise<unknown>;

const answerOf = (
  handler: Call,
  account: Account | null,
  url: string,
  {
    body,
    params = {},
    json = false,
  }: { body?: Record<string, string>; params?: Record<string, string>; json?: boolean } = {},
) => routeAnswer<Record<string, unknown>>(handler, { url, context: contextOf(account), body, params, json });

const reportsOf = () => database.db.select().from(listingReports).where(eq(listingReports.productId, productId));
const fieldErrors = (data: unknown) => (data as { result: { error: Record<string, string[]> } }).result.error;

describe("POST /product/:id/report", () => {
  const report = (account: Account | null, body: Record<string, string>, id = String(productId)) =>
    answerOf(reportAction, account, `/product/${id}/report`, { body, params: { id } });

  it("asks a guest for an address, then takes the report; a second from the same address is refused", async () => {
    const missing = await report(null, { reason: "misleading" });
    expect(missing.status).toBe(400);
    expect(fieldErrors(missing.data).email).toEqual(["Please enter your email address, so that we can follow up."]);
    const sent = await report(null, {
      reason: "misleading",
      details: "Six pages, not sixty.",
      email: "gus@example.com",
    });
    expect(sent).toMatchObject({ status: 200, data: { ok: true } });
    expect((sent.data as { message: string }).message).toMatch(/^Thank you: your report was sent\./);
    const again = await report(null, { reason: "spam", email: "gus@example.com" });
    expect(again).toMatchObject({ status: 409, data: { ok: false, message: ALREADY_REPORTED } });
    expect(await reportsOf()).toHaveLength(1);
  });

  it("refuses a bad reason, its own seller, an unknown product and a body that is no form", async () => {
    const bad = await report(shopper, { reason: "boring" });
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad.data).reason).toEqual(["Please choose why you are reporting this listing."]);
    expect(await report(seller.user, { reason: "spam" })).toMatchObject({
      status: 403,
      data: { message: "You cannot report your own listing." },
    });
    expect(await report(shopper, { reason: "spam" }, "99999999")).toMatchObject({ status: 404 });
    expect(await report(shopper, { reason: "spam" }, "abc")).toMatchObject({ status: 404 });
    const json = await answerOf(reportAction, shopper, `/product/${productId}/report`, {
      body: { reason: "spam" },
      params: { id: String(productId) },
      json: true,
    });
    expect(json.status).toBe(415);
    expect(await reportsOf()).toHaveLength(1);
  });
});

describe("POST /product/:id/reviews/:reviewId/reply", () => {
  const reply = (account: Account | null, body: Record<string, string>, id = reviewId) =>
    answerOf(replyAction, account, `/product/${productId}/reviews/${id}/reply`, {
      body,
      params: { id: String(productId), reviewId: String(id) },
    });
  const stored = async () =>
    (await database.db.select().from(reviewReplies).where(eq(reviewReplies.reviewId, reviewId)))[0];

  it("refuses a visitor, a shopper and an unknown intent; checks the reply's length", async () => {
    expect(await reply(null, { intent: "save", body: "Hello there." })).toMatchObject({
      status: 401,
      data: { message: "Please sign in to reply to reviews." },
    });
    expect(await reply(shopper, { intent: "save", body: "I sell it, honestly." })).toMatchObject({
      status: 403,
      data: { message: "Only the seller of this product can reply to its reviews." },
    });
    expect(await reply(seller.user, { intent: "shout", body: "Hello there." })).toMatchObject({
      status: 400,
      data: { message: UNKNOWN_INTENT },
    });
    const long = await reply(seller.user, { intent: "save", body: "x".repeat(1501) });
    expect(long.status).toBe(400);
    expect(fieldErrors(long.data).body).toEqual(["Please keep your reply under 1,500 characters."]);
    expect(await reply(seller.user, { intent: "save", body: "Hello." }, 99999999)).toMatchObject({ status: 404 });
    expect(await stored()).toBeUndefined();
  });

  it("lets the seller publish, edit and delete the reply", async () => {
    expect(await reply(seller.user, { intent: "save", body: "Sorry! Print at 100% scale." })).toMatchObject({
      status: 200,
      data: { ok: true, message: "Your reply is published under the review." },
    });
    expect(await reply(seller.user, { intent: "save", body: "Fixed in version 2." })).toMatchObject({
      data: { message: "Your reply was updated." },
    });
    expect((await stored())?.body).toBe("Fixed in version 2.");
    expect(await reply(seller.user, { intent: "delete" })).toMatchObject({ data: { ok: true } });
    expect(await stored()).toBeUndefined();
  });

  it("tells the product page's viewer whether they are its seller", async () => {
    const viewer = async (account: Account | null) =>
      (
        await answerOf(viewerLoader, account, `/api/v1/products/${productId}/viewer`, {
          params: { id: String(productId) },
        })
      ).data?.seller;
    expect(await viewer(seller.user)).toBe(true);
    expect(await viewer(shopper)).toBe(false);
    expect(await viewer(null)).toBe(false);
  });
});

describe("/admin/reports", () => {
  it("keeps anyone but an admin out of the page and its actions", async () => {
    const [open] = await reportsOf();
    for (const account of [null, shopper, seller.user]) {
      expect((await answerOf(reportsLoader, account, "/admin/reports")).status).toBe(302);
      const post = await answerOf(reportsAction, account, "/admin/reports", {
        body: { intent: "dismiss", reportId: String(open!.id) },
      });
      expect(post.status).toBe(302);
    }
    expect((await reportsOf()).every((report) => report.status === "open")).toBe(true);
  });

  it("lists the open reports for an admin, refuses a short note and an unknown intent, then hides the product", async () => {
    const page = await answerOf(reportsLoader, admin, "/admin/reports");
    const listed = (page.data as { reports: { productId: number; openForProduct: number }[] }).reports.find(
      (report) => report.productId === productId,
    );
    expect(listed?.openForProduct).toBe(1);
    const short = await answerOf(reportsAction, admin, "/admin/reports", {
      body: { intent: "hide", productId: String(productId), note: "bad" },
    });
    expect(short.status).toBe(400);
    expect(fieldErrors(short.data).note?.[0]).toMatch(/at least 10 characters/);
    expect(
      await answerOf(reportsAction, admin, "/admin/reports", { body: { intent: "purge", reportId: "1" } }),
    ).toMatchObject({ status: 400, data: { message: UNKNOWN_INTENT } });
    expect((await database.db.select().from(products).where(eq(products.id, productId)))[0]?.status).toBe("published");

    const hidden = await answerOf(reportsAction, admin, "/admin/reports", {
      body: { intent: "hide", productId: String(productId), note: "Copies another shop's planner." },
    });
    expect(hidden).toMatchObject({ status: 200, data: { ok: true } });
    expect((hidden.data as { message: string }).message).toMatch(
      /^Hidden ".*" and its seller was emailed the note; 1 report closed\.$/,
    );
    expect((await reportsOf()).map((report) => report.status)).toEqual(["actioned"]);
    const dismissAgain = await answerOf(reportsAction, admin, "/admin/reports", {
      body: { intent: "dismiss", reportId: String((await reportsOf())[0]!.id) },
    });
    expect(dismissAgain).toMatchObject({ status: 409, data: { message: "This report was already handled." } });
  });
});
