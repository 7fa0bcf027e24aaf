import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createProducts } from "../../tests/support/factories.ts";
import { checkoutServices, paidOrder, recordingJobs, reloadOrder, startOrder } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { orderItems, orders, refundRequests } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { itemsOf } from "./place-order.ts";
import { REFUND_WINDOW_DAYS, refundDeadline, refundRequestSchema, refundStates, requestRefund } from "./refunds.ts";

const database = setUpTestDatabase();
const jobs = recordingJobs();
let productIds: number[] = [];

beforeAll(async () => {
  productIds = (await createProducts(database.db, 3)).map((product) => product.id);
});

const DAY = 24 * 3600_000;
const REASON = "The templates do not open in my version of the app.";

/** A new paid guest order of the first two products, and its items. */
async function paidWithItems() {
  const { order } = await paidOrder(checkoutServices(database.db, jobs), [productIds[0]!, productIds[1]!]);
  return { order, items: await itemsOf(database.db, order.id) };
}

/** What a refused request throws, as the buyer sees it. */
async function refusalOf(request: Promise<unknown>) {
  const error = await request.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(Refusal);
  return { message: (error as Refusal).message, status: (error as Refusal).status };
}

const requestsFor = (orderItemId: number) =>
  database.db.select().from(refundRequests).where(eq(refundRequests.orderItemId, orderItemId));

describe("asking for a refund", () => {
  it("records the request for one item of a paid order, within 30 days", async () => {
    const { order, items } = await paidWithItems();
    await requestRefund(database.db, { order, request: { orderItemId: items[0]!.id, reason: REASON } });
    const [request] = await requestsFor(items[0]!.id);
    expect(request).toMatchObject({ reason: REASON, status: "requested", decisionNote: null, decidedAt: null });
    expect(await requestsFor(items[1]!.id)).toEqual([]);
    // Asking changes neither the item nor the order: the platform reviews it first.
    expect((await itemsOf(database.db, order.id)).map((item) => item.status)).toEqual(["active", "active"]);
    expect((await reloadOrder(database.db, order.id)).status).toBe("paid");
  });

  it("accepts a request on the 30th day, and refuses it 31 days after payment", async () => {
    const { order, items } = await paidWithItems();
    const paidAt = order.paidAt!.getTime();
    expect(refundDeadline(order)).toEqual(new Date(paidAt + REFUND_WINDOW_DAYS * DAY));
    expect(
      await refusalOf(
        requestRefund(database.db, {
          order,
          request: { orderItemId: items[0]!.id, reason: REASON },
          now: new Date(paidAt + 31 * DAY),
        }),
      ),
    ).toEqual({ message: "Refunds can be requested within 30 days of purchase.", status: 409 });
    expect(await requestsFor(items[0]!.id)).toEqual([]);
    await requestRefund(database.db, {
      order,
      request: { orderItemId: items[1]!.id, reason: REASON },
      now: new Date(paidAt + 30 * DAY - 60_000),
    });
    expect(await requestsFor(items[1]!.id)).toHaveLength(1);
  });

  it("refuses a second request for the same item, also when both come at once", async () => {
    const { order, items } = await paidWithItems();
    await requestRefund(database.db, { order, request: { orderItemId: items[0]!.id, reason: REASON } });
    expect(
      await refusalOf(requestRefund(database.db, { order, request: { orderItemId: items[0]!.id, reason: REASON } })),
    ).toEqual({
      message: "A refund has already been requested for this item.",
      status: 409,
    });
    const settled = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        requestRefund(database.db, { order, request: { orderItemId: items[1]!.id, reason: REASON } }),
      ),
    );
    expect(settled.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(
      settled.flatMap((result) => (result.status === "rejected" ? [(result.reason as Error).message] : [])),
    ).toEqual(Array.from({ length: 3 }, () => "A refund has already been requested for this item."));
    expect(await requestsFor(items[1]!.id)).toHaveLength(1);
  });

  it("refuses an item of another order", async () => {
    const first = await paidWithItems();
    const second = await paidWithItems();
    const refusal = await refusalOf(
      requestRefund(database.db, { order: first.order, request: { orderItemId: second.items[0]!.id, reason: REASON } }),
    );
    expect(refusal).toEqual({ message: "This item is not part of this order.", status: 404 });
    expect(await requestsFor(second.items[0]!.id)).toEqual([]);
  });

  it("refuses an order that was never paid", async () => {
    const { order } = await startOrder(checkoutServices(database.db, jobs), [productIds[2]!]);
    const [item] = await itemsOf(database.db, order.id);
    expect(
      await refusalOf(requestRefund(database.db, { order, request: { orderItemId: item!.id, reason: REASON } })),
    ).toEqual({
      message: "Only a paid order can be refunded.",
      status: 409,
    });
    expect(await requestsFor(item!.id)).toEqual([]);
  });

  it("refuses an item already refunded, but still takes the other items of a partly refunded order", async () => {
    const { order, items } = await paidWithItems();
    await database.db
      .update(orderItems)
      .set({ status: "refunded", refundedAt: sql`now()` })
      .where(eq(orderItems.id, items[0]!.id));
    await database.db.update(orders).set({ status: "partially_refunded" }).where(eq(orders.id, order.id));
    const partlyRefunded = await reloadOrder(database.db, order.id);
    expect(
      await refusalOf(
        requestRefund(database.db, { order: partlyRefunded, request: { orderItemId: items[0]!.id, reason: REASON } }),
      ),
    ).toEqual({ message: "This item has already been refunded.", status: 409 });
    await requestRefund(database.db, { order: partlyRefunded, request: { orderItemId: items[1]!.id, reason: REASON } });
    expect(await requestsFor(items[1]!.id)).toHaveLength(1);
  });
});

