import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bundleSchema } from "../../shared/bundle-schema.ts";
import { createBuyer, createCreator, createProduct } from "../../tests/support/factories.ts";
import {
  checkoutServices,
  FLAT_CART,
  flatTax,
  payOrder,
  recordingJobs,
  reloadOrder,
} from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import {
  addBundleToCart,
  addToCart,
  applyDiscountCode,
  clearCart,
  getCart,
  inCartBundle,
  removeBundleFromCart,
} from "../cart/cart.ts";
import { ensureShopper, mergeGuestIntoAccount } from "../cart/shopper.ts";
import { cartBundles, licenses, orderItems, orders, products } from "../db/schema.ts";
import { createDiscountCode } from "../discounts/manage-codes.ts";
import { receiptEmail } from "../email/receipt-email.ts";
import { checkout } from "../orders/checkout.ts";
import { splitSale } from "../orders/money.ts";
import { payAgain } from "../orders/pay-again.ts";
import { itemsOf } from "../orders/place-order.ts";
import { refundAmounts } from "../orders/refund-amounts.ts";
import { sellerSales } from "../sellers/sales.ts";
import {
  BUNDLE_ALL_OWNED,
  BUNDLE_NOT_AVAILABLE,
  bundleShares,
  bundlesWithProduct,
  productsOwnedBy,
  requireBundleOnSale,
} from "./bundles.ts";
import {
  createBundle,
  listBundles,
  NO_SUCH_BUNDLE,
  notASaving,
  setBundleStatus,
  updateBundle,
} from "./manage-bundles.ts";

const database = setUpTestDatabase();
const jobs = recordingJobs();
const services = () => checkoutServices(database.db, jobs);
let seller: number;
let otherSeller: number;
// $10.00, $10.00 and $15.00 one by one; the bundle of the three is $25.00.
let planner: { id: number };
let tracker: { id: number };
let stickers: { id: number };
let othersPoster: { id: number };
let bundleId: number;

const refusalOf = (work: Promise<unknown>) =>
  work.then(
    () => "no refusal",
    (error: Error) => error.message,
  );
const input = (price: string, productIds: number[], title = "Planner kit") =>
  bundleSchema.parse({ title, description: "Everything to plan a year.", price, productIds: productIds.map(String) });

beforeAll(async () => {
  seller = (await createCreator(database.db)).id;
  otherSeller = (await createCreator(database.db)).id;
  planner = await createProduct(database.db, { creatorId: seller, priceCents: 1000, title: "Planner" });
  tracker = await createProduct(database.db, { creatorId: seller, priceCents: 1000, title: "Tracker" });
  stickers = await createProduct(database.db, {
    creatorId: seller,
    priceCents: 1500,
    commercialPriceCents: 3000,
    title: "Stickers",
  });
  othersPoster = await createProduct(database.db, { creatorId: otherSeller, priceCents: 900 });
  const made = await createBundle(database.db, seller, input("25", [planner.id, tracker.id, stickers.id]));
  bundleId = made.id;
  await setBundleStatus(database.db, { creatorId: seller, bundleId, status: "published" });
});

const newGuestCart = async () => (await ensureShopper(database.db, { userId: null, guestId: null })).id;

async function buy(shopperId: string, buyer: { userId: string | null; name: string; email: string }) {
  const started = await checkout(services(), { shopperId, buyer, idempotencyKey: crypto.randomUUID() });
  const [order] = await database.db.select().from(orders).where(eq(orders.number, started.orderNumber));
  return order!;
}

describe("a bundle's price", () => {
  it("is shared out over its products in proportion to their prices, adding up to the cent", () => {
    // 2500 x 1000/3500 = 714.29, twice, and 2500 x 1500/3500 = 1071.43: the last cent to the largest remainder.
    expect(bundleShares(2500, [1000, 1000, 1500])).toEqual([714, 714, 1072]);
    expect(bundleShares(1001, [1, 1, 1])).toEqual([334, 334, 333]);
    expect(bundleShares(999, [0, 500, 0])).toEqual([0, 999, 0]);
  });

  it("is priced for a guest as the whole bundle, with what the products cost one by one", async () => {
    const bundle = await requireBundleOnSale(database.db, bundleId, null);
    expect(bundle).toMatchObject({ priceCents: 2500, valueCents: 3500, toPayCents: 2500, ownedCount: 0 });
    expect(bundle.products.map((product) => product.shareCents)).toEqual([714, 714, 1072]);
    expect((await bundlesWithProduct(database.db, tracker.id, null)).map((found) => found.id)).toEqual([bundleId]);
  });
});

