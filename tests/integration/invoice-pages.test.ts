import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as accountInvoice } from "../../app/routes/account/invoice.ts";
import { loader as guestInvoice } from "../../app/routes/guest-invoice.ts";
import type { user } from "../../server/db/schema.ts";
import { type Invoice, issueInvoice } from "../../server/invoices/invoices.ts";
import { orderAccessToken } from "../../server/orders/order-access.ts";
import { createOrder, createProduct, createUser } from "../support/factories.ts";
import { contextAs, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// An order's invoice through its two addresses, as a browser asks for it: the account's order page
// and a guest's link. Only who may see the order gets it; anyone else, or a made-up number, gets
// the refusal page, never another order's invoice.

const database = setUpTestDatabase();
const SECRET = "a-test-secret-of-at-least-32-characters!";
type Account = typeof user.$inferSelect;
type Call = (args: never) => Promise<unknown>;
let owner: Account;
let stranger: Account;
let accountOrder: { number: string; invoice: Invoice };
let guestOrder: { number: string; invoice: Invoice };

async function invoicedOrder(userId: string | null) {
  const product = await createProduct(database.db, { priceCents: 2500 });
  const { order } = await createOrder(database.db, { productIds: [product.id], userId });
  const invoice = await database.db.transaction((tx) =>
    issueInvoice(tx, { orderId: order.id, supplier: { name: "Test Market", address: [] } }),
  );
  return { number: order.number, invoice };
}

beforeAll(async () => {
  owner = await createUser(database.db);
  stranger = await createUser(database.db);
  accountOrder = await invoicedOrder(owner.id);
  guestOrder = await invoicedOrder(null);
});

const contextOf = (account: Account | null) => contextAs(account, { db: database.db, secret: SECRET });
const asAccount = (account: Account | null, number: string, code: string) =>
  routeAnswer(accountInvoice as Call, {
    url: `/account/orders/${number}/invoices/${code}`,
    params: { number, code },
    context: contextOf(account),
  });
const asGuest = (number: string, code: string, access: string | null) =>
  routeAnswer(guestInvoice as Call, {
    url: `/orders/${number}/invoices/${code}${access ? `?access=${access}` : ""}`,
    params: { number, code },
    context: contextOf(null),
  });

const textOf = async (response: Response) =>
  (await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), { mergePages: true })).text;

describe("an order's invoice", () => {
  it("is its account's, as a private PDF download", async () => {
    const { number, invoice } = accountOrder;
    const answer = await asAccount(owner, number, invoice.code);
    expect(answer.status).toBe(200);
    expect(answer.response!.headers.get("Content-Type")).toBe("application/pdf");
    expect(answer.response!.headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer.response!.headers.get("Content-Disposition")).toBe(`attachment; filename="${invoice.code}.pdf"`);
    expect(await textOf(answer.response!)).toContain(`Invoice ${invoice.code}`);
  });

  it("is a guest's through the order's link, and nobody's without it", async () => {
    const { number, invoice } = guestOrder;
    const withLink = await asGuest(number, invoice.code, orderAccessToken(SECRET, number));
    expect(withLink.status).toBe(200);
    expect(await textOf(withLink.response!)).toContain(`Invoice ${invoice.code}`);
    const withoutLink = await asGuest(number, invoice.code, null);
    expect(withoutLink.status).toBe(404);
    expect(await withoutLink.response!.text()).toContain("Invoice unavailable");
  });

  it("is refused to another account, for another order's number, and for a made-up or malformed code", async () => {
    expect((await asAccount(stranger, accountOrder.number, accountOrder.invoice.code)).status).toBe(404);
    // The owner's order with the guest order's invoice number: not theirs.
    expect((await asAccount(owner, accountOrder.number, guestOrder.invoice.code)).status).toBe(404);
    for (const code of ["INV-999999", "INV-1", "../../etc/passwd", "INV-0000001%00", "x".repeat(5000)]) {
      const answer = await asAccount(owner, accountOrder.number, code);
      expect(answer.status, code).toBe(404);
      expect(await answer.response!.text(), code).toContain(
        "This order has no invoice or credit note with that number.",
      );
    }
  });
});
