import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../tests/support/factories.ts";
import { checkoutServices, FLAT_CART, flatTax, payOrder, recordingJobs } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { addToCart, getCart, setLineTier, setQuantity } from "../cart/cart.ts";
import { ensureShopper } from "../cart/shopper.ts";
import { licenses, orders, products } from "../db/schema.ts";
import { checkout } from "../orders/checkout.ts";
import { splitSale } from "../orders/money.ts";
import { itemsOf } from "../orders/place-order.ts";
import { historyOf, licensesOfItems, revokeLicense } from "./licenses.ts";

const database = setUpTestDatabase();
const jobs = recordingJobs();
let tiered: { id: number };
let personalOnly: { id: number };

beforeAll(async () => {
  // Personal $20.00, Commercial $49.99, Extended $120.00.
  tiered = await createProduct(database.db, {
    priceCents: 2000,
    commercialPriceCents: 4999,
    extendedPriceCents: 12000,
  });
  personalOnly = await createProduct(database.db, { priceCents: 1500 });
});

async function newCart() {
  return (await ensureShopper(database.db, { userId: null, guestId: null })).id;
}

describe("a licence tier in the cart", () => {
  it("prices the line by its tier, its quantity the seats", async () => {
    const shopper = await newCart();
    await addToCart(database.db, { shopperId: shopper, productId: tiered.id, tier: "commercial" });
    await addToCart(database.db, { shopperId: shopper, productId: personalOnly.id });
    let cart = await getCart(database.db, shopper, FLAT_CART);
    expect(cart.lines).toMatchObject([
      {
        productId: tiered.id,
        licenseTier: "commercial",
        priceCents: 4999,
        quantity: 1,
        tierPrices: { personal: 2000, commercial: 4999, extended: 12000 },
      },
      { productId: personalOnly.id, licenseTier: "personal", priceCents: 1500, quantity: 1 },
    ]);
    // Adding again adds a seat, at the tier just chosen.
    await addToCart(database.db, { shopperId: shopper, productId: tiered.id, tier: "extended" });
    await setQuantity(database.db, { shopperId: shopper, productId: personalOnly.id, quantity: 3 });
    cart = await getCart(database.db, shopper, FLAT_CART);
    expect(cart.lines[0]).toMatchObject({ licenseTier: "extended", priceCents: 12000, quantity: 2 });
    expect(cart.subtotalCents).toBe(2 * 12000 + 3 * 1500);
    expect(cart.taxCents).toBe(flatTax(28500));
    expect(cart.count).toBe(2); // products, not seats (decision 040)
  });

  it("changes tier in the cart with the seats kept; a tier not offered is refused and changes nothing", async () => {
    const shopper = await newCart();
    await addToCart(database.db, { shopperId: shopper, productId: tiered.id });
    await addToCart(database.db, { shopperId: shopper, productId: tiered.id });
    await setLineTier(database.db, { shopperId: shopper, productId: tiered.id, tier: "commercial" });
    expect((await getCart(database.db, shopper, FLAT_CART)).lines[0]).toMatchObject({
      licenseTier: "commercial",
      quantity: 2,
    });

    await addToCart(database.db, { shopperId: shopper, productId: personalOnly.id });
    await expect(
      setLineTier(database.db, { shopperId: shopper, productId: personalOnly.id, tier: "extended" }),
    ).rejects.toThrow("This product is not sold with an Extended license.");
    await expect(
      addToCart(database.db, { shopperId: shopper, productId: personalOnly.id, tier: "commercial" }),
    ).rejects.toThrow("This product is not sold with a Commercial license.");
    expect(
      (await getCart(database.db, shopper, FLAT_CART)).lines.map((line) => [line.licenseTier, line.quantity]),
    ).toEqual([
      ["commercial", 2],
      ["personal", 1],
    ]);
  });

  it("leaves out a line whose tier the seller stopped offering, as a product taken off sale", async () => {
    const product = await createProduct(database.db, { priceCents: 1000, commercialPriceCents: 3000 });
    const shopper = await newCart();
    await addToCart(database.db, { shopperId: shopper, productId: product.id, tier: "commercial" });
    await database.db.update(products).set({ commercialPriceCents: null }).where(eq(products.id, product.id));
    expect((await getCart(database.db, shopper, FLAT_CART)).lines).toEqual([]);
  });
});

describe("licence records", () => {
  it("are issued when the order is paid: tier, seats, terms version, key, split on what was paid", async () => {
    const shopper = await newCart();
    await addToCart(database.db, { shopperId: shopper, productId: tiered.id, tier: "commercial" });
    await addToCart(database.db, { shopperId: shopper, productId: tiered.id, tier: "commercial" });
    await addToCart(database.db, { shopperId: shopper, productId: personalOnly.id });
    const services = checkoutServices(database.db, jobs);
    const buyer = { userId: null, name: "Lena Buyer", email: "lena@example.com" };
    const started = await checkout(services, { shopperId: shopper, buyer, idempotencyKey: crypto.randomUUID() });
    const [order] = await database.db.select().from(orders).where(eq(orders.number, started.orderNumber));
    expect(order).toMatchObject({ subtotalCents: 2 * 4999 + 1500, taxCents: flatTax(11498) });

    const unpaid = await itemsOf(database.db, order!.id);
    expect(unpaid.map((item) => [item.licenseType, item.quantity, item.unitPriceCents, item.licenseKey])).toEqual([
      ["commercial", 2, 4999, null],
      ["personal", 1, 1500, null],
    ]);
    expect(unpaid[0]).toMatchObject({ lineTotalCents: 9998, ...splitSale(9998) });

    await payOrder(database.db, jobs, order!);
    const items = await itemsOf(database.db, order!.id);
    const records = await licensesOfItems(
      database.db,
      items.map((item) => item.id),
    );
    expect(records.get(items[0]!.id)).toMatchObject({
      tier: "commercial",
      seats: 2,
      termsVersion: "2026-11",
      status: "active",
      key: items[0]!.licenseKey,
    });
    expect(records.get(items[1]!.id)).toMatchObject({ tier: "personal", seats: 1, status: "active" });
    expect(items[0]!.licenseKey).toMatch(/^DGM(-[A-Z0-9]{4}){4}$/);
    expect(items[0]!.licenseKey).not.toBe(items[1]!.licenseKey);

    const license = records.get(items[0]!.id)!;
    await revokeLicense(database.db, items[0]!.id);
    const [revoked] = await database.db.select().from(licenses).where(eq(licenses.id, license.id));
    expect(revoked!.status).toBe("revoked");
    expect(
      (await historyOf(database.db, license.id)).map((change) => [change.kind, change.tier, change.seats]),
    ).toEqual([
      ["issued", "commercial", 2],
      ["revoked", "commercial", 2],
    ]);
  });

  it("refuses prices where a higher tier costs less than a lower one (the database's rule)", async () => {
    await expect(createProduct(database.db, { priceCents: 2000, commercialPriceCents: 1999 })).rejects.toThrow();
    await expect(
      createProduct(database.db, { priceCents: 2000, commercialPriceCents: 3000, extendedPriceCents: 2999 }),
    ).rejects.toThrow();
    await expect(createProduct(database.db, { priceCents: 2000, extendedPriceCents: 1999 })).rejects.toThrow();
  });
});
