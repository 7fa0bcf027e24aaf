import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProducts } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import {
  appeals,
  contactMessages,
  creators,
  enforcementActions,
  orderItems,
  products,
  refundRequests,
  sellerApplications,
  user,
} from "../db/schema.ts";
import { splitSale } from "../orders/money.ts";
import { keyFigures } from "./key-figures.ts";

const database = setUpTestDatabase();
let catalogue: { id: number; priceCents: number; creatorId: number }[] = [];

beforeAll(async () => {
  // Four products to sell, three more to take off sale.
  catalogue = await createProducts(database.db, 7);
});

const DAY = 24 * 3600_000;
type Item = { lineTotalCents: number; discountCents: number; platformCents: number };
const sum = (items: Item[], key: keyof Item) => items.reduce((total, item) => total + item[key], 0);
/** What was paid for the items, after their discounts. */
const paidFor = (items: Item[]) => items.reduce((total, item) => total + item.lineTotalCents - item.discountCents, 0);

async function refundItems(ids: number[]) {
  await database.db
    .update(orderItems)
    .set({ status: "refunded", refundedAt: new Date() })
    .where(inArray(orderItems.id, ids));
}

describe("the overview's money figures", () => {
  it("count what was paid for the sold items of paid and partly refunded orders, to the cent, after discounts; list prices beside; refunds apart; unpaid orders not at all", async () => {
    const [a, b, c, d] = catalogue;
    const now = new Date();
    // Paid now with a 25% code: both items count at what was paid for them.
    const paid = await createOrder(database.db, {
      status: "paid",
      productIds: [a!.id, b!.id],
      paidAt: now,
      discountPercent: 25,
    });
    expect(paid.items.every((item) => item.discountCents > 0)).toBe(true);
    // Partly refunded: one item counts, the other is a refund.
    const partly = await createOrder(database.db, { status: "partially_refunded", productIds: [c!.id, d!.id] });
    await refundItems([partly.items[1]!.id]);
    // Paid 40 days ago: counts, but not in the last 30 days.
    const old = await createOrder(database.db, {
      status: "paid",
      productIds: [b!.id],
      paidAt: new Date(now.getTime() - 40 * DAY),
    });
    // Wholly refunded: its item is a refund, the order was still paid.
    const refunded = await createOrder(database.db, { status: "refunded", productIds: [c!.id] });
    await refundItems(refunded.items.map((item) => item.id));
    // Never paid: nothing of these counts.
    await createOrder(database.db, { status: "pending_payment", productIds: [a!.id, d!.id] });
    await createOrder(database.db, { status: "failed", productIds: [b!.id] });
    await createOrder(database.db, { status: "expired", productIds: [c!.id] });

    const sold = [...paid.items, partly.items[0]!, ...old.items];
    const refundedItems = [partly.items[1]!, ...refunded.items];
    const { money } = await keyFigures(database.db, now);
    expect(money).toEqual({
      salesCents: paidFor(sold),
      listSalesCents: sum(sold, "lineTotalCents"),
      platformCents: sum(sold, "platformCents"),
      refundedCents: paidFor(refundedItems),
      paidOrders: 4,
      recentSalesCents: paidFor([...paid.items, partly.items[0]!]),
    });
    // The same figures written out, so that a wrong sum of the helpers above cannot hide one here.
    const price = (product: typeof a) => product!.priceCents;
    const quarterOff = (product: typeof a) => price(product) - Math.round(price(product) * 0.25);
    expect(money.listSalesCents).toBe(price(a) + price(b) + price(c) + price(b));
    expect(money.salesCents).toBe(quarterOff(a) + quarterOff(b) + price(c) + price(b));
    expect(money.refundedCents).toBe(price(d) + price(c));
    // Platform fees are the platform's 30% of the same amounts Sales adds up: what was paid.
    const paidAmounts = [quarterOff(a), quarterOff(b), price(c), price(b)];
    expect(money.platformCents).toBe(paidAmounts.reduce((total, cents) => total + splitSale(cents).platformCents, 0));
    expect(Number.isInteger(money.salesCents) && Number.isInteger(money.platformCents)).toBe(true);
  });
});

describe("the overview's counts", () => {
  it("count shops with an owner by standing, products by status, and each queue's open work", async () => {
    const before = await keyFigures(database.db);

    // Shops: one of each standing with an owner, and one nobody runs (not a seller).
    for (const standing of ["active", "suspended", "removed"] as const) {
      await database.db.insert(user).values({ id: `owner-${standing}`, name: standing, email: `${standing}@ex.com` });
      await database.db
        .insert(creators)
        .values({ userId: `owner-${standing}`, slug: `shop-${standing}`, name: `Shop ${standing}`, standing });
    }
    await database.db.insert(creators).values({ slug: "nobodys-shop", name: "Nobody's shop", standing: "suspended" });

    // Products: one hidden, one draft, one deleted (counted nowhere).
    const [first, second, third] = catalogue.slice(-3);
    await database.db
      .update(products)
      .set({ status: "hidden", hiddenBy: "moderation" })
      .where(eq(products.id, first!.id));
    await database.db.update(products).set({ status: "draft" }).where(eq(products.id, second!.id));
    await database.db.update(products).set({ status: "deleted" }).where(eq(products.id, third!.id));

    // Work: two open messages and a handled one; an application pending and one decided; a
    // refund request open and one decided; an appeal pending and one decided.
    await database.db.insert(contactMessages).values([
      { name: "A", email: "a@ex.com", subject: "Hello", message: "A first message." },
      { name: "B", email: "b@ex.com", subject: "Hello", message: "A second message." },
      { name: "C", email: "c@ex.com", subject: "Hello", message: "A handled message.", handledAt: new Date() },
    ]);
    const application = {
      shopName: "Shop",
      specialty: "Planners",
      bio: "A bio",
      sampleUrl: "https://ex.com",
      acceptedGuidelinesAt: new Date(),
    };
    await database.db.insert(sellerApplications).values([
      { ...application, userId: "owner-active" },
      { ...application, userId: "owner-removed", status: "rejected" },
    ]);
    const order = await createOrder(database.db, { status: "paid", productIds: [catalogue[0]!.id, catalogue[1]!.id] });
    await database.db.insert(refundRequests).values([
      { orderItemId: order.items[0]!.id, reason: "It did not open." },
      { orderItemId: order.items[1]!.id, reason: "It did not open.", status: "rejected" },
    ]);
    const actions = await database.db
      .insert(enforcementActions)
      .values([
        { creatorId: catalogue[0]!.creatorId, step: "warning" as const, reason: "A copied image." },
        { creatorId: catalogue[0]!.creatorId, step: "warning" as const, reason: "Another copied image." },
      ])
      .returning({ id: enforcementActions.id });
    await database.db.insert(appeals).values([
      { actionId: actions[0]!.id, message: "It is my own work." },
      { actionId: actions[1]!.id, message: "It is my own work.", status: "denied" },
    ]);

    const after = await keyFigures(database.db);
    expect(after.sellers).toEqual({
      active: before.sellers.active + 1,
      suspended: before.sellers.suspended + 1,
      removed: before.sellers.removed + 1,
    });
    expect(after.products).toEqual({
      published: before.products.published - 3,
      hidden: before.products.hidden + 1,
      draft: before.products.draft + 1,
    });
    expect(before.products.published).toBe(catalogue.length);
    expect(after.waiting).toEqual({
      applications: before.waiting.applications + 1,
      refunds: before.waiting.refunds + 1,
      appeals: before.waiting.appeals + 1,
      messages: before.waiting.messages + 2,
    });
  });
});
