import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, createSeller } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { productViews } from "../db/schema.ts";
import { isCountableView, recordProductView } from "./record-product-view.ts";

const database = setUpTestDatabase();
let productId = 0;
const SELLER = "view-test-seller";

beforeAll(async () => {
  // A product whose creator's shop is run by an account of this test.
  const { creator } = await createSeller(database.db, { id: SELLER, name: "Seller", email: "view-seller@example.com" });
  productId = (await createProduct(database.db, { creatorId: creator.id })).id;
});

const viewsOn = async (day: string) =>
  (
    await database.db
      .select({ views: productViews.views })
      .from(productViews)
      .where(and(eq(productViews.productId, productId), eq(productViews.day, day)))
  )[0]?.views ?? 0;

const headers = (init: Record<string, string>) => new Headers(init);
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

describe("counting product views", () => {
  it("adds one per view to the row of the view's UTC day", async () => {
    const lateEvening = new Date("2026-03-01T23:59:59.000Z");
    const nextMorning = new Date("2026-03-02T00:00:00.000Z");
    await recordProductView(database.db, { productId, viewerUserId: null, at: lateEvening });
    await recordProductView(database.db, { productId, viewerUserId: "someone-else", at: lateEvening });
    await recordProductView(database.db, { productId, viewerUserId: null, at: nextMorning });
    expect(await viewsOn("2026-03-01")).toBe(2);
    expect(await viewsOn("2026-03-02")).toBe(1);
  });

  it("counts today when no time is given, and ten views at once as ten", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const before = await viewsOn(today);
    await Promise.all(
      Array.from({ length: 10 }, () => recordProductView(database.db, { productId, viewerUserId: null })),
    );
    expect(await viewsOn(today)).toBe(before + 10);
  });

  it("does not count the product's own seller, nor a product that does not exist", async () => {
    const at = new Date("2026-04-01T12:00:00Z");
    await recordProductView(database.db, { productId, viewerUserId: SELLER, at });
    expect(await viewsOn("2026-04-01")).toBe(0);
    await recordProductView(database.db, { productId: 987_654, viewerUserId: null, at });
    const rows = await database.db.select().from(productViews).where(eq(productViews.productId, 987_654));
    expect(rows).toEqual([]);
  });

  it("does not count crawlers, link previews or prefetches", () => {
    expect(isCountableView(headers({ "user-agent": BROWSER }))).toBe(true);
    for (const agent of [
      "Googlebot/2.1 (+http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0)",
      "facebookexternalhit/1.1 Preview",
      "Slackbot-LinkExpanding 1.0",
      "Screaming Frog SEO Spider/19.0",
      "SomeCrawler/1.0",
      "",
    ]) {
      expect(isCountableView(headers({ "user-agent": agent })), agent).toBe(false);
    }
    expect(isCountableView(new Headers())).toBe(false);
    expect(isCountableView(headers({ "user-agent": BROWSER, "sec-purpose": "prefetch" }))).toBe(false);
  });
});
