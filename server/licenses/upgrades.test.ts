import crypto from "node:crypto";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../tests/support/factories.ts";
import {
  flatTax,
  payOrder,
  recordingJobs,
  refundServicesFor,
  reloadOrder,
  TEST_SHOP_URL,
} from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { addToCart } from "../cart/cart.ts";
import { ensureShopper } from "../cart/shopper.ts";
import {
  hostedPaymentRefunds,
  ledgerEntries,
  licenses,
  orderItems,
  orders,
  products,
  refundRequests,
  user,
} from "../db/schema.ts";
import { QUEUES } from "../jobs/queue.ts";
import { checkout } from "../orders/checkout.ts";
import { approveRefund, type RefundServices } from "../orders/decide-refund.ts";
import { splitSale } from "../orders/money.ts";
import { applyOrderPageIntent, orderPageIntentSchema } from "../orders/order-page-intents.ts";
import { itemsOf, type Order } from "../orders/place-order.ts";
import { refundUnappliedUpgrade, unappliedUpgradeRefundKey } from "../orders/refund-unapplied-upgrade.ts";
import { requestRefund } from "../orders/refunds.ts";
import { NO_LICENSE_TO_UPGRADE } from "../orders/upgrade-license.ts";
import { payWithCard } from "../payments/hosted/hosted-payments.ts";
import { historyOf } from "./licenses.ts";
import {
  LICENSE_REFUNDED,
  NOTHING_TO_UPGRADE,
  PAY_WHAT_YOU_WANT_NO_UPGRADE,
  quoteUpgrades,
  UPGRADE_OFF_SALE,
  upgradeWaitingMessage,
} from "./upgrades.ts";

const database = setUpTestDatabase();
const jobs = recordingJobs();
const ADMIN = "upgrade-admin";
let services: ReturnType<typeof refundServicesFor>;
let product: { id: number };

beforeAll(async () => {
  // Personal $20.00, Commercial $49.99, Extended $120.00.
  product = await createProduct(database.db, {
    priceCents: 2000,
    commercialPriceCents: 4999,
    extendedPriceCents: 12000,
  });
  await database.db.insert(user).values({ id: ADMIN, name: "Admin", email: "admin@example.com", role: "admin" });
  services = refundServicesFor(database.db, jobs);
});

const buyer = { userId: null, name: "Uma Upgrade", email: "uma@example.com" };

/** Pays an order on the hosted page (so that it can be refunded) and applies the payment event. */
async function pay(order: Order) {
  await payWithCard(database.db, {
    jobs,
    sessionId: order.paymentRef!,
    card: {
      number: "4242 4242 4242 4242",
      expiry: "12/40",
      cvc: "123",
      name: "Uma Upgrade",
    },
  });
  return payOrder(database.db, jobs, await reloadOrder(database.db, order.id));
}

/** A paid order of `seats` seats of a product (the file's own by default) under `tier`; the order and its licence. */
async function boughtLicense(tier: "personal" | "commercial" | "extended", seats = 1, productId = product.id) {
  const { id: shopper } = await ensureShopper(database.db, { userId: null, guestId: null });
  for (let seat = 0; seat < seats; seat++) await addToCart(database.db, { shopperId: shopper, productId, tier });
  const started = await checkout(services, { shopperId: shopper, buyer, idempotencyKey: crypto.randomUUID() });
  const [placed] = await database.db.select().from(orders).where(eq(orders.number, started.orderNumber));
  const order = await pay(placed!);
  const [item] = await itemsOf(database.db, order.id);
  const [license] = await database.db.select().from(licenses).where(eq(licenses.orderItemId, item!.id));
  return { order, item: item!, license: license! };
}

/**
 * The order page's upgrade form, as a browser posts it with a key of its own, read by its schema as the
 * route reads it (a problem refused with its message); the address it sends the buyer to.
 */
async function postUpgrade(order: Order, orderItemId: number, tier: string, seats: number | string) {
  const fields = { intent: "upgrade", orderItemId: String(orderItemId), tier, seats: String(seats) };
  const parsed = orderPageIntentSchema.safeParse({ ...fields, idempotencyKey: crypto.randomUUID() });
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
  const answer = await applyOrderPageIntent(services, order, parsed.data);
  if (!("redirectTo" in answer)) throw new Error("No redirect");
  return answer.redirectTo;
}

