import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as productViewerLoader } from "../../app/routes/api/product-viewer.ts";
import { action as productAction } from "../../app/routes/product.tsx";
import { action as reviewReplyAction } from "../../app/routes/review-reply.ts";
import { action as apiKeysAction } from "../../app/routes/seller/api-keys.tsx";
import { action as broadcastsAction } from "../../app/routes/seller/broadcasts.tsx";
import { action as bundlesAction } from "../../app/routes/seller/bundles.tsx";
import { loader as customersLoader } from "../../app/routes/seller/customers.tsx";
import { loader as customersCsvLoader } from "../../app/routes/seller/customers-csv.ts";
import { loader as dashboardLoader } from "../../app/routes/seller/dashboard.tsx";
import { action as discountsAction } from "../../app/routes/seller/discounts.tsx";
import { action as productEditAction } from "../../app/routes/seller/product-edit.tsx";
import { action as productNewAction } from "../../app/routes/seller/product-new.tsx";
import { action as profileAction } from "../../app/routes/seller/profile.tsx";
import { action as webhooksAction } from "../../app/routes/seller/webhooks.tsx";
import { orders, reviews, type user } from "../../server/db/schema.ts";
import { DEMO_ACCOUNTS } from "../../server/demo/accounts/demo-accounts.ts";
import { HIDDEN_BUYER_NAME } from "../../server/sellers/customers.ts";
import { type FileStore, localFileStore } from "../../server/storage/file-store.ts";
import { DEMO_BUYER_REVIEWS_OFF, DEMO_SELLER_LOOKS_ONLY } from "../../shared/demo-shop.ts";
import { createCategory, createOrder, createProduct, createSeller, createUser } from "../support/factories.ts";
import { recordingJobs } from "../support/orders.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// Issue 29 item 3 (decision 039): in a demo shop the shared demo seller may look at every page but
// change, send or export nothing; a real seller, and the same account in a live shop, may.

const database = setUpTestDatabase();
type Account = typeof user.$inferSelect;
type Seller = Awaited<ReturnType<typeof createSeller>>;
const jobs = recordingJobs();
let directory = "";
let files: FileStore;
let demoSeller: Seller;
let realSeller: Seller;
let categoryId = 0;
const productOf = new Map<string, number>();
const secondProductOf = new Map<string, number>();
/** A product on sale that "take off sale" is tried on (the others stay on sale for the bundle). */
const onSaleOf = new Map<string, number>();
const reviewOf = new Map<string, number>();
const demo = DEMO_ACCOUNTS.find((account) => account.isSeller)!;

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), "demo-seller-"));
  files = localFileStore(directory);
  categoryId = (await createCategory(database.db)).id;
  demoSeller = await createSeller(database.db, { id: demo.id, email: demo.email, name: "seller" });
  realSeller = await createSeller(database.db);
  const reviewer = await createUser(database.db);
  for (const seller of [demoSeller, realSeller]) {
    const product = await createProduct(database.db, { creatorId: seller.creator.id, categoryId });
    productOf.set(seller.user.id, product.id);
    const second = await createProduct(database.db, { creatorId: seller.creator.id, categoryId });
    secondProductOf.set(seller.user.id, second.id);
    onSaleOf.set(seller.user.id, (await createProduct(database.db, { creatorId: seller.creator.id, categoryId })).id);
    const [review] = await database.db
      .insert(reviews)
      .values({
        productId: product.id,
        userId: reviewer.id,
        authorName: "Rae",
        rating: 5,
        body: "Lovely planner, thank you.",
      })
      .returning({ id: reviews.id });
    reviewOf.set(seller.user.id, review!.id);
    // A real buyer who agreed that sellers may email them.
    const { order } = await createOrder(database.db, { productIds: [product.id] });
    await database.db
      .update(orders)
      .set({ email: "real.person@example.com", customerName: "Real Person", sellerContactConsent: true })
      .where(eq(orders.id, order.id));
  }
});
afterAll(() => fs.rm(directory, { recursive: true, force: true }));

const contextOf = (account: Account, shopMode: "demo" | "live") =>
  contextAs(account, {
    db: database.db,
    readDb: database.db,
    files,
    jobs,
    shopMode,
    publicUrl: "http://shop.test",
    shopName: "Test Market",
    secret: "a-test-secret-of-at-least-32-characters!",
  });

