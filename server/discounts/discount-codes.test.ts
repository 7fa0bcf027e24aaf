import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { discountCodeSchema } from "../../shared/discount-code-schema.ts";
import { createCreator, createProduct } from "../../tests/support/factories.ts";
import { checkoutServices, FLAT_CART, flatTax, recordingJobs } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { addToCart, applyDiscountCode, getCart, removeDiscountCode, setQuantity } from "../cart/cart.ts";
import { ensureShopper } from "../cart/shopper.ts";
import { discountCodes, discountRedemptions, orders } from "../db/schema.ts";
import { checkout } from "../orders/checkout.ts";
import { splitSale } from "../orders/money.ts";
import { itemsOf } from "../orders/place-order.ts";
import { refundAmounts } from "../orders/refund-amounts.ts";
import {
  CODE_APPLIES_TO_NOTHING,
  CODE_ENDED,
  CODE_UNKNOWN,
  CODE_USED_BY_BUYER,
  CODE_USED_UP,
  lineDiscounts,
} from "./discount-codes.ts";
import { CODE_TAKEN, createDiscountCode, endDiscountCode, listDiscountCodes } from "./manage-codes.ts";

const database = setUpTestDatabase();
const jobs = recordingJobs();
let seller: number;
let otherSeller: number;
let planner: { id: number };
let poster: { id: number };
let elsewhere: { id: number };

beforeAll(async () => {
  seller = (await createCreator(database.db)).id;
  otherSeller = (await createCreator(database.db)).id;
  // $49.99 and $19.99 from the seller; $15.00 from another.
  planner = await createProduct(database.db, { creatorId: seller, priceCents: 4999 });
  poster = await createProduct(database.db, { creatorId: seller, priceCents: 1999 });
  elsewhere = await createProduct(database.db, { creatorId: otherSeller, priceCents: 1500 });
});

/** A code made through the form's schema, as the seller's page makes it. */
async function code(fields: Record<string, string | string[]>, owner: { creatorId: number } | { siteWide: true }) {
  const parsed = discountCodeSchema.safeParse({ kind: "percent", appliesTo: "all", ...fields });
  if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
  return createDiscountCode(database.db, owner, parsed.data);
}

async function cartOf(lines: [number, number][]) {
  const { id } = await ensureShopper(database.db, { userId: null, guestId: null });
  for (const [productId, quantity] of lines) {
    await addToCart(database.db, { shopperId: id, productId });
    if (quantity > 1) await setQuantity(database.db, { shopperId: id, productId, quantity });
  }
  return id;
}

const refusalOf = (work: Promise<unknown>) =>
  work.then(
    () => "no refusal",
    (error: Error) => error.message,
  );

describe("a discount's amount", () => {
  it("takes a percent of the lines it applies to, rounded once, shared out to the cent", () => {
    const found = {
      code: { kind: "percent", value: 20, creatorId: seller, allProducts: true } as never,
      productIds: new Set<number>(),
    };
    const lines = [
      { productId: planner.id, creatorId: seller, lineTotalCents: 4999 },
      { productId: elsewhere.id, creatorId: otherSeller, lineTotalCents: 1500 },
      { productId: poster.id, creatorId: seller, lineTotalCents: 3998 },
    ];
    // 20% of $89.97 is $17.994: $17.99, shared 4999:3998 as $10.00 and $7.99; nothing off the other seller's.
    expect(lineDiscounts(found, lines)).toEqual([1000, 0, 799]);
    const amountOf = (value: number) => ({
      ...found,
      code: { kind: "amount", value, creatorId: null, allProducts: true } as never,
    });
    // $10.00 site-wide over $104.97: shared 4999:1500:3998.
    expect(lineDiscounts(amountOf(1000), lines)).toEqual([476, 143, 381]);
    // More off than the lines cost: the lines' total, no more.
    expect(lineDiscounts(amountOf(20_000), lines)).toEqual([4999, 1500, 3998]);
  });
});