/** The order page's upgrade form for `item` of `order`; the new (unpaid) order. */
async function upgrade(order: Order, orderItemId: number, tier: string, seats: number | string) {
  const redirectTo = await postUpgrade(order, orderItemId, tier, seats);
  // The buyer's newest order is the upgrade just made.
  const [newest] = await database.db
    .select()
    .from(orders)
    .where(eq(orders.email, buyer.email))
    .orderBy(desc(orders.id))
    .limit(1);
  return { redirectTo, order: newest! };
}

const licenseNow = async (id: number) => (await database.db.select().from(licenses).where(eq(licenses.id, id)))[0]!;

async function refusal(work: Promise<unknown>) {
  return work.then(
    () => "no refusal",
    (error: Error) => error.message,
  );
}

describe("a licence upgrade", () => {
  it("costs the difference between the new licence now and what was paid, to the cent, split 70/30", async () => {
    const { order, item, license } = await boughtLicense("commercial");
    const { redirectTo, order: upgradeOrder } = await upgrade(order, item.id, "extended", 1);
    expect(redirectTo).toContain("/pay/");
    // $120.00 - $49.99 = $70.01; tax 8% of it rounded once: $5.60.
    expect(upgradeOrder).toMatchObject({ subtotalCents: 7001, taxCents: flatTax(7001), totalCents: 7001 + 560 });
    const [line] = await itemsOf(database.db, upgradeOrder.id);
    expect(line).toMatchObject({
      productId: product.id,
      licenseType: "extended",
      quantity: 1,
      unitPriceCents: 7001,
      upgradesLicenseId: license.id,
      upgradeToSeats: 1,
      ...splitSale(7001),
      licenseKey: null,
    });
    expect(splitSale(7001)).toEqual({ sellerCents: 4901, platformCents: 2100 });

    // Not paid yet: the licence is as it was.
    expect(await licenseNow(license.id)).toMatchObject({ tier: "commercial", seats: 1 });
    const paid = await pay(upgradeOrder);
    expect(paid.status).toBe("paid");
    expect(await licenseNow(license.id)).toMatchObject({ tier: "extended", seats: 1, key: license.key });
    // The upgrade issues no licence of its own, and the seller's ledger has their 70% of what was paid.
    expect((await itemsOf(database.db, upgradeOrder.id))[0]!.licenseKey).toBeNull();
    const [sale] = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderItemId, line!.id));
    expect(sale).toMatchObject({ kind: "sale", amountCents: 4901 });

    // More seats later: 3 x $120.00 less the $49.99 + $70.01 paid = $240.00.
    const seats = await upgrade(order, item.id, "extended", 3);
    expect(seats.order.subtotalCents).toBe(24000);
    await pay(seats.order);
    expect(await licenseNow(license.id)).toMatchObject({ tier: "extended", seats: 3 });
    expect(
      (await historyOf(database.db, license.id)).map((change) => [change.kind, change.tier, change.seats]),
    ).toEqual([
      ["issued", "commercial", 1],
      ["upgraded", "extended", 1],
      ["upgraded", "extended", 3],
    ]);
  });

  it("is refused below or at what the licence has, past the seat limit, off sale, or for a tier not sold", async () => {
    const { order, item, license } = await boughtLicense("commercial", 2);
    const before = await database.db.select().from(orders);
    expect(await refusal(upgrade(order, item.id, "personal", 2))).toBe(NOTHING_TO_UPGRADE);
    expect(await refusal(upgrade(order, item.id, "commercial", 2))).toBe(NOTHING_TO_UPGRADE);
    expect(await refusal(upgrade(order, item.id, "extended", 1))).toBe(NOTHING_TO_UPGRADE);
    expect(await refusal(upgrade(order, item.id, "extended", 100))).toBe("Choose 1 to 99 seats.");
    expect(await refusal(upgrade(order, item.id, "extended", "two"))).toBe("Choose 1 to 99 seats.");
    expect(await refusal(upgrade(order, item.id, "premium", 3))).toBe(
      "Choose a license: Personal, Commercial or Extended.",
    );
    expect(await refusal(upgrade(order, item.id + 10_000, "extended", 2))).toBe(NO_LICENSE_TO_UPGRADE);

    const other = await createProduct(database.db, { priceCents: 1000, commercialPriceCents: 2000 });
    await database.db.update(products).set({ extendedPriceCents: null }).where(eq(products.id, product.id));
    expect(await refusal(upgrade(order, item.id, "extended", 2))).toBe(
      "This product is not sold with an Extended license.",
    );
    await database.db.update(products).set({ status: "draft" }).where(eq(products.id, product.id));
    expect(await refusal(upgrade(order, item.id, "commercial", 3))).toBe(UPGRADE_OFF_SALE);
    await database.db
      .update(products)
      .set({ status: "published", extendedPriceCents: 12000 })
      .where(eq(products.id, product.id));
    expect(other.id).not.toBe(product.id);
    // A pay-what-you-want product's licence has nothing to upgrade to.
    await database.db
      .update(products)
      .set({ payWhatYouWant: true, commercialPriceCents: null, extendedPriceCents: null, suggestedPriceCents: null })
      .where(eq(products.id, product.id));
    expect(await refusal(upgrade(order, item.id, "commercial", 3))).toBe(PAY_WHAT_YOU_WANT_NO_UPGRADE);
    await database.db
      .update(products)
      .set({ payWhatYouWant: false, commercialPriceCents: 4999, extendedPriceCents: 12000 })
      .where(eq(products.id, product.id));
    // Nothing was made of the refused upgrades.
    expect(await database.db.select().from(orders)).toHaveLength(before.length);
    expect(await licenseNow(license.id)).toMatchObject({ tier: "commercial", seats: 2 });
  });

  it("refunded, takes the licence back to what its purchase paid for; a refunded purchase cannot be upgraded", async () => {
    const { order, item, license } = await boughtLicense("personal");
    const { order: upgradeOrder } = await upgrade(order, item.id, "commercial", 2);
    // 2 x $49.99 less the $20.00 paid: $79.98.
    expect(upgradeOrder.subtotalCents).toBe(7998);
    const paid = await pay(upgradeOrder);
    expect(await licenseNow(license.id)).toMatchObject({ tier: "commercial", seats: 2 });

    const [upgradeItem] = await itemsOf(database.db, paid.id);
    await requestRefund(database.db, {
      order: paid,
      request: { orderItemId: upgradeItem!.id, reason: "I bought the wrong license." },
    });
    const [request] = await database.db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.orderItemId, upgradeItem!.id));
    // The upgrade's line and its tax: $79.98 + $6.40.
    expect(await approveRefund(services, ADMIN, request!.id)).toMatchObject({ amountCents: 7998 + flatTax(7998) });
    expect(await licenseNow(license.id)).toMatchObject({ tier: "personal", seats: 1, status: "active" });
    expect(
      (await historyOf(database.db, license.id)).map((change) => [change.kind, change.tier, change.seats]),
    ).toEqual([
      ["issued", "personal", 1],
      ["upgraded", "commercial", 2],
      ["upgrade_refunded", "personal", 1],
    ]);

    await requestRefund(database.db, {
      order,
      request: { orderItemId: item.id, reason: "I do not need it any more." },
    });
    const [purchase] = await database.db.select().from(refundRequests).where(eq(refundRequests.orderItemId, item.id));
    await approveRefund(services, ADMIN, purchase!.id);
    expect((await licenseNow(license.id)).status).toBe("revoked");
    expect(await refusal(upgrade(await reloadOrder(database.db, order.id), item.id, "extended", 1))).toBe(
      LICENSE_REFUNDED,
    );
  });
});

