import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct, createSeller } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { recordProductView } from "../catalogue/record-product-view.ts";
import { orderItems, products, productViews } from "../db/schema.ts";
import { parseRange, sellerAnalytics } from "./analytics.ts";

const database = setUpTestDatabase();
const TODAY = "2026-05-20";
// The seller's two products and another seller's product.
let first = { id: 0, creatorId: 0, title: "" };
let second = { id: 0, creatorId: 0, title: "" };
let others = { id: 0, creatorId: 0, title: "" };
/** The seller's third product, which nobody viewed or bought. */
let idle = { id: 0, creatorId: 0, title: "" };
// The seller's 70% of each product's price, in cents (from the order items the orders wrote).
const sellerCents = new Map<number, number>();

const at = (iso: string) => new Date(iso);
async function paid(productIds: number[], paidAt: string, status: "paid" | "partially_refunded" | "refunded" = "paid") {
  const { items } = await createOrder(database.db, { status, productIds, paidAt: at(paidAt) });
  for (const item of items) sellerCents.set(item.productId, item.sellerCents);
  return items;
}

beforeAll(async () => {
  // The seller has a third product, which nobody looks at or buys.
  const { creator: seller } = await createSeller(database.db);
  first = await createProduct(database.db, { creatorId: seller.id });
  second = await createProduct(database.db, { creatorId: seller.id });
  idle = await createProduct(database.db, { creatorId: seller.id });
  others = await createProduct(database.db);

  // Views: 3 of the first product on the 20th (one at the very start of the UTC day), 2 of the
  // second on the 18th, 5 on the 13th (in the last 30 days, not the last 7); the other seller's
  // product 4 on the 20th.
  for (const when of ["2026-05-20T00:00:00Z", "2026-05-20T12:00:00Z", "2026-05-20T23:59:59Z"])
    await recordProductView(database.db, { productId: first.id, viewerUserId: null, at: at(when) });
  await database.db.insert(productViews).values([
    { productId: second.id, day: "2026-05-18", views: 2 },
    { productId: first.id, day: "2026-05-13", views: 5 },
    { productId: others.id, day: TODAY, views: 4 },
    // After the range: never counted.
    { productId: first.id, day: "2026-05-21", views: 9 },
  ]);

  // Sales.
  await paid([first.id, second.id], "2026-05-20T00:00:00Z"); // both count on the 20th
  await paid([first.id, others.id], "2026-05-19T23:59:59Z"); // the first counts on the 19th
  await paid([first.id], "2026-05-13T23:59:59Z"); // in the last 30 days only
  await paid([second.id], "2026-05-21T00:00:00Z"); // tomorrow: outside
  // A partly refunded order: its refunded item is neither a sale nor earnings.
  const [refundedItem] = await paid([first.id, second.id], "2026-05-18T10:00:00Z", "partially_refunded");
  await database.db.update(orderItems).set({ status: "refunded" }).where(eq(orderItems.id, refundedItem!.id));
  // A wholly refunded order and unpaid orders count for nothing.
  const refunded = await paid([first.id], "2026-05-17T10:00:00Z", "refunded");
  await database.db
    .update(orderItems)
    .set({ status: "refunded" })
    .where(
      inArray(
        orderItems.id,
        refunded.map((item) => item.id),
      ),
    );
  await createOrder(database.db, { status: "pending_payment", productIds: [first.id, second.id] });
  await createOrder(database.db, { status: "failed", productIds: [first.id] });
});

const cents = (id: number) => sellerCents.get(id)!;

describe("a seller's analytics", () => {
  it("has every day of the last 7 days, zeros included, with views, units and earnings to the cent", async () => {
    const analytics = await sellerAnalytics(database.db, first.creatorId, { days: 7, today: TODAY });
    expect(analytics.days).toEqual([
      { day: "2026-05-14", views: 0, units: 0, earningsCents: 0 },
      { day: "2026-05-15", views: 0, units: 0, earningsCents: 0 },
      { day: "2026-05-16", views: 0, units: 0, earningsCents: 0 },
      { day: "2026-05-17", views: 0, units: 0, earningsCents: 0 },
      { day: "2026-05-18", views: 2, units: 1, earningsCents: cents(second.id) },
      { day: "2026-05-19", views: 0, units: 1, earningsCents: cents(first.id) },
      { day: "2026-05-20", views: 3, units: 2, earningsCents: cents(first.id) + cents(second.id) },
    ]);
    expect(analytics.totals).toEqual({
      views: 5,
      units: 4,
      earningsCents: 2 * cents(first.id) + 2 * cents(second.id),
      conversion: 4 / 5,
    });
  });

  it("gives each of the seller's products its views, units, earnings and conversion", async () => {
    const analytics = await sellerAnalytics(database.db, first.creatorId, { days: 7, today: TODAY });
    const byId = new Map(analytics.products.map((product) => [product.productId, product]));
    expect(byId.get(first.id)).toEqual({
      productId: first.id,
      title: first.title,
      views: 3,
      units: 2,
      earningsCents: 2 * cents(first.id),
      conversion: 2 / 3,
    });
    expect(byId.get(second.id)).toEqual({
      productId: second.id,
      title: second.title,
      views: 2,
      units: 2,
      earningsCents: 2 * cents(second.id),
      conversion: 1,
    });
    expect(byId.has(others.id)).toBe(false);
    // Their other products are listed too, with nothing, and no conversion without views.
    const sellersProducts = await database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.creatorId, first.creatorId));
    expect(analytics.products).toHaveLength(sellersProducts.length);
    expect(byId.get(idle.id)).toMatchObject({ views: 0, units: 0, earningsCents: 0, conversion: null });
  });

  it("covers the range asked for: the last 30 days include the 13th", async () => {
    const analytics = await sellerAnalytics(database.db, first.creatorId, { days: 30, today: TODAY });
    expect(analytics.days).toHaveLength(30);
    expect(analytics.days[0]!.day).toBe("2026-04-21");
    expect(analytics.days.at(-1)!.day).toBe(TODAY);
    expect(analytics.days.find((day) => day.day === "2026-05-13")).toEqual({
      day: "2026-05-13",
      views: 5,
      units: 1,
      earningsCents: cents(first.id),
    });
    expect(analytics.totals).toMatchObject({
      views: 10,
      units: 5,
      earningsCents: 3 * cents(first.id) + 2 * cents(second.id),
    });
    const ninety = await sellerAnalytics(database.db, first.creatorId, { days: 90, today: TODAY });
    expect(ninety.days).toHaveLength(90);
    expect(new Set(ninety.days.map((day) => day.day)).size).toBe(90);
  });

  it("shows another seller only their own", async () => {
    const analytics = await sellerAnalytics(database.db, others.creatorId, { days: 7, today: TODAY });
    expect(analytics.totals).toEqual({ views: 4, units: 1, earningsCents: cents(others.id), conversion: 1 / 4 });
    expect(analytics.products.map((product) => product.productId)).not.toContain(first.id);
  });

  it("ends today (UTC) by default, over 30 days", async () => {
    const analytics = await sellerAnalytics(database.db, first.creatorId);
    expect(analytics.days).toHaveLength(30);
    expect(analytics.days.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
  });

  it("reads the range from the address: 7, 30 or 90 days, else 30", () => {
    expect(parseRange("7")).toBe(7);
    expect(parseRange("90")).toBe(90);
    expect(parseRange("30")).toBe(30);
    for (const value of [null, undefined, "", "14", "abc", "-7", "7.5"]) expect(parseRange(value)).toBe(30);
  });
});
