import { eq, sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { connectionFor } from "../../tests/support/connection.ts";
import { createOrder, createProduct } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { connect } from "../db/client.ts";
import { type InvoiceParty, invoices, orderItems, orders } from "../db/schema.ts";
import { apportion } from "../orders/money.ts";
import { invoicePdf } from "./invoice-pdf.ts";
import { invoiceCode, invoiceLinesOf, invoicesOfOrder, issueCreditNote, issueInvoice } from "./invoices.ts";

const database = setUpTestDatabase();
const SUPPLIER: InvoiceParty = {
  name: "Test Market Ltd",
  address: ["1 Shop Street", "London"],
  taxNumber: "GB123456789",
};
let productIds: number[] = [];

beforeAll(async () => {
  const prices = [1999, 500, 3001];
  productIds = await Promise.all(
    prices.map(async (priceCents) => (await createProduct(database.db, { priceCents })).id),
  );
});

/** A paid order of `ids` with `taxCents` of tax on it. */
/** A paid order whose lines were charged `taxCents` in all, shared out over them as the flat rule does. */
async function paidOrderWithTax(ids: number[], taxCents: number) {
  const { order, items } = await createOrder(database.db, { productIds: ids });
  await database.db
    .update(orders)
    .set({ taxCents, totalCents: sql`${orders.subtotalCents} - ${orders.discountCents} + ${taxCents}` })
    .where(eq(orders.id, order.id));
  const shares = apportion(
    taxCents,
    items.map((item) => item.netCents),
  );
  for (const [index, item] of items.entries()) {
    await database.db
      .update(orderItems)
      .set({ taxCents: shares[index]!, taxRateTenths: 8000 })
      .where(eq(orderItems.id, item.id));
  }
  return order;
}

const numbersOf = async (kind: "invoice" | "credit_note") =>
  (await database.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.kind, kind)))
    .map((row) => row.number)
    .sort((a, b) => a - b);

describe("an order's invoice", () => {
  it("has each line's net, rate, tax and gross as the order charged them (Quebec's 14.975% too)", () => {
    const lines = invoiceLinesOf([
      { title: "Planner", licenseType: "personal", quantity: 1, netCents: 1000, taxCents: 81, taxRateTenths: 8000 },
      { title: "Poster", licenseType: "extended", quantity: 2, netCents: 840, taxCents: 160, taxRateTenths: 19000 },
      { title: "Course", licenseType: "personal", quantity: 1, netCents: 900, taxCents: 135, taxRateTenths: 14975 },
    ]);
    expect(lines).toEqual([
      { description: "Planner", quantity: 1, netCents: 1000, rateBasisPoints: 800, taxCents: 81, grossCents: 1081 },
      {
        description: "Poster (Extended license)",
        quantity: 2,
        netCents: 840,
        rateBasisPoints: 1900,
        taxCents: 160,
        grossCents: 1000,
      },
      { description: "Course", quantity: 1, netCents: 900, rateBasisPoints: 1497.5, taxCents: 135, grossCents: 1035 },
    ]);
  });

  it("is issued in the shop's name with the buyer's, its totals those of the order, once however often asked", async () => {
    const order = await paidOrderWithTax(productIds, 440);
    const invoice = await database.db.transaction((tx) => issueInvoice(tx, { orderId: order.id, supplier: SUPPLIER }));
    expect(invoice).toMatchObject({
      kind: "invoice",
      code: invoiceCode("invoice", invoice.number),
      supplier: SUPPLIER,
      buyer: { name: order.customerName, email: order.email },
      netCents: 1999 + 500 + 3001,
      taxCents: 440,
      grossCents: 1999 + 500 + 3001 + 440,
      currency: "usd",
    });
    expect(invoice.lines.map((line) => line.netCents)).toEqual([1999, 500, 3001]);
    const again = await database.db.transaction((tx) => issueInvoice(tx, { orderId: order.id, supplier: SUPPLIER }));
    expect(again.id).toBe(invoice.id);
    expect(await invoicesOfOrder(database.db, order.id)).toHaveLength(1);
  });

  it("prints its number with the series' prefix, six digits at least", () => {
    expect(invoiceCode("invoice", 42)).toBe("INV-000042");
    expect(invoiceCode("credit_note", 7)).toBe("CN-000007");
    expect(invoiceCode("invoice", 1_234_567)).toBe("INV-1234567");
  });
});