type Call = (args: never) => Promise<unknown>;
type Body = Record<string, string | string[]>;

/** Every seller path that changes, sends or exports something, with a request that works for `seller`. */
const paths: {
  name: string;
  handler: Call;
  request: (seller: Seller) => { url: string; params?: Body; body?: Body };
}[] = [
  { name: "export the customers CSV", handler: customersCsvLoader, request: () => ({ url: "/seller/customers.csv" }) },
  {
    name: "send a broadcast",
    handler: broadcastsAction,
    request: () => ({
      url: "/seller/broadcasts",
      body: { intent: "send", subject: "New planners", body: "Hello!", audience: "customers", when: "now" },
    }),
  },
  {
    name: "create an API key",
    handler: apiKeysAction,
    request: () => ({ url: "/seller/api-keys", body: { intent: "create", name: "Sheet", scope: "write" } }),
  },
  {
    name: "add a webhook",
    handler: webhooksAction,
    request: () => ({
      url: "/seller/webhooks",
      body: { intent: "add-endpoint", url: "https://93.184.216.34/hooks", events: "sale" },
    }),
  },
  {
    name: "edit the creator page",
    handler: profileAction,
    request: () => ({ url: "/seller/profile", body: { intent: "save", bio: "Phishing here." } }),
  },
  {
    name: "add a product",
    handler: productNewAction,
    request: () => ({ url: "/seller/products/new", body: productFields() }),
  },
  {
    name: "edit a product",
    handler: productEditAction,
    request: (seller) => ({
      url: `/seller/products/${productOf.get(seller.user.id)}`,
      params: { id: String(productOf.get(seller.user.id)) },
      body: { intent: "save", ...productFields() },
    }),
  },
  {
    name: "take a product off sale",
    handler: productEditAction,
    request: (seller) => ({
      url: `/seller/products/${onSaleOf.get(seller.user.id)}`,
      params: { id: String(onSaleOf.get(seller.user.id)) },
      body: { intent: "unpublish" },
    }),
  },
  {
    name: "make a discount code",
    handler: discountsAction,
    request: () => ({
      url: "/seller/discounts",
      body: {
        intent: "create-code",
        code: `DEMO${Math.floor(Math.random() * 1e9)}`,
        kind: "percent",
        value: "20",
        appliesTo: "all",
      },
    }),
  },
  {
    name: "make a bundle",
    handler: bundlesAction,
    request: (seller) => ({
      url: "/seller/bundles",
      body: {
        intent: "create-bundle",
        title: "Starter Kit",
        description: "Everything to plan a calm week.",
        price: "5",
        productIds: [String(productOf.get(seller.user.id)), String(secondProductOf.get(seller.user.id))],
      },
    }),
  },
  {
    name: "reply to a review",
    handler: reviewReplyAction,
    request: (seller) => ({
      url: `/product/${productOf.get(seller.user.id)}/reviews/${reviewOf.get(seller.user.id)}/reply`,
      params: { id: String(productOf.get(seller.user.id)), reviewId: String(reviewOf.get(seller.user.id)) },
      body: { intent: "save", body: "Thank you!" },
    }),
  },
];

function productFields(): Body {
  return {
    title: "Calm Weekly Planner",
    description: "A calm weekly planner with habit trackers.",
    categoryId: String(categoryId),
    format: "PDF",
    price: "12",
  };
}

const answerOf = (seller: Seller, shopMode: "demo" | "live", { handler, request }: (typeof paths)[number]) => {
  const { url, params, body } = request(seller);
  return routeAnswer(handler, {
    url,
    params: params as Record<string, string>,
    body,
    context: contextOf(seller.user, shopMode),
  });
};