describe("a discount code in the cart", () => {
  it("takes its discount off the subtotal, with tax on what is left", async () => {
    await code(
      { code: "PLAN20", value: "20", appliesTo: "some", productIds: [String(planner.id)] },
      { creatorId: seller },
    );
    const shopper = await cartOf([
      [planner.id, 1],
      [elsewhere.id, 2],
    ]);
    expect(await applyDiscountCode(database.db, shopper, " plan20 ")).toBe("PLAN20");
    const cart = await getCart(database.db, shopper, FLAT_CART);
    // 20% of $49.99 = $9.998: $10.00 off; subtotal $79.99; tax 8% of $69.99 = $5.5992: $5.60.
    expect(cart).toMatchObject({
      subtotalCents: 7999,
      discountCents: 1000,
      taxCents: flatTax(6999),
      totalCents: 6999 + 560,
      discount: { code: "PLAN20", cents: 1000, problem: null },
    });
    expect(cart.lines.map((line) => line.discountCents)).toEqual([1000, 0]);
    await removeDiscountCode(database.db, shopper);
    expect((await getCart(database.db, shopper, FLAT_CART)).discountCents).toBe(0);
  });

  it("is refused, with nothing saved, when unknown, not started, ended, used up or for nothing in the cart", async () => {
    await code({ code: "LATER", value: "10", startsOn: "2099-01-01" }, { creatorId: seller });
    await code({ code: "GONE", value: "10", endsOn: "2020-01-01" }, { creatorId: seller });
    await code({ code: "OTHERS", value: "10" }, { creatorId: otherSeller });
    const shopper = await cartOf([[planner.id, 1]]);
    expect(await refusalOf(applyDiscountCode(database.db, shopper, "NOPE"))).toBe(CODE_UNKNOWN);
    expect(await refusalOf(applyDiscountCode(database.db, shopper, "later"))).toBe(
      "This code can be used from Jan 1, 2099.",
    );
    expect(await refusalOf(applyDiscountCode(database.db, shopper, "GONE"))).toBe(CODE_ENDED);
    expect(await refusalOf(applyDiscountCode(database.db, shopper, "OTHERS"))).toBe(CODE_APPLIES_TO_NOTHING);
    expect((await getCart(database.db, shopper, FLAT_CART)).discount).toBeNull();
  });

  it("stops working in a cart that holds it once its seller ends it", async () => {
    const made = await code({ code: "ENDME", value: "15" }, { creatorId: seller });
    const shopper = await cartOf([[poster.id, 1]]);
    await applyDiscountCode(database.db, shopper, "ENDME");
    expect(await refusalOf(endDiscountCode(database.db, { owner: { creatorId: otherSeller }, codeId: made.id }))).toBe(
      "This discount code does not exist or has already ended.",
    );
    await endDiscountCode(database.db, { owner: { creatorId: seller }, codeId: made.id });
    const cart = await getCart(database.db, shopper, FLAT_CART);
    expect(cart.discount).toMatchObject({ code: "ENDME", cents: 0, problem: CODE_ENDED });
    expect(cart.totalCents).toBe(1999 + flatTax(1999));
  });

  it("is unique in any case, and a seller's code names only their own products", async () => {
    expect(await refusalOf(code({ code: "plan20", value: "5" }, { creatorId: otherSeller }))).toBe(CODE_TAKEN);
    expect(
      await refusalOf(
        code(
          { code: "NOTMINE", value: "5", appliesTo: "some", productIds: [String(elsewhere.id)] },
          { creatorId: seller },
        ),
      ),
    ).toBe("Choose products from the list.");
    const codes = await listDiscountCodes(database.db, { creatorId: seller });
    expect(codes.find((row) => row.code === "PLAN20")).toMatchObject({ productTitles: [expect.any(String)], uses: 0 });
    expect(codes.some((row) => row.code === "NOTMINE")).toBe(false);
  });
});

