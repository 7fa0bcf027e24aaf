import type { Cart } from "@server/cart/cart.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../../tests/support/factories.ts";
import { FLAT_TAX } from "../../../tests/support/orders.ts";
import { contextAs, type RouteBody, routeAnswer } from "../../../tests/support/route-answer.ts";
import { setUpTestDatabase } from "../../../tests/support/test-database.ts";
import { action, loader } from "./cart.ts";

// POST /api/v1/cart as anything but the shop's own buttons may send it: the cart holds only what
// the catalogue says, whatever the request makes up.

const database = setUpTestDatabase();
let productId = "";

beforeAll(async () => {
  productId = String((await createProduct(database.db)).id);
});

/** A guest: the cookie an answer sets (the guest's id) goes with their next requests, as a browser's would. */
function aGuest() {
  let cookie: string | undefined;
  const asked = () => ({
    url: "/api/v1/cart",
    context: contextAs(null, {
      db: database.db,
      publicUrl: "http://shop.test",
      tax: FLAT_TAX,
      clientAddress: "127.0.0.1",
    }),
    headers: cookie ? { cookie } : undefined,
  });
  return {
    async post(body: RouteBody) {
      const answer = await routeAnswer<{ ok: boolean; message?: string }>(action, { ...asked(), body });
      cookie = answer.headers?.get("set-cookie")?.split(";")[0] ?? cookie;
      return answer;
    },
    async cart() {
      return (await routeAnswer<Cart>(loader, asked())).data!;
    },
  };
}

describe("the cart", () => {
  it("ignores what the browser makes up: bad ids, quantities and prices", async () => {
    const guest = aGuest();
    for (const [form, message] of [
      [{ intent: "add", productId: "abc" }, "Please choose a product."],
      [{ intent: "add", productId: "-3" }, "Please choose a product."],
      [{ intent: "add", productId: "99999999" }, "This product is not available."],
      [{ intent: "set", productId, quantity: "1000000" }, "You can have at most 99 of one product in your cart."],
      [{ intent: "set", productId, quantity: "two" }, "Please give the quantity as a whole number."],
      [{ intent: "set", productId, quantity: "1.5" }, "Please give the quantity as a whole number."],
    ] as const) {
      const answer = await guest.post(form);
      // Refused as the client's mistake (400, or 404 for a product that is not on sale), never a fault.
      expect([400, 404], JSON.stringify(form)).toContain(answer.status);
      expect(answer.data!.message).toBe(message);
    }
    expect((await guest.post({ intent: "buy-everything" })).status).toBe(400);
    expect((await guest.cart()).count).toBe(0);

    // A price sent along is ignored: the cart's total is the catalogue's.
    const added = await guest.post({ intent: "set", productId, quantity: "2", priceCents: "1", price: "0.01" });
    expect(added.status).toBe(200);
    const cart = await guest.cart();
    expect(cart.lines[0]!.quantity).toBe(2);
    expect(cart.count).toBe(1); // products, not seats (decision 040)
    expect(cart.subtotalCents).toBe(2 * cart.lines[0]!.priceCents);
    expect(cart.lines[0]!.priceCents).toBeGreaterThan(1);
  });
});
