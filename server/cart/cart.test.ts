import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, createProducts } from "../../tests/support/factories.ts";
import { FLAT_CART, flatTax } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { products, shoppers, user } from "../db/schema.ts";
import { addToCart, changeQuantity, clearCart, getCart, MAX_QUANTITY, removeFromCart, setQuantity } from "./cart.ts";
import { ensureShopper, findShopper, mergeGuestIntoAccount } from "./shopper.ts";
import { toggleWishlist, wishlistProductIds } from "./wishlist.ts";

const database = setUpTestDatabase();
let onSale: { id: number; priceCents: number }[] = [];

beforeAll(async () => {
  onSale = await createProducts(database.db, 3);
});

async function newGuest() {
  const { id, newGuestId } = await ensureShopper(database.db, { userId: null, guestId: null });
  expect(newGuestId).toBe(id);
  return id;
}

async function newUser(id: string) {
  await database.db.insert(user).values({ id, name: id, email: `${id}@example.com` });
  return id;
}

describe("the cart", () => {
  it("adds a product with quantity 1, and one more when it is already there", async () => {
    const shopper = await newGuest();
    const [first] = onSale;
    await addToCart(database.db, { shopperId: shopper, productId: first!.id });
    expect((await getCart(database.db, shopper, FLAT_CART)).lines).toMatchObject([
      { productId: first!.id, quantity: 1 },
    ]);
    await addToCart(database.db, { shopperId: shopper, productId: first!.id });
    expect((await getCart(database.db, shopper, FLAT_CART)).lines).toMatchObject([
      { productId: first!.id, quantity: 2 },
    ]);
  });

  it("counts the products and prices everything from the catalogue: subtotal, 8% tax rounded once, total", async () => {
    const shopper = await newGuest();
    const [a, b] = onSale;
    await addToCart(database.db, { shopperId: shopper, productId: a!.id });
    await setQuantity(database.db, { shopperId: shopper, productId: b!.id, quantity: 3 });
    const cart = await getCart(database.db, shopper, FLAT_CART);
    const subtotal = a!.priceCents + 3 * b!.priceCents;
    expect(cart).toMatchObject({ count: 2, subtotalCents: subtotal, taxCents: flatTax(subtotal) });
    expect(cart.totalCents).toBe(subtotal + flatTax(subtotal));
    // A price change in the catalogue shows at once: the cart keeps no price of its own.
    await database.db.update(products).set({ priceCents: 100 }).where(eq(products.id, a!.id));
    expect((await getCart(database.db, shopper, FLAT_CART)).subtotalCents).toBe(100 + 3 * b!.priceCents);
    await database.db.update(products).set({ priceCents: a!.priceCents }).where(eq(products.id, a!.id));
  });

  it("rounds the tax once, on the subtotal", () => {
    expect(flatTax(2999)).toBe(240); // 239.92
    expect(flatTax(1999 * 3)).toBe(480); // 479.76, not 3 x 160
    expect(flatTax(0)).toBe(0);
    expect(flatTax(6)).toBe(0); // 0.48
    expect(flatTax(7)).toBe(1); // 0.56
  });

  it("changes a quantity by one, removes a line at 0 or less, and removes and clears", async () => {
    const shopper = await newGuest();
    const [a, b] = onSale;
    await setQuantity(database.db, { shopperId: shopper, productId: a!.id, quantity: 2 });
    await changeQuantity(database.db, { shopperId: shopper, productId: a!.id, delta: -1 });
    expect((await getCart(database.db, shopper, FLAT_CART)).lines).toMatchObject([{ quantity: 1 }]);
    await changeQuantity(database.db, { shopperId: shopper, productId: a!.id, delta: -1 });
    expect((await getCart(database.db, shopper, FLAT_CART)).lines).toEqual([]);
    await setQuantity(database.db, { shopperId: shopper, productId: a!.id, quantity: 2 });
    await setQuantity(database.db, { shopperId: shopper, productId: a!.id, quantity: -5 });
    expect((await getCart(database.db, shopper, FLAT_CART)).lines).toEqual([]);
    await addToCart(database.db, { shopperId: shopper, productId: a!.id });
    await addToCart(database.db, { shopperId: shopper, productId: b!.id });
    await removeFromCart(database.db, shopper, a!.id);
    expect((await getCart(database.db, shopper, FLAT_CART)).lines.map((line) => line.productId)).toEqual([b!.id]);
    await clearCart(database.db, shopper);
    expect(await getCart(database.db, shopper, FLAT_CART)).toMatchObject({ lines: [], count: 0, totalCents: 0 });
  });

  it("refuses an unknown or unpublished product and a quantity above the limit, changing nothing", async () => {
    const shopper = await newGuest();
    const [a, b] = onSale;
    await expect(addToCart(database.db, { shopperId: shopper, productId: 999_999 })).rejects.toThrow(
      "This product is not available.",
    );
    await database.db.update(products).set({ status: "draft" }).where(eq(products.id, b!.id));
    await expect(addToCart(database.db, { shopperId: shopper, productId: b!.id })).rejects.toThrow(
      "This product is not available.",
    );
    await database.db.update(products).set({ status: "published" }).where(eq(products.id, b!.id));
    await setQuantity(database.db, { shopperId: shopper, productId: a!.id, quantity: MAX_QUANTITY });
    await expect(addToCart(database.db, { shopperId: shopper, productId: a!.id })).rejects.toThrow(
      "at most 99 of one product",
    );
    await expect(
      setQuantity(database.db, { shopperId: shopper, productId: a!.id, quantity: 1_000_000 }),
    ).rejects.toThrow("at most 99");
    expect((await getCart(database.db, shopper, FLAT_CART)).lines).toMatchObject([
      { productId: a!.id, quantity: MAX_QUANTITY },
    ]);
  });

  it("leaves out products taken off sale", async () => {
    const shopper = await newGuest();
    const [a, b] = onSale;
    await addToCart(database.db, { shopperId: shopper, productId: a!.id });
    await addToCart(database.db, { shopperId: shopper, productId: b!.id });
    await database.db.update(products).set({ status: "hidden" }).where(eq(products.id, a!.id));
    expect((await getCart(database.db, shopper, FLAT_CART)).lines.map((line) => line.productId)).toEqual([b!.id]);
    await database.db.update(products).set({ status: "published" }).where(eq(products.id, a!.id));
  });
});

