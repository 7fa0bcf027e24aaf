import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct, createSeller } from "../../tests/support/factories.ts";
import { FLAT_TAX, shopperWithCart } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { type OrderStatus, orderItems, orders } from "../db/schema.ts";
import { csvCell } from "../lib/csv.ts";
import { checkoutSchema } from "../orders/checkout-schema.ts";
import { placeOrder } from "../orders/place-order.ts";
import { consentingCustomerEmails, customersCsv, listCustomers } from "./customers.ts";

const database = setUpTestDatabase();
let creatorId = 0;
let planner = 0;
let poster = 0;
let elsewhere = 0;

/** An order of `productIds` by `email` under `name`, paid on `day` of Nov 2026 unless `status` says otherwise. */
async function bought(
  email: string,
  productIds: number[],
  options: { name?: string; consent?: boolean; status?: OrderStatus; day?: number } = {},
) {
  const { order, items } = await createOrder(database.db, {
    productIds,
    status: options.status ?? "paid",
    paidAt: new Date(Date.UTC(2026, 10, options.day ?? 1, 12)),
  });
  await database.db
    .update(orders)
    .set({ email, customerName: options.name ?? "Buyer", sellerContactConsent: options.consent ?? false })
    .where(eq(orders.id, order.id));
  return { order, items };
}

beforeAll(async () => {
  const seller = await createSeller(database.db);
  creatorId = seller.creator.id;
  planner = (await createProduct(database.db, { creatorId, priceCents: 1500 })).id;
  poster = (await createProduct(database.db, { creatorId, priceCents: 1000 })).id;
  elsewhere = (await createProduct(database.db, { priceCents: 9900 })).id;

  // Ada: three orders (one a guest's, in capitals), consent on one of them only.
  await bought("ada@example.com", [planner], { name: "Ada L", day: 1 });
  await bought("ADA@example.com", [poster, elsewhere], { name: "Ada Lovelace", consent: true, day: 5 });
  const partly = await bought("ada@example.com", [planner, poster], { day: 3, status: "partially_refunded" });
  await database.db.update(orderItems).set({ status: "refunded" }).where(eq(orderItems.id, partly.items[1]!.id));
  // Bob never agreed; his unpaid and refunded orders do not count.
  await bought("bob@example.com", [poster], { name: '=HYPERLINK("http://evil.test")', day: 2 });
  await bought("bob@example.com", [planner], { status: "pending_payment", consent: true, day: 9 });
  await bought("bob@example.com", [planner], { status: "refunded", consent: true, day: 9 });
  // Cy agreed, but bought only another seller's product: not this seller's customer.
  await bought("cy@example.com", [elsewhere], { consent: true });
  // Dee agreed; her name needs quoting.
  await bought("dee@example.com", [planner], { name: 'Dee "D", Jr.', consent: true, day: 4 });
});

describe("a seller's customers", () => {
  it("are one row per address, with what they paid for the seller's products, latest purchase first", async () => {
    const { customers, total } = await listCustomers(database.db, { creatorId });
    expect(total).toBe(3);
    expect(customers).toEqual([
      {
        name: "Ada Lovelace",
        email: "ada@example.com",
        purchases: 3,
        // 15.00 + 10.00 + 15.00 (the refunded poster and the other seller's product are not theirs)
        spentCents: 4000,
        lastPurchaseAt: new Date(Date.UTC(2026, 10, 5, 12)),
      },
      {
        name: 'Dee "D", Jr.',
        email: "dee@example.com",
        purchases: 1,
        spentCents: 1500,
        lastPurchaseAt: new Date(Date.UTC(2026, 10, 4, 12)),
      },
      // Bob never agreed: no address (his consent on orders he did not pay for does not count).
      {
        name: '=HYPERLINK("http://evil.test")',
        email: null,
        purchases: 1,
        spentCents: 1000,
        lastPurchaseAt: new Date(Date.UTC(2026, 10, 2, 12)),
      },
    ]);
    expect((await listCustomers(database.db, { creatorId, page: 2 })).customers).toEqual([]);
  });

  it("who agreed to hear from the seller are a broadcast's customers", async () => {
    expect(await consentingCustomerEmails(database.db, creatorId)).toEqual(["ada@example.com", "dee@example.com"]);
    const other = await createSeller(database.db);
    expect(await consentingCustomerEmails(database.db, other.creator.id)).toEqual([]);
  });

  it("export as CSV: quoted, formulas kept as text, no address of a buyer who did not agree", async () => {
    const csv = await customersCsv(database.db, creatorId);
    expect(csv.split("\r\n")).toEqual([
      "Name,Email,Purchases,Total spent (USD),Last purchase",
      "Ada Lovelace,ada@example.com,3,40.00,2026-11-05",
      '"Dee ""D"", Jr.",dee@example.com,1,15.00,2026-11-04',
      `"'=HYPERLINK(""http://evil.test"")",,1,10.00,2026-11-02`,
      "",
    ]);
    expect(csv).not.toContain("bob@example.com");
    expect(csv).not.toContain("cy@example.com");
  });

  it("CSV cells that a spreadsheet would run are prefixed; others are as they are", () => {
    expect(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "plain", "a,b", "line\nbreak"].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      "plain",
      '"a,b"',
      '"line\nbreak"',
    ]);
  });
});

describe("the consent at checkout", () => {
  const form = (fields: Record<string, string>) => ({ idempotencyKey: "a-checkout-key-1234567890", ...fields });

  it("is read from the checkout's box: ticked is yes, absent or empty is no, anything else is refused", () => {
    expect(checkoutSchema.parse(form({ sellerContactConsent: "on" })).sellerContactConsent).toBe(true);
    expect(checkoutSchema.parse(form({})).sellerContactConsent).toBe(false);
    expect(checkoutSchema.parse(form({ sellerContactConsent: "" })).sellerContactConsent).toBe(false);
    expect(checkoutSchema.safeParse(form({ sellerContactConsent: "yes please" })).success).toBe(false);
  });

  it("is saved on the order when given, and is no otherwise", async () => {
    const buyer = { userId: null, name: "Eve", email: "eve@example.com" };
    const yes = await placeOrder(database.db, {
      tax: FLAT_TAX,
      shopperId: await shopperWithCart(database.db, [planner]),
      buyer,
      idempotencyKey: `consent-yes-${Date.now()}`,
      sellerContactConsent: true,
    });
    const absent = await placeOrder(database.db, {
      tax: FLAT_TAX,
      shopperId: await shopperWithCart(database.db, [planner]),
      buyer,
      idempotencyKey: `consent-absent-${Date.now()}`,
    });
    expect([yes.sellerContactConsent, absent.sellerContactConsent]).toEqual([true, false]);
  });
});
