import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../tests/support/factories.ts";
import { CART_CHANGE_TAX, checkoutServices, FLAT_CART, flatTax, recordingJobs } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { cartItems, orders, products } from "../db/schema.ts";
import { checkout } from "../orders/checkout.ts";
import { itemsOf } from "../orders/place-order.ts";
import { applyCartChange } from "./apply-change.ts";
import { addToCart, FIXED_PRICE, getCart, setChosenPrice } from "./cart.ts";
import { cartChangeSchema } from "./cart-schema.ts";
import { ensureShopper } from "./shopper.ts";

const database = setUpTestDatabase();
const jobs = recordingJobs();
let journal: { id: number };
let freebie: { id: number };
let fixed: { id: number };

beforeAll(async () => {
  // At least $3.00, $8.00 suggested; at least nothing; a fixed $12.00.
  journal = await createProduct(database.db, { priceCents: 300, payWhatYouWant: true, suggestedPriceCents: 800 });
  freebie = await createProduct(database.db, { priceCents: 0, payWhatYouWant: true });
  fixed = await createProduct(database.db, { priceCents: 1200 });
});

const newShopper = async () => (await ensureShopper(database.db, { userId: null, guestId: null })).id;
const refusalOf = (work: Promise<unknown>) =>
  work.then(
    () => "no refusal",
    (error: Error) => error.message,
  );

describe("pay what you want", () => {
  it("charges what the buyer chose per seat, the suggestion when they chose nothing, never below the minimum", async () => {
    const shopper = await newShopper();
    await addToCart(database.db, { shopperId: shopper, productId: journal.id });
    let [line] = (await getCart(database.db, shopper, FLAT_CART)).lines;
    expect(line).toMatchObject({ priceCents: 800, payWhatYouWant: { minimumCents: 300, suggestedCents: 800 } });

    await addToCart(database.db, {
      shopperId: shopper,
      productId: journal.id,
      tier: "personal",
      chosenPriceCents: 1250,
    });
    [line] = (await getCart(database.db, shopper, FLAT_CART)).lines;
    expect(line).toMatchObject({ priceCents: 1250, quantity: 2 });
    expect((await getCart(database.db, shopper, FLAT_CART)).subtotalCents).toBe(2500);

    await setChosenPrice(database.db, { shopperId: shopper, productId: journal.id, chosenPriceCents: 300 });
    expect((await getCart(database.db, shopper, FLAT_CART)).lines[0]!.priceCents).toBe(300);
    // The seller raises the minimum: the line costs the new minimum, not less.
    await database.db.update(products).set({ priceCents: 500 }).where(eq(products.id, journal.id));
    expect((await getCart(database.db, shopper, FLAT_CART)).lines[0]!.priceCents).toBe(500);
    await database.db.update(products).set({ priceCents: 300 }).where(eq(products.id, journal.id));
  });

  it("refuses a price below the minimum or above the maximum (naming both), a licence above Personal, and a price for a fixed-price product", async () => {
    const shopper = await newShopper();
    expect(
      await refusalOf(
        addToCart(database.db, { shopperId: shopper, productId: journal.id, tier: "personal", chosenPriceCents: 299 }),
      ),
    ).toBe("Please pay between $3.00 and $10,000.00 for this product.");
    expect(
      await refusalOf(
        addToCart(database.db, {
          shopperId: shopper,
          productId: journal.id,
          tier: "personal",
          chosenPriceCents: 1_000_001,
        }),
      ),
    ).toBe("Please pay between $3.00 and $10,000.00 for this product.");
    expect(
      await refusalOf(
        addToCart(database.db, {
          shopperId: shopper,
          productId: journal.id,
          tier: "personal",
          chosenPriceCents: 1_000_000,
        }),
      ),
    ).toBe("no refusal");
    await database.db.delete(cartItems).where(eq(cartItems.productId, journal.id));
    expect(
      await refusalOf(
        addToCart(database.db, {
          shopperId: shopper,
          productId: journal.id,
          tier: "commercial",
          chosenPriceCents: 900,
        }),
      ),
    ).toBe("This product is not sold with a Commercial license.");
    expect(
      await refusalOf(
        addToCart(database.db, { shopperId: shopper, productId: fixed.id, tier: "personal", chosenPriceCents: 100 }),
      ),
    ).toBe(FIXED_PRICE);
    expect((await getCart(database.db, shopper, FLAT_CART)).lines).toEqual([]);
    // As the cart API reads it: dollars as typed.
    expect(cartChangeSchema.safeParse({ intent: "price", productId: "1", price: "-1" }).success).toBe(false);
    expect(cartChangeSchema.parse({ intent: "add", productId: "1", price: "4.5" })).toMatchObject({ price: 450 });
  });

  it("at 0, gives the files for an email: the order is free and paid at once", async () => {
    const visitor = { userId: null, guestId: null };
    const { newGuestId } = await applyCartChange(database.db, {
      visitor,
      change: cartChangeSchema.parse({ intent: "add", productId: String(freebie.id), price: "0" }),
      ...CART_CHANGE_TAX,
    });
    const shopper = newGuestId!;
    const cart = await getCart(database.db, shopper, FLAT_CART);
    expect(cart).toMatchObject({ subtotalCents: 0, taxCents: flatTax(0), totalCents: 0 });
    const started = await checkout(checkoutServices(database.db, jobs), {
      shopperId: shopper,
      buyer: { userId: null, name: "Fran Free", email: "fran@example.com" },
      idempotencyKey: crypto.randomUUID(),
    });
    expect(started).toMatchObject({ status: "paid", paymentUrl: null });
    const [order] = await database.db.select().from(orders).where(eq(orders.number, started.orderNumber));
    const [item] = await itemsOf(database.db, order!.id);
    expect(item).toMatchObject({ unitPriceCents: 0, lineTotalCents: 0, sellerCents: 0 });
    expect(item!.licenseKey).toMatch(/^DGM-/);
  });
});