describe("an order with a discount code", () => {
  const buyer = (email: string) => ({ userId: null, name: "Dee Discount", email });
  const order = async (number: string) =>
    (await database.db.select().from(orders).where(eq(orders.number, number)))[0]!;

  it("keeps the discount on the order and each item; sellers get 70% of what was paid; a refund gives back what was paid", async () => {
    await code({ code: "FIVEOFF", kind: "amount", value: "5.00" }, { siteWide: true });
    const shopper = await cartOf([
      [planner.id, 1],
      [elsewhere.id, 1],
    ]);
    await applyDiscountCode(database.db, shopper, "fiveoff");
    const started = await checkout(checkoutServices(database.db, jobs), {
      shopperId: shopper,
      buyer: buyer("dee@example.com"),
      idempotencyKey: crypto.randomUUID(),
    });
    const placed = await order(started.orderNumber);
    // $5.00 site-wide over $49.99 and $15.00: $3.85 and $1.15; tax 8% of $59.99 = $4.80.
    expect(placed).toMatchObject({ subtotalCents: 6499, discountCents: 500, taxCents: 480, totalCents: 5999 + 480 });
    const items = await itemsOf(database.db, placed.id);
    expect(items.map((item) => item.discountCents)).toEqual([385, 115]);
    expect(items[0]).toMatchObject({ lineTotalCents: 4999, ...splitSale(4999 - 385) });
    expect(items[1]).toMatchObject(splitSale(1500 - 115));
    // Refunds: what was paid for the item and its share of the $4.80 tax; both together are the total.
    const refunds = refundAmounts(items);
    expect([...refunds.values()]).toEqual([4614 + 369, 1385 + 111]);
    expect([...refunds.values()].reduce((sum, cents) => sum + cents, 0)).toBe(placed.totalCents);
  });

  it("used once per buyer: a second order by the same buyer is refused, until the first ends unpaid", async () => {
    await code({ code: "ONCE", value: "10", oncePerBuyer: "on" }, { creatorId: seller });
    const place = async () => {
      const shopper = await cartOf([[poster.id, 1]]);
      await applyDiscountCode(database.db, shopper, "ONCE");
      return checkout(checkoutServices(database.db, jobs), {
        shopperId: shopper,
        buyer: buyer("Once@Example.com"),
        idempotencyKey: crypto.randomUUID(),
      });
    };
    const first = await place();
    expect(await refusalOf(place())).toBe(
      `${CODE_USED_BY_BUYER} Remove the code from your cart to check out without it.`,
    );
    await database.db.update(orders).set({ status: "expired" }).where(eq(orders.number, first.orderNumber));
    expect((await order((await place()).orderNumber)).discountCents).toBe(200);
  });

  it("with one use left, 64 checkouts at once give exactly one discounted order", async () => {
    const made = await code({ code: "LASTONE", value: "50", maxUses: "3" }, { creatorId: seller });
    // Two uses taken already (orders placed earlier), one left.
    for (let n = 0; n < 2; n++) {
      const shopper = await cartOf([[planner.id, 1]]);
      await applyDiscountCode(database.db, shopper, "LASTONE");
      await checkout(checkoutServices(database.db, jobs), {
        shopperId: shopper,
        buyer: buyer(`early-${n}@example.com`),
        idempotencyKey: crypto.randomUUID(),
      });
    }
    const shoppers = [];
    for (let n = 0; n < 64; n++) {
      const shopper = await cartOf([[planner.id, 1]]);
      await applyDiscountCode(database.db, shopper, "LASTONE");
      shoppers.push(shopper);
    }
    const results = await Promise.allSettled(
      shoppers.map((shopper, n) =>
        checkout(checkoutServices(database.db, jobs), {
          shopperId: shopper,
          buyer: buyer(`rush-${n}@example.com`),
          idempotencyKey: crypto.randomUUID(),
        }),
      ),
    );
    const placed = results.filter((result) => result.status === "fulfilled");
    expect(placed).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") {
        expect((result.reason as Error).message).toBe(
          `${CODE_USED_UP} Remove the code from your cart to check out without it.`,
        );
      }
    }
    const uses = await database.db.select().from(discountRedemptions).where(eq(discountRedemptions.codeId, made.id));
    expect(uses).toHaveLength(3);
    const [row] = await database.db.select().from(discountCodes).where(eq(discountCodes.id, made.id));
    expect(row!.maxUses).toBe(3);
    // The seller's list counts them (a use of an order that ended unpaid would not count).
    const listed = await listDiscountCodes(database.db, { creatorId: seller });
    expect(listed.find((listedCode) => listedCode.id === made.id)!.uses).toBe(3);
  });
});
