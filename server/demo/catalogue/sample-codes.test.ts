import { describe, expect, it } from "vitest";
import { FLAT_CART, seedProducts } from "../../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../../tests/support/test-database.ts";
import { addToCart, applyDiscountCode, getCart } from "../../cart/cart.ts";
import { ensureShopper } from "../../cart/shopper.ts";

const database = setUpTestDatabase();

describe("the demo shop's discount codes (named in the README)", () => {
  it("WELCOME10 takes 10% off anything; PLANNER5 $5.00 off Design Studio Pro's products only", async () => {
    await seedProducts(database);
    const { id: shopper } = await ensureShopper(database.db, { userId: null, guestId: null });
    // Product 1, $29.99 by Design Studio Pro; product 2, $15.99 by another creator.
    await addToCart(database.db, { shopperId: shopper, productId: 1 });
    await addToCart(database.db, { shopperId: shopper, productId: 2 });
    await applyDiscountCode(database.db, shopper, "welcome10");
    expect((await getCart(database.db, shopper, FLAT_CART)).discountCents).toBe(Math.round((2999 + 1599) / 10));
    await applyDiscountCode(database.db, shopper, "PLANNER5");
    const cart = await getCart(database.db, shopper, FLAT_CART);
    expect(cart.lines.map((line) => line.discountCents)).toEqual([500, 0]);
  });
});