describe("the demo seller in a demo shop", () => {
  it.each(paths)("may not $name: one message, 403", async (path) => {
    const answer = await answerOf(demoSeller, "demo", path);
    expect(answer.status).toBe(403);
    // A page's action answers { ok: false, message }; the CSV file's loader a small page saying it.
    const message = answer.response
      ? /<p>([^<]*)<\/p>/.exec(await answer.response.text())?.[1]
      : (answer.data as { message: string }).message;
    expect(message).toBe(DEMO_SELLER_LOOKS_ONLY);
  });

  it("sees its customers, but not a real buyer's name or address", async () => {
    const answer = await routeAnswer(customersLoader as Call, {
      url: "/seller/customers",
      context: contextOf(demoSeller.user, "demo"),
    });
    const data = answer.data as { lookOnly: boolean; customers: { name: string; email: string | null }[] };
    expect(data.lookOnly).toBe(true);
    expect(data.customers).toEqual([expect.objectContaining({ name: HIDDEN_BUYER_NAME, email: null })]);
    expect(JSON.stringify(data)).not.toContain("real.person@example.com");
  });

  it("is offered no Reply under its products' reviews (the product page asks the viewer route)", async () => {
    const viewerOf = async (seller: Seller, shopMode: "demo" | "live") =>
      (
        await routeAnswer(productViewerLoader as Call, {
          url: `/api/v1/products/${productOf.get(seller.user.id)}/viewer`,
          params: { id: String(productOf.get(seller.user.id)) },
          context: contextOf(seller.user, shopMode),
        })
      ).data;
    expect(await viewerOf(demoSeller, "demo")).toMatchObject({ seller: true, lookOnly: true });
    expect(await viewerOf(demoSeller, "live")).toMatchObject({ seller: true, lookOnly: false });
    expect(await viewerOf(realSeller, "demo")).toMatchObject({ seller: true, lookOnly: false });
  });

  it("is told on the dashboard that it may only look", async () => {
    const answer = await routeAnswer(dashboardLoader as Call, {
      url: "/seller",
      context: contextOf(demoSeller.user, "demo"),
    });
    expect(answer.data).toMatchObject({ lookOnly: true });
  });
});

describe("the demo buyer in a demo shop", () => {
  it("may not publish a review of what it bought, and is told so instead of the form; in a live shop it may", async () => {
    const buyerDemo = DEMO_ACCOUNTS.find((account) => !account.isSeller)!;
    const demoBuyer = await createUser(database.db, { id: buyerDemo.id, email: buyerDemo.email, name: "buyer" });
    // Another shop's product, so that the sellers above keep their own customers.
    const productId = (await createProduct(database.db, { categoryId })).id;
    await createOrder(database.db, { productIds: [productId], userId: demoBuyer.id });
    const review = (shopMode: "demo" | "live") =>
      routeAnswer(productAction as Call, {
        url: `/product/${productId}`,
        params: { id: String(productId) },
        body: { rating: "5", body: "A lovely planner that I use every day." },
        context: contextOf(demoBuyer, shopMode),
      });
    const viewer = await routeAnswer(productViewerLoader as Call, {
      url: `/api/v1/products/${productId}/viewer`,
      params: { id: String(productId) },
      context: contextOf(demoBuyer, "demo"),
    });
    expect(viewer.data).toMatchObject({ reviewState: "can-review", lookOnly: true });
    expect(await review("demo")).toMatchObject({ status: 403, data: { message: DEMO_BUYER_REVIEWS_OFF } });
    const written = () => database.db.select().from(reviews).where(eq(reviews.userId, demoBuyer.id));
    expect(await written()).toEqual([]);
    expect(await review("live")).toMatchObject({ status: 200, data: { ok: true } });
    expect(await written()).toHaveLength(1);
  });
});

describe("a real seller, and the demo account in a live shop", () => {
  it.each(paths)("may $name", async (path) => {
    for (const [seller, shopMode] of [
      [realSeller, "demo"],
      [demoSeller, "live"],
    ] as const) {
      const answer = await answerOf(seller, shopMode, path);
      expect(answer.status, `${seller.user.email} in a ${shopMode} shop`).toBeLessThan(400);
      expect(answer.data ?? {}).not.toMatchObject({ ok: false });
    }
  });

  it("see their buyers as they agreed to be seen", async () => {
    const answer = await routeAnswer(customersLoader as Call, {
      url: "/seller/customers",
      context: contextOf(realSeller.user, "demo"),
    });
    expect(answer.data).toMatchObject({
      lookOnly: false,
      customers: [{ name: "Real Person", email: "real.person@example.com" }],
    });
  });
});