// Issue 29: upgrades opened side by side must never add up to a licence nobody paid for.
describe("upgrades of one licence opened before either is paid", () => {
  // Personal $10.00, Commercial $37.00, Extended $50.00: from Personal 1 seat, Extended 1 seat costs
  // $40.00, Personal 99 seats $980.00 and Commercial 1 seat $27.00; Extended 99 seats lists at $4,950.00.
  let cheap: { id: number; creatorId: number };

  beforeAll(async () => {
    cheap = await createProduct(database.db, {
      priceCents: 1000,
      commercialPriceCents: 3700,
      extendedPriceCents: 5000,
    });
  });

  /** A paid Personal licence of one seat of the cheap product. */
  const personalLicense = () => boughtLicense("personal", 1, cheap.id);

  /** The upgrade orders of a licence, oldest first. */
  const upgradeOrdersOf = (licenseId: number) =>
    database.db
      .select({ order: orders, item: orderItems })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orderItems.upgradesLicenseId, licenseId))
      .orderBy(orders.id);

  /** The refund jobs fulfilment queued, by order item. */
  const refundJobs = () =>
    jobs.sent
      .filter((job) => job.name === QUEUES.refundUnappliedUpgrade)
      .map((job) => (job.data as { orderItemId: number }).orderItemId);

  const ledgerOf = (orderItemId: number) =>
    database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderItemId, orderItemId));

  it("the order page offers the upgrade waiting for payment, not another, until it is paid", async () => {
    const { order, item, license } = await personalLicense();
    expect((await quoteUpgrades(database.db, license.id))?.waiting).toBeNull();
    await postUpgrade(order, item.id, "extended", 1);
    const [opened] = await upgradeOrdersOf(license.id);
    const quote = await quoteUpgrades(database.db, license.id);
    expect(quote?.waiting).toMatchObject({ order: { number: opened!.order.number }, tier: "extended", seats: 1 });
    await pay(opened!.order);
    // Extended, 1 seat: more seats are still on offer, and nothing waits.
    expect((await quoteUpgrades(database.db, license.id))?.waiting).toBeNull();
  });

  for (const payFirst of ["A", "B"] as const) {
    it(`A (Extended, 1 seat) and B (Personal, 99 seats) paid ${payFirst === "A" ? "A then B" : "B then A"}: never Extended with 99 seats`, async () => {
      const { order, item, license } = await personalLicense();
      await postUpgrade(order, item.id, "extended", 1);
      const tryB = await refusal(postUpgrade(order, item.id, "personal", 99));
      const opened = await upgradeOrdersOf(license.id);
      expect(opened[0]!.order.subtotalCents).toBe(4000);
      // Whatever was opened is paid, in the order named.
      const byName = { A: opened[0], B: opened[1] };
      for (const name of payFirst === "A" ? (["A", "B"] as const) : (["B", "A"] as const)) {
        const upgradeOrder = byName[name];
        if (upgradeOrder) await pay(upgradeOrder.order);
      }
      expect(await licenseNow(license.id)).toMatchObject({ tier: "extended", seats: 1 });
      // B waits for A: one upgrade open per licence, and the buyer is told which and how to go on.
      expect(tryB).toBe(upgradeWaitingMessage({ number: opened[0]!.order.number, tier: "extended", seats: 1 }));
      expect(opened).toHaveLength(1);
    });

    it(`an upgrade paid after its page closed and another upgrade was paid (${payFirst} first) is refunded once, not applied`, async () => {
      const { order, item, license } = await personalLicense();
      await postUpgrade(order, item.id, "extended", 1);
      const [a] = await upgradeOrdersOf(license.id);
      // A's payment page closes unpaid (the expiry job), so that B can be opened; A's payment still arrives later.
      await database.db
        .update(orders)
        .set({ status: "expired", paymentExpiresAt: new Date(Date.now() - 60_000) })
        .where(eq(orders.id, a!.order.id));
      await postUpgrade(order, item.id, "personal", 99);
      const [, b] = await upgradeOrdersOf(license.id);
      expect([a!.order.subtotalCents, b!.order.subtotalCents]).toEqual([4000, 98000]);
      // Each was priced against Personal, 1 seat, and says so.
      for (const opened of [a!, b!]) {
        expect(opened.item).toMatchObject({ upgradeFromTier: "personal", upgradeFromSeats: 1 });
      }

      const [first, second] = payFirst === "A" ? [a!, b!] : [b!, a!];
      const jobsBefore = refundJobs().length;
      await pay(first.order);
      await pay(second.order);
      const applied = payFirst === "A" ? { tier: "extended", seats: 1 } : { tier: "personal", seats: 99 };
      expect(await licenseNow(license.id)).toMatchObject(applied);
      // The second was priced against a licence that is no longer there: not applied, its refund queued.
      expect(refundJobs().slice(jobsBefore)).toEqual([second.item.id]);

      // The provider refunds, then the run stops before the records (a crash): the run again refunds once.
      const crashing: RefundServices = {
        ...services,
        payments: {
          ...services.payments,
          async refund(request) {
            await services.payments.refund(request);
            throw new Error("The server stopped after the provider refunded");
          },
        },
      };
      await expect(refundUnappliedUpgrade(crashing, second.item.id)).rejects.toThrow();
      expect((await reloadOrder(database.db, second.order.id)).status).toBe("paid");
      expect(await refundUnappliedUpgrade(services, second.item.id)).toBe("refunded");
      expect(await refundUnappliedUpgrade(services, second.item.id)).toBe("nothing to do");

      const refunds = await database.db
        .select()
        .from(hostedPaymentRefunds)
        .where(eq(hostedPaymentRefunds.sessionId, second.order.paymentRef!));
      expect(refunds).toEqual([
        expect.objectContaining({
          amountCents: second.order.totalCents,
          idempotencyKey: unappliedUpgradeRefundKey(second.item.id),
        }),
      ]);
      expect((await reloadOrder(database.db, second.order.id)).status).toBe("refunded");
      // The seller's ledger nets to zero for it; the licence is as the first upgrade left it.
      const entries = await ledgerOf(second.item.id);
      expect(entries.map((entry) => entry.kind).sort()).toEqual(["refund", "sale"]);
      expect(entries.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
      expect(await licenseNow(license.id)).toMatchObject(applied);
      expect((await historyOf(database.db, license.id)).map((change) => change.kind)).toEqual(["issued", "upgraded"]);
      // The buyer is told why, once.
      const told = jobs.emailsTo(buyer.email).filter((email) => email.subject.includes(second.order.number));
      expect(told).toHaveLength(1);
      expect(told[0]!.text).toContain("arrived after the license had changed");
    });
  }

  it("a licence refunded before its upgrade is paid: the upgrade is refunded, the licence stays revoked", async () => {
    const { order, item, license } = await personalLicense();
    await postUpgrade(order, item.id, "commercial", 1);
    const [upgradeOrder] = await upgradeOrdersOf(license.id);
    await requestRefund(database.db, {
      order,
      request: { orderItemId: item.id, reason: "I do not need it any more." },
    });
    const [purchase] = await database.db.select().from(refundRequests).where(eq(refundRequests.orderItemId, item.id));
    await approveRefund(services, ADMIN, purchase!.id);
    await pay(upgradeOrder!.order);
    expect(refundJobs()).toContain(upgradeOrder!.item.id);
    expect(await refundUnappliedUpgrade(services, upgradeOrder!.item.id)).toBe("refunded");
    expect((await licenseNow(license.id)).status).toBe("revoked");
    expect((await reloadOrder(database.db, upgradeOrder!.order.id)).status).toBe("refunded");
  });

  it("the same upgrade posted 8 times at once with different keys: one order, one payment page, paid and credited once", async () => {
    const { order, item, license } = await personalLicense();
    const redirects = await Promise.all(Array.from({ length: 8 }, () => postUpgrade(order, item.id, "commercial", 1)));
    const opened = await upgradeOrdersOf(license.id);
    expect(opened).toHaveLength(1);
    expect(opened[0]!.order.subtotalCents).toBe(2700);
    expect(new Set(redirects)).toEqual(new Set([`${TEST_SHOP_URL}/pay/${opened[0]!.order.paymentRef}`]));

    // Every order that was opened is paid, as the buyer would on each page.
    for (const { order: upgradeOrder } of opened) await pay(upgradeOrder);
    expect(await licenseNow(license.id)).toMatchObject({ tier: "commercial", seats: 1 });
    const paidUpgrades = await database.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.upgradesLicenseId, license.id), isNotNull(orders.paidAt)));
    expect(paidUpgrades).toHaveLength(1);
    const credited = await database.db
      .select({ amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .innerJoin(orderItems, eq(orderItems.id, ledgerEntries.orderItemId))
      .where(and(eq(orderItems.upgradesLicenseId, license.id), eq(ledgerEntries.kind, "sale")));
    expect(credited).toEqual([{ amountCents: splitSale(2700).sellerCents }]);
    expect((await historyOf(database.db, license.id)).map((change) => change.kind)).toEqual(["issued", "upgraded"]);
  });
});
