import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../tests/support/factories.ts";
import { FLAT_TAX } from "../../tests/support/orders.ts";
import { cookieFrom, linkIn, setUpTestAuth } from "../../tests/support/test-auth.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { signIn, signUp } from "../accounts/credentials.ts";
import { addToCart } from "../cart/cart.ts";
import { ensureShopper } from "../cart/shopper.ts";
import { orders } from "../db/schema.ts";
import { placeOrder } from "./place-order.ts";

const database = setUpTestDatabase();
const testAuth = setUpTestAuth(database);
let productId = 0;

beforeAll(async () => {
  productId = (await createProduct(database.db)).id;
});

async function guestOrder(email: string) {
  const { id } = await ensureShopper(database.db, { userId: null, guestId: null });
  await addToCart(database.db, { shopperId: id, productId });
  return placeOrder(database.db, {
    tax: FLAT_TAX,
    shopperId: id,
    buyer: { userId: null, name: "Guest", email },
    idempotencyKey: `claim-${email}-${Math.random().toString(36).slice(2)}`,
  });
}

const ownerOf = async (orderId: number) =>
  (await database.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)))[0]!.userId;

describe("a guest's orders join the account with the same address", () => {
  it("only once the address is confirmed, whatever its letter case", async () => {
    const order = await guestOrder("Lovelace@Example.com");
    const password = "analytical-engine";
    const { user: created } = await signUp(testAuth.client(), {
      name: "Ada",
      email: "lovelace@example.com",
      password,
      confirmPassword: password,
    });
    // Typing an address proves nothing: the order stays a guest's.
    expect(await ownerOf(order.id)).toBeNull();
    const confirmation = testAuth.emailsTo("lovelace@example.com").at(-1)!;
    await testAuth.auth.handler(new Request(linkIn(confirmation)));
    expect(await ownerOf(order.id)).toBe(created.id);

    // Orders placed as a guest later join at the next sign-in.
    const later = await guestOrder("lovelace@example.com");
    const { headers } = await signIn(testAuth.client(), { email: "lovelace@example.com", password });
    expect(cookieFrom(headers)).not.toBe("");
    expect(await ownerOf(later.id)).toBe(created.id);
  });

  it("never gives an account another address's orders", async () => {
    const order = await guestOrder("someone-else@example.com");
    const password = "difference-engine";
    await signUp(testAuth.client(), {
      name: "Charles",
      email: "babbage@example.com",
      password,
      confirmPassword: password,
    });
    await testAuth.auth.handler(new Request(linkIn(testAuth.emailsTo("babbage@example.com").at(-1)!)));
    await signIn(testAuth.client(), { email: "babbage@example.com", password });
    expect(await ownerOf(order.id)).toBeNull();
  });
});
