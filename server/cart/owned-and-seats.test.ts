import { describe, expect, it } from "vitest";
import { createBuyer, createOrder, createProduct } from "../../tests/support/factories.ts";
import { FLAT_CART, FLAT_TAX, shopperWithCart } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { placeOrder } from "../orders/place-order.ts";
import { addToCart, getCart } from "./cart.ts";
import { ensureShopper } from "./shopper.ts";

// Issue 29, items 4 and 5: seats are never added silently (the badge counts products), and a
// product the buyer owns is bought again only by a deliberate choice, re-checked by the server.

const database = setUpTestDatabase();
let key = 0;
const newKey = () => `owned-key-${++key}-${Date.now()}`;

describe("the cart's badge", () => {
  it("counts products and bundles, not seats: two clicks on Add to Cart are one product of 2 seats", async () => {
    const [a, b] = [await createProduct(database.db), await createProduct(database.db)];
    const { id: shopper } = await ensureShopper(database.db, { userId: null, guestId: null });
    await addToCart(database.db, { shopperId: shopper, productId: a.id });
    await addToCart(database.db, { shopperId: shopper, productId: a.id });
    let cart = await getCart(database.db, shopper, FLAT_CART);
    expect(cart.lines).toMatchObject([{ productId: a.id, quantity: 2 }]);
    expect(cart.count).toBe(1);
    await addToCart(database.db, { shopperId: shopper, productId: b.id });
    cart = await getCart(database.db, shopper, FLAT_CART);
    expect(cart.count).toBe(2);
    expect(cart.subtotalCents).toBe(2 * a.priceCents + b.priceCents);
  });
});

describe("a product the buyer owns", () => {
  it("is marked owned in the signed-in buyer's cart: paid and not refunded, any tier; never for a guest", async () => {
    const buyer = await createBuyer(database.db);
    const [owned, refunded, unpaid, fresh] = [
      await createProduct(database.db),
      await createProduct(database.db),
      await createProduct(database.db),
      await createProduct(database.db),
    ];
    await createOrder(database.db, { productIds: [owned.id], userId: buyer.id });
    await createOrder(database.db, { productIds: [refunded.id], userId: buyer.id, status: "refunded" });
    await createOrder(database.db, { productIds: [unpaid.id], userId: buyer.id, status: "pending_payment" });
    const shopper = await shopperWithCart(database.db, [owned.id, refunded.id, unpaid.id, fresh.id], buyer.userId);
    const cart = await getCart(database.db, shopper, FLAT_CART);
    expect(cart.lines.map((line) => [line.productId, line.owned])).toEqual([
      [owned.id, true],
      [refunded.id, false],
      [unpaid.id, false],
      [fresh.id, false],
    ]);
    const guest = await shopperWithCart(database.db, [owned.id]);
    expect((await getCart(database.db, guest, FLAT_CART)).lines).toMatchObject([{ productId: owned.id, owned: false }]);
  });

  it("is refused at checkout without the buyer's deliberate choice, and bought with it", async () => {
    const buyer = await createBuyer(database.db);
    const product = await createProduct(database.db, { title: "Seat Planner" });
    await createOrder(database.db, { productIds: [product.id], userId: buyer.id });
    const shopper = await shopperWithCart(database.db, [product.id], buyer.userId);
    const refused = placeOrder(database.db, { tax: FLAT_TAX, shopperId: shopper, buyer, idempotencyKey: newKey() });
    await expect(refused).rejects.toMatchObject({ status: 409 });
    await expect(refused).rejects.toThrow("You already own “Seat Planner”.");
    const order = await placeOrder(database.db, {
      tax: FLAT_TAX,
      shopperId: shopper,
      buyer,
      idempotencyKey: newKey(),
      buyingOwnedAgain: true,
    });
    expect(order).toMatchObject({ userId: buyer.userId, subtotalCents: product.priceCents });
  });

  it("needs no choice for a cart of products the buyer does not own", async () => {
    const buyer = await createBuyer(database.db);
    const product = await createProduct(database.db);
    const shopper = await shopperWithCart(database.db, [product.id], buyer.userId);
    const order = await placeOrder(database.db, { tax: FLAT_TAX, shopperId: shopper, buyer, idempotencyKey: newKey() });
    expect(order.subtotalCents).toBe(product.priceCents);
  });
});