describe("buying a bundle", () => {
  it("makes an item and a Personal licence per product at its share; tax on the bundle; 70% of each share", async () => {
    const shopper = await newGuestCart();
    await addBundleToCart(database.db, shopper, bundleId);
    const cart = await getCart(database.db, shopper, FLAT_CART);
    expect(cart).toMatchObject({ count: 1, subtotalCents: 2500, taxCents: flatTax(2500), totalCents: 2500 + 200 });
    expect(cart.bundles[0]).toMatchObject({ bundleId, title: "Planner kit", toPayCents: 2500, valueCents: 3500 });

    const order = await payOrder(
      database.db,
      jobs,
      await buy(shopper, { userId: null, name: "Ada", email: "a@x.test" }),
    );
    expect(order).toMatchObject({ status: "paid", subtotalCents: 2500, taxCents: 200, totalCents: 2700 });
    const items = await itemsOf(database.db, order.id);
    expect(items.map((item) => [item.productId, item.unitPriceCents, item.licenseType, item.bundleId])).toEqual([
      [planner.id, 714, "personal", bundleId],
      [tracker.id, 714, "personal", bundleId],
      [stickers.id, 1072, "personal", bundleId],
    ]);
    for (const item of items) {
      expect(item).toMatchObject({ ...splitSale(item.unitPriceCents), bundleTitle: "Planner kit" });
      expect(item.licenseKey).toMatch(/^DGM-/);
    }
    // The receipt says where each product came from.
    const email = receiptEmail({
      to: order.email,
      shopName: "Shop",
      orderNumber: order.number,
      items,
      subtotalCents: order.subtotalCents,
      taxCents: order.taxCents,
      taxLabel: "Tax (8%)",
      taxIncluded: false,
      totalCents: order.totalCents,
      orderUrl: "http://shop.test/order",
      licenseUrl: "http://shop.test/license",
    });
    expect(email.text).toContain("Planner: $7.14\n  From the bundle “Planner kit”");
    // The seller's sales too, each product at its share.
    const sales = (await sellerSales(database.db, seller)).filter((sale) => sale.orderNumber === order.number);
    expect(sales.map((sale) => [sale.title, sale.lineTotalCents, sale.bundleTitle])).toEqual([
      ["Stickers", 1072, "Planner kit"],
      ["Tracker", 714, "Planner kit"],
      ["Planner", 714, "Planner kit"],
    ]);
    const issued = await database.db.select().from(licenses);
    expect(issued.filter((licence) => items.some((item) => item.id === licence.orderItemId))).toHaveLength(3);
    // Paid: the bundle leaves the cart it came from.
    expect(await database.db.select().from(cartBundles).where(eq(cartBundles.shopperId, shopper))).toEqual([]);
    // A refund of one product gives back its share and its part of the tax; all three give back the total.
    const refunds = refundAmounts(items);
    expect([...refunds.values()]).toEqual([714 + 57, 714 + 57, 1072 + 86]);
    expect([...refunds.values()].reduce((sum, cents) => sum + cents, 0)).toBe(order.totalCents);
  });

  it("lets a buyer who owns some of the products pay only the others' shares (complete the bundle)", async () => {
    const buyer = await createBuyer(database.db);
    const { id: shopper } = await ensureShopper(database.db, { userId: buyer.id, guestId: null });
    await addToCart(database.db, { shopperId: shopper, productId: tracker.id });
    await payOrder(database.db, jobs, await buy(shopper, buyer));
    expect(await productsOwnedBy(database.db, buyer.id, [planner.id, tracker.id])).toEqual(new Set([tracker.id]));

    await addBundleToCart(database.db, shopper, bundleId);
    const cart = await getCart(database.db, shopper, FLAT_CART);
    expect(cart.bundles[0]).toMatchObject({ toPayCents: 714 + 1072 });
    expect(cart.subtotalCents).toBe(1786);
    const order = await payOrder(database.db, jobs, await buy(shopper, buyer));
    expect(order).toMatchObject({ subtotalCents: 1786, taxCents: flatTax(1786), totalCents: 1786 + flatTax(1786) });
    const items = await itemsOf(database.db, order.id);
    expect(items.map((item) => [item.productId, item.unitPriceCents])).toEqual([
      [planner.id, 714],
      [stickers.id, 1072],
    ]);
    // Owning it all now, they cannot buy it again.
    expect(await refusalOf(addBundleToCart(database.db, shopper, bundleId))).toBe(BUNDLE_ALL_OWNED);
  });

  it("takes a discount code on the bundle's items, shared out to the cent", async () => {
    await createDiscountCode(
      database.db,
      { creatorId: seller },
      {
        code: "KIT10",
        kind: "percent",
        value: 10,
        productIds: null,
        startsAt: null,
        endsAt: null,
        maxUses: null,
        oncePerBuyer: false,
      },
    );
    const shopper = await newGuestCart();
    await addBundleToCart(database.db, shopper, bundleId);
    await applyDiscountCode(database.db, shopper, "kit10");
    const cart = await getCart(database.db, shopper, FLAT_CART);
    expect(cart).toMatchObject({ subtotalCents: 2500, discountCents: 250, taxCents: flatTax(2250) });
    expect(cart.bundles[0]!.discountCents).toBe(250);
    const order = await buy(shopper, { userId: null, name: "Bo", email: "b@x.test" });
    const items = await itemsOf(database.db, order.id);
    expect(items.map((item) => item.discountCents)).toEqual([72, 71, 107]);
    for (const item of items) expect(item).toMatchObject(splitSale(item.lineTotalCents - item.discountCents));
  });

  it("is bought again, as a bundle, by Pay again on an order that ended unpaid", async () => {
    const shopper = await newGuestCart();
    await addBundleToCart(database.db, shopper, bundleId);
    const order = await buy(shopper, { userId: null, name: "Cy", email: "c@x.test" });
    await database.db.update(orders).set({ status: "expired" }).where(eq(orders.id, order.id));
    await payAgain(services(), await reloadOrder(database.db, order.id), crypto.randomUUID());
    const [again] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.email, "c@x.test"))
      .orderBy(orders.id)
      .offset(1);
    const items = await itemsOf(database.db, again!.id);
    expect(items.map((item) => [item.unitPriceCents, item.bundleId])).toEqual([
      [714, bundleId],
      [714, bundleId],
      [1072, bundleId],
    ]);
  });
});