describe("the wishlist", () => {
  it("toggles a product on and off, newest first", async () => {
    const shopper = await newGuest();
    const [a, b] = onSale;
    expect(await toggleWishlist(database.db, shopper, a!.id)).toBe("added");
    expect(await toggleWishlist(database.db, shopper, b!.id)).toBe("added");
    expect(await wishlistProductIds(database.db, shopper)).toEqual([b!.id, a!.id]);
    expect(await toggleWishlist(database.db, shopper, a!.id)).toBe("removed");
    expect(await wishlistProductIds(database.db, shopper)).toEqual([b!.id]);
    await expect(toggleWishlist(database.db, shopper, 999_999)).rejects.toThrow("This product is not available.");
  });
});

describe("shoppers", () => {
  it("never reads a guest cart through an account's id, nor an account's through a guest cookie", async () => {
    const owner = await newUser("cart-owner");
    const { id: accountShopper, newGuestId } = await ensureShopper(database.db, { userId: owner, guestId: null });
    expect(newGuestId).toBeUndefined();
    expect(await findShopper(database.db, { userId: null, guestId: accountShopper })).toBeNull();
    expect(await findShopper(database.db, { userId: null, guestId: null })).toBeNull();
    expect((await ensureShopper(database.db, { userId: owner, guestId: null })).id).toBe(accountShopper);
  });

  it("merges a guest's cart and wishlist into the account at sign-in, adding quantities up to the limit", async () => {
    const owner = await newUser("merging-user");
    const [a, b, c] = onSale;
    const { id: accountShopper } = await ensureShopper(database.db, { userId: owner, guestId: null });
    await setQuantity(database.db, { shopperId: accountShopper, productId: a!.id, quantity: 2 });
    await setQuantity(database.db, { shopperId: accountShopper, productId: c!.id, quantity: 98 });
    await toggleWishlist(database.db, accountShopper, a!.id);
    const guest = await newGuest();
    await setQuantity(database.db, { shopperId: guest, productId: a!.id, quantity: 3 });
    await addToCart(database.db, { shopperId: guest, productId: b!.id });
    await setQuantity(database.db, { shopperId: guest, productId: c!.id, quantity: 5 });
    await toggleWishlist(database.db, guest, a!.id);
    await toggleWishlist(database.db, guest, b!.id);

    await mergeGuestIntoAccount(database.db, guest, owner);
    const cart = await getCart(database.db, accountShopper, FLAT_CART);
    expect(Object.fromEntries(cart.lines.map((line) => [line.productId, line.quantity]))).toEqual({
      [a!.id]: 5,
      [b!.id]: 1,
      [c!.id]: MAX_QUANTITY,
    });
    expect((await wishlistProductIds(database.db, accountShopper)).sort()).toEqual([a!.id, b!.id].sort());
    expect(await database.db.select().from(shoppers).where(eq(shoppers.id, guest))).toEqual([]);
    // Merging again (a second tab) changes nothing.
    await mergeGuestIntoAccount(database.db, guest, owner);
    expect((await getCart(database.db, accountShopper, FLAT_CART)).count).toBe(cart.count);
  });

  it("keeps a guest's licence tier and chosen price when their cart joins the account's", async () => {
    const owner = await newUser("merging-tiers");
    const font = await createProduct(database.db, { priceCents: 1500, commercialPriceCents: 4000 });
    const zine = await createProduct(database.db, { priceCents: 200, payWhatYouWant: true });
    const guest = await newGuest();
    await addToCart(database.db, { shopperId: guest, productId: font.id, tier: "commercial" });
    await addToCart(database.db, { shopperId: guest, productId: zine.id, tier: "personal", chosenPriceCents: 650 });
    await mergeGuestIntoAccount(database.db, guest, owner);
    const { id: accountShopper } = await ensureShopper(database.db, { userId: owner, guestId: null });
    const lines = (await getCart(database.db, accountShopper, FLAT_CART)).lines;
    expect(lines.map((line) => [line.productId, line.licenseTier, line.priceCents])).toEqual([
      [font.id, "commercial", 4000],
      [zine.id, "personal", 650],
    ]);
  });

  it("go with the account when it is deleted", async () => {
    const owner = await newUser("short-lived");
    const { id } = await ensureShopper(database.db, { userId: owner, guestId: null });
    await database.db.delete(user).where(eq(user.id, owner));
    expect(await database.db.select().from(shoppers).where(eq(shoppers.id, id))).toEqual([]);
  });
});