describe("the invoices' numbers", () => {
  it("run unbroken under parallel checkouts on two app servers, and a number whose payment rolled back is given again", async () => {
    // A second app server: its own pool on the same database.
    const other = connect(connectionFor(inject("postgresServer"), database.name), 4);
    try {
      const before = await numbersOf("invoice");
      const ordersToPay = await Promise.all(Array.from({ length: 12 }, () => paidOrderWithTax([productIds[0]!], 160)));
      // One payment fails after its invoice was numbered: its transaction rolls back.
      const failed = database.db
        .transaction(async (tx) => {
          await issueInvoice(tx, { orderId: ordersToPay[0]!.id, supplier: SUPPLIER });
          throw new Error("the payment's transaction failed");
        })
        .catch(() => "rolled back");
      const paid = ordersToPay
        .slice(1)
        .map((order, index) =>
          (index % 2 === 0 ? database.db : other.db).transaction((tx) =>
            issueInvoice(tx, { orderId: order.id, supplier: SUPPLIER }),
          ),
        );
      expect(await failed).toBe("rolled back");
      await Promise.all(paid);
      const after = await numbersOf("invoice");
      const first = (before.at(-1) ?? 0) + 1;
      expect(after).toEqual([...before, ...Array.from({ length: 11 }, (_, index) => first + index)]);
    } finally {
      await other.close();
    }
  });
});

describe("a refund's credit note", () => {
  it("refers to the order's invoice and gives back the item's line; the notes of every item add up to the invoice", async () => {
    const order = await paidOrderWithTax(productIds, 440);
    const invoice = await database.db.transaction((tx) => issueInvoice(tx, { orderId: order.id, supplier: SUPPLIER }));
    const items = await database.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(orderItems.id);
    const notes = [];
    for (const item of items) {
      notes.push(
        await database.db.transaction((tx) => issueCreditNote(tx, { orderItemId: item.id, supplier: SUPPLIER })),
      );
    }
    expect(notes[1]).toMatchObject({
      kind: "credit_note",
      code: invoiceCode("credit_note", notes[1]!.number),
      creditsInvoiceId: invoice.id,
      orderItemId: items[1]!.id,
      lines: [invoice.lines[1]],
      grossCents: invoice.lines[1]!.grossCents,
    });
    expect(notes.reduce((sum, note) => sum + note.grossCents, 0)).toBe(invoice.grossCents);
    expect(notes.reduce((sum, note) => sum + note.taxCents, 0)).toBe(invoice.taxCents);
    // Asked again for the same item (a retried refund): the same note.
    const again = await database.db.transaction((tx) =>
      issueCreditNote(tx, { orderItemId: items[0]!.id, supplier: SUPPLIER }),
    );
    expect(again.id).toBe(notes[0]!.id);
  });

  it("of an order paid before invoices were issued, comes after the invoice it then gets", async () => {
    const order = await paidOrderWithTax([productIds[1]!], 40);
    const [item] = await database.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    const note = await database.db.transaction((tx) =>
      issueCreditNote(tx, { orderItemId: item!.id, supplier: SUPPLIER }),
    );
    const [invoice] = await invoicesOfOrder(database.db, order.id);
    expect(invoice).toMatchObject({ kind: "invoice", grossCents: 540 });
    expect(note).toMatchObject({ creditsInvoiceId: invoice!.id, grossCents: 540, taxCents: 40 });
  });
});

describe("an invoice as PDF", () => {
  const textOf = async (pdf: Buffer) =>
    (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text.replace(/\s+/g, " ");

  it("reads as the law asks: number, date, supplier and buyer, each line's net, rate, tax and gross, the totals; a credit note names its invoice", async () => {
    const order = await paidOrderWithTax([productIds[0]!, productIds[2]!], 400);
    const invoice = await database.db.transaction((tx) => issueInvoice(tx, { orderId: order.id, supplier: SUPPLIER }));
    const text = await textOf(
      await invoicePdf(invoice, { creditsCode: null, orderNumber: order.number, suppliedAt: order.paidAt! }),
    );
    for (const expected of [
      `Invoice ${invoice.code}`,
      "Date of issue and of supply:",
      `Order ${order.number}`,
      "Test Market Ltd",
      "1 Shop Street",
      "Tax number: GB123456789",
      order.email,
      "$19.99 8% $1.60 $21.59",
      "$30.01 8% $2.40 $32.41",
      "Total $50.00 $4.00 $54.00",
    ]) {
      expect(text).toContain(expected);
    }
    const [item] = await database.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(orderItems.id);
    const note = await database.db.transaction((tx) =>
      issueCreditNote(tx, { orderItemId: item!.id, supplier: SUPPLIER }),
    );
    const noteText = await textOf(
      await invoicePdf(note, { creditsCode: invoice.code, orderNumber: order.number, suppliedAt: note.issuedAt }),
    );
    expect(noteText).toContain(`Credit note ${note.code}`);
    expect(noteText).toContain(`Amends invoice ${invoice.code}`);
    expect(noteText).toContain("Total $19.99 $1.60 $21.59");
  });
});