describe("a bundle in the cart", () => {
  it("holds its products: their own lines leave, adding one again is refused, removing it empties the cart", async () => {
    const shopper = await newGuestCart();
    await addToCart(database.db, { shopperId: shopper, productId: stickers.id, tier: "commercial" });
    await addBundleToCart(database.db, shopper, bundleId);
    expect((await getCart(database.db, shopper, FLAT_CART)).lines).toEqual([]);
    expect(await refusalOf(addToCart(database.db, { shopperId: shopper, productId: planner.id }))).toBe(
      inCartBundle("Planner kit"),
    );
    // Adding it twice keeps one.
    await addBundleToCart(database.db, shopper, bundleId);
    expect((await getCart(database.db, shopper, FLAT_CART)).count).toBe(1);
    await removeBundleFromCart(database.db, shopper, bundleId);
    expect((await getCart(database.db, shopper, FLAT_CART)).bundles).toEqual([]);
  });

  it("refuses a second bundle sharing a product, and after two carts merge, prices the first only", async () => {
    const second = await createBundle(database.db, seller, input("15", [planner.id, tracker.id], "Duo"));
    await setBundleStatus(database.db, { creatorId: seller, bundleId: second.id, status: "published" });
    const shopper = await newGuestCart();
    await addBundleToCart(database.db, shopper, bundleId);
    expect(await refusalOf(addBundleToCart(database.db, shopper, second.id))).toBe(
      "A product of this bundle is already in your cart, in the bundle “Planner kit”.",
    );
    // A guest with the duo signs in to an account whose cart has the kit.
    const buyer = await createBuyer(database.db);
    const { id: account } = await ensureShopper(database.db, { userId: buyer.id, guestId: null });
    await addBundleToCart(database.db, account, bundleId);
    const guest = await newGuestCart();
    await addBundleToCart(database.db, guest, second.id);
    await mergeGuestIntoAccount(database.db, guest, buyer.id);
    const merged = await getCart(database.db, account, FLAT_CART);
    expect(merged.bundles.map((bundle) => bundle.bundleId)).toEqual([bundleId]);
    expect(merged.subtotalCents).toBe(2500);
    await setBundleStatus(database.db, { creatorId: seller, bundleId: second.id, status: "deleted" });
    await clearCart(database.db, account);
  });

  it("is left out once a product of it is no longer on sale, and cannot be added then", async () => {
    const shopper = await newGuestCart();
    await addBundleToCart(database.db, shopper, bundleId);
    await database.db.update(products).set({ status: "hidden" }).where(eq(products.id, tracker.id));
    try {
      expect((await getCart(database.db, shopper, FLAT_CART)).bundles).toEqual([]);
      expect(await refusalOf(addBundleToCart(database.db, await newGuestCart(), bundleId))).toBe(BUNDLE_NOT_AVAILABLE);
    } finally {
      await database.db.update(products).set({ status: "published" }).where(eq(products.id, tracker.id));
    }
  });
});

