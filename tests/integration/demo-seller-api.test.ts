import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseConfig } from "../../server/config/env.ts";
import { apiKeys, broadcasts, creators, products, webhookEndpoints } from "../../server/db/schema.ts";
import { DEMO_ACCOUNTS, disarmDemoShops } from "../../server/demo/accounts/demo-accounts.ts";
import { createApp } from "../../server/http/app.ts";
import type { JobQueue } from "../../server/jobs/queue.ts";
import type { SearchLog } from "../../server/search/search-log.ts";
import { createApiKey } from "../../server/sellers/api-keys.ts";
import { DEMO_SELLER_LOOKS_ONLY } from "../../shared/demo-shop.ts";
import { createCategory, createProduct, createSeller } from "../support/factories.ts";
import { setUpTestDatabase } from "../support/test-database.ts";
import { serveForTests } from "../support/test-server.ts";

// Issue 29 item 3 through the public API (decision 039): a key of the shared demo seller (made
// before keys were refused it) neither changes nor exports anything in a demo shop, and the shop
// revokes it at start and at the daily restore; in a live shop, and for a real seller, the same
// requests work.

vi.mock("virtual:react-router/server-build", () => ({ routes: {} }));
vi.mock("../../server/http/react-router-handler.ts", () => ({
  reactRouterHandler: (): RequestHandler => (_req, res) => {
    res.status(404).type("text/plain").send("a page");
  },
}));

const SHOP_URL = "http://shop.test";
const database = setUpTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "demo-seller-api-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const serve = (shopMode: "demo" | "live") =>
  serveForTests(() =>
    createApp({
      db: database.db,
      config: parseConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: SHOP_URL, SHOP_MODE: shopMode }),
      authSecret: "a-test-secret-of-at-least-32-characters!",
      logger: pino({ level: "silent" }),
      jobs: { send: async () => null } as unknown as JobQueue,
      searchLog: {} as SearchLog,
    }),
  );
const demoShop = serve("demo");
const liveShop = serve("live");

const demo = DEMO_ACCOUNTS.find((account) => account.isSeller)!;
const keyOf = new Map<string, string>();
const productOf = new Map<string, number>();

beforeAll(async () => {
  const category = await createCategory(database.db);
  const demoSeller = await createSeller(database.db, { id: demo.id, email: demo.email });
  const realSeller = await createSeller(database.db);
  for (const seller of [demoSeller, realSeller]) {
    const key = await createApiKey(database.db, seller.creator.id, { name: "Tool", scope: "write" });
    keyOf.set(seller.user.id, key.key);
    const product = await createProduct(database.db, { creatorId: seller.creator.id, categoryId: category.id });
    productOf.set(seller.user.id, product.id);
  }
});

const changePrice = (baseUrl: string, sellerId: string, priceCents: number) =>
  fetch(`${baseUrl}/api/public/v1/products/${productOf.get(sellerId)}`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${keyOf.get(sellerId)}`, "content-type": "application/json" },
    body: JSON.stringify({ priceCents }),
  });

describe("the public API's writes", () => {
  it("refuse the demo seller's key in a demo shop with the shared message: no change, no export", async () => {
    const answer = await changePrice(demoShop.baseUrl, demo.id, 100);
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(DEMO_SELLER_LOOKS_ONLY);
    const sales = await fetch(`${demoShop.baseUrl}/api/public/v1/sales`, {
      headers: { authorization: `Bearer ${keyOf.get(demo.id)}` },
    });
    expect(sales.status).toBe(403);
    const [row] = await database.db
      .select({ priceCents: products.priceCents })
      .from(products)
      .where(eq(products.id, productOf.get(demo.id)!));
    expect(row!.priceCents).not.toBe(100);
  });

  it("work for the same account in a live shop and for a real seller in a demo shop", async () => {
    const live = await changePrice(liveShop.baseUrl, demo.id, 1300);
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ priceCents: 1300 });
    const realSellerId = [...keyOf.keys()].find((id) => id !== demo.id)!;
    const real = await changePrice(demoShop.baseUrl, realSellerId, 1400);
    expect(real.status).toBe(200);
    expect(await real.json()).toMatchObject({ priceCents: 1400 });
  });
});

describe("a demo shop's start and daily restore", () => {
  it("revoke the demo seller's keys, disable its webhooks and cancel its scheduled broadcasts; a real seller's stay", async () => {
    const [demoShopRow] = await database.db.select().from(creators).where(eq(creators.userId, demo.id));
    const realShop = await createSeller(database.db);
    for (const shop of [demoShopRow!.id, realShop.creator.id]) {
      await createApiKey(database.db, shop, { name: "Later", scope: "read" });
      await database.db
        .insert(webhookEndpoints)
        .values({ creatorId: shop, url: "https://93.184.216.34/hooks", events: ["sale"], secret: "s" });
      await database.db.insert(broadcasts).values({
        creatorId: shop,
        subject: "Soon",
        body: "Hello.",
        audience: "followers",
        status: "scheduled",
        sendAt: new Date(Date.now() + 86_400_000),
      });
    }
    await disarmDemoShops(database.db);
    const shopsOf = async (rows: Promise<{ creatorId: number; live: boolean }[]>) =>
      (await rows).filter((row) => row.live).map((row) => row.creatorId);
    expect(
      await shopsOf(
        database.db
          .select({ creatorId: apiKeys.creatorId, live: sql<boolean>`${apiKeys.revokedAt} IS NULL` })
          .from(apiKeys),
      ),
    ).not.toContain(demoShopRow!.id);
    expect(
      await shopsOf(
        database.db
          .select({ creatorId: apiKeys.creatorId, live: sql<boolean>`${apiKeys.revokedAt} IS NULL` })
          .from(apiKeys),
      ),
    ).toContain(realShop.creator.id);
    expect(
      await shopsOf(
        database.db
          .select({ creatorId: webhookEndpoints.creatorId, live: sql<boolean>`${webhookEndpoints.disabledAt} IS NULL` })
          .from(webhookEndpoints),
      ),
    ).toEqual([realShop.creator.id]);
    expect(
      await shopsOf(
        database.db
          .select({ creatorId: broadcasts.creatorId, live: sql<boolean>`${broadcasts.status} = 'scheduled'` })
          .from(broadcasts),
      ),
    ).toEqual([realShop.creator.id]);
  });
});