describe("the refund request form", () => {
  const problems = (input: Record<string, unknown>) => {
    const parsed = refundRequestSchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]);
  };
  const TOO_SHORT = "Please tell us in a few words why you want a refund (at least 10 characters).";

  it("refuses a reason under 10 characters, not counting surrounding spaces", () => {
    expect(problems({ orderItemId: 1, reason: "Too short" })).toEqual([["reason", TOO_SHORT]]);
    expect(problems({ orderItemId: 1, reason: `   ${"x".repeat(9)}   ` })).toEqual([["reason", TOO_SHORT]]);
    expect(problems({ orderItemId: 1, reason: "" })).toEqual([["reason", TOO_SHORT]]);
  });

  it("takes a reason of 10 to 1000 characters, trimmed, and the item id from the form's text", () => {
    expect(refundRequestSchema.parse({ orderItemId: "12", reason: "  Not as shown.  " })).toEqual({
      orderItemId: 12,
      reason: "Not as shown.",
    });
    expect(problems({ orderItemId: 1, reason: "x".repeat(10) })).toEqual([]);
    expect(problems({ orderItemId: 1, reason: "x".repeat(1000) })).toEqual([]);
    expect(problems({ orderItemId: 1, reason: "x".repeat(1001) })).toEqual([
      ["reason", "Please keep the reason under 1000 characters."],
    ]);
  });

  it.each([0, -3, "abc", 1.5])("refuses the item id %j", (orderItemId) => {
    expect(problems({ orderItemId, reason: REASON }).map(([field]) => field)).toEqual(["orderItemId"]);
  });
});

describe("refund states", () => {
  it("reports each requested item's state, and nothing for items without a request", async () => {
    const { order, items } = await paidWithItems();
    expect(await refundStates(database.db, [])).toEqual(new Map());
    expect(await refundStates(database.db, [items[0]!.id, items[1]!.id])).toEqual(new Map());

    await requestRefund(database.db, { order, request: { orderItemId: items[0]!.id, reason: REASON } });
    const requested = await refundStates(database.db, [items[0]!.id, items[1]!.id]);
    expect([...requested.keys()]).toEqual([items[0]!.id]);
    expect(requested.get(items[0]!.id)).toEqual({
      status: "requested",
      requestedAt: expect.any(Date),
      decisionNote: null,
    });

    await database.db
      .update(refundRequests)
      .set({ status: "rejected", decisionNote: "The files were downloaded and work.", decidedAt: sql`now()` })
      .where(eq(refundRequests.orderItemId, items[0]!.id));
    expect((await refundStates(database.db, [items[0]!.id])).get(items[0]!.id)).toMatchObject({
      status: "rejected",
      decisionNote: "The files were downloaded and work.",
    });
  });
});