describe("a seller's bundles", () => {
  it("hold only the seller's products on sale and cost less than they do one by one", async () => {
    expect(await refusalOf(createBundle(database.db, seller, input("5", [planner.id, othersPoster.id])))).toBe(
      "Choose products from the list.",
    );
    expect(await refusalOf(createBundle(database.db, seller, input("20", [planner.id, tracker.id])))).toBe(
      notASaving(2000),
    );
    expect(notASaving(2000)).toBe("A bundle must cost less than its products bought one by one ($20.00).");
    expect(bundleSchema.safeParse({ title: "x", price: "5", productIds: String(planner.id) }).success).toBe(false);
    expect(bundleSchema.safeParse({ title: "x", price: "0", productIds: ["1", "2"] }).error?.issues[0]?.message).toBe(
      "The bundle's price must be more than $0.",
    );
  });

  it("are changed, published and deleted only by their seller; a draft is not on sale", async () => {
    const made = await createBundle(database.db, seller, input("12", [planner.id, tracker.id], "Pair"));
    expect(await refusalOf(requireBundleOnSale(database.db, made.id, null))).toBe(BUNDLE_NOT_AVAILABLE);
    expect(
      await refusalOf(setBundleStatus(database.db, { creatorId: otherSeller, bundleId: made.id, status: "published" })),
    ).toBe(NO_SUCH_BUNDLE);
    expect(
      await refusalOf(
        updateBundle(database.db, {
          creatorId: otherSeller,
          bundleId: made.id,
          bundle: input("11", [planner.id, tracker.id]),
        }),
      ),
    ).toBe(NO_SUCH_BUNDLE);
    await updateBundle(database.db, {
      creatorId: seller,
      bundleId: made.id,
      bundle: input("11", [planner.id, tracker.id], "Pair"),
    });
    await setBundleStatus(database.db, { creatorId: seller, bundleId: made.id, status: "published" });
    expect((await requireBundleOnSale(database.db, made.id, null)).priceCents).toBe(1100);
    // The seller lowers a product's price below the bundle's: the bundle is off sale, and says why.
    await database.db.update(products).set({ priceCents: 100 }).where(eq(products.id, tracker.id));
    try {
      expect(await refusalOf(requireBundleOnSale(database.db, made.id, null))).toBe(BUNDLE_NOT_AVAILABLE);
      const listed = (await listBundles(database.db, seller)).find((bundle) => bundle.id === made.id);
      expect(listed?.problem).toBe(notASaving(1100));
    } finally {
      await database.db.update(products).set({ priceCents: 1000 }).where(eq(products.id, tracker.id));
    }
    await setBundleStatus(database.db, { creatorId: seller, bundleId: made.id, status: "deleted" });
    expect((await listBundles(database.db, seller)).some((bundle) => bundle.id === made.id)).toBe(false);
    expect(
      await refusalOf(setBundleStatus(database.db, { creatorId: seller, bundleId: made.id, status: "published" })),
    ).toBe(NO_SUCH_BUNDLE);
    // Its order items keep naming it.
    expect(await database.db.select().from(orderItems).where(eq(orderItems.bundleId, made.id))).toEqual([]);
  });
});
