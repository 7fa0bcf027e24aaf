import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { licensedTitle } from "../../shared/license-tiers.ts";
import type { Queryable } from "../db/client.ts";
import {
  type InvoiceKind,
  type InvoiceLine,
  type InvoiceParty,
  invoiceSeries,
  invoices,
  orderItems,
  orders,
} from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";

// The shop's invoices and credit notes (docs/decisions/061): the shop sells as the supplier, so
// every paid order gets an invoice in its name, and every refund a credit note that refers to it.
// Each is issued inside the transaction that pays or refunds, with the next number of its series,
// and kept as issued.

export type Invoice = typeof invoices.$inferSelect;
type Order = typeof orders.$inferSelect;

const PREFIX: Record<InvoiceKind, string> = { invoice: "INV", credit_note: "CN" };

/** The printed number: "INV-000042". Six digits at least, more when the series outgrows them. */
export function invoiceCode(kind: InvoiceKind, number: number): string {
  return `${PREFIX[kind]}-${String(number).padStart(6, "0")}`;
}

/**
 * The next number of `kind`'s series, taken in the caller's transaction: its row stays locked until
 * that transaction ends, so numbers are given in commit order, once each, and one whose transaction
 * rolls back is given again rather than skipped.
 */
async function takeNumber(tx: Queryable, kind: InvoiceKind): Promise<number> {
  const [row] = await tx
    .insert(invoiceSeries)
    .values({ kind, nextNumber: 2 })
    .onConflictDoUpdate({ target: invoiceSeries.kind, set: { nextNumber: sql`${invoiceSeries.nextNumber} + 1` } })
    .returning({ number: sql<number>`${invoiceSeries.nextNumber} - 1` });
  return row!.number;
}

/** What an order's lines were sold for: each line's net, the rate and tax charged on it, and its gross, as the order kept them. */
export function invoiceLinesOf(
  items: readonly {
    title: string;
    licenseType: Parameters<typeof licensedTitle>[1];
    quantity: number;
    netCents: number;
    taxCents: number;
    taxRateTenths: number;
  }[],
): InvoiceLine[] {
  return items.map((item) => ({
    description: licensedTitle(item.title, item.licenseType),
    quantity: item.quantity,
    netCents: item.netCents,
    rateBasisPoints: item.taxRateTenths / 10,
    taxCents: item.taxCents,
    grossCents: item.netCents + item.taxCents,
  }));
}

const sumOf = (lines: readonly InvoiceLine[], field: "netCents" | "taxCents" | "grossCents") =>
  lines.reduce((sum, line) => sum + line[field], 0);

async function orderWithItems(tx: Queryable, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Refusal("This order does not exist.", "not-found");
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  return { order, items };
}

/** The buyer as the invoice names them: a business with its VAT number, and the address VIES gave for it. */
function buyerOf(order: Pick<Order, "customerName" | "email" | "buyerVatNumber" | "buyerVatEvidence">): InvoiceParty {
  const confirmed = order.buyerVatEvidence?.findLast((check) => check.status === "valid");
  return {
    name: confirmed?.name ?? order.customerName,
    address: confirmed?.address ? confirmed.address.split(/\r?\n/).filter(Boolean) : [],
    email: order.email,
    ...(order.buyerVatNumber ? { taxNumber: order.buyerVatNumber } : {}),
  };
}

/**
 * The invoice of a paid order, issued in the transaction that pays it (fulfilOrder); the one it has
 * when it was issued before (an order is paid once: this only makes a retry harmless).
 */
export async function issueInvoice(
  tx: Queryable,
  { orderId, supplier }: { orderId: number; supplier: InvoiceParty },
): Promise<Invoice> {
  const [issued] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
  if (issued) return issued;
  const { order, items } = await orderWithItems(tx, orderId);
  const lines = invoiceLinesOf(items);
  const number = await takeNumber(tx, "invoice");
  const [invoice] = await tx
    .insert(invoices)
    .values({
      kind: "invoice",
      number,
      code: invoiceCode("invoice", number),
      orderId,
      currency: order.currency,
      supplier,
      buyer: buyerOf(order),
      lines,
      netCents: sumOf(lines, "netCents"),
      taxCents: sumOf(lines, "taxCents"),
      grossCents: sumOf(lines, "grossCents"),
      mention: order.taxMention,
    })
    .returning();
  return invoice!;
}

/**
 * The credit note of a refunded item, issued in the transaction that records the refund: the
 * item's line of its order's invoice (what was paid for it and its share of the tax, as the refund
 * gave back), referring to that invoice. An order paid before invoices were issued gets its invoice
 * first. One credit note per item: a retry answers the one issued.
 */
export async function issueCreditNote(
  tx: Queryable,
  { orderItemId, supplier }: { orderItemId: number; supplier: InvoiceParty },
): Promise<Invoice> {
  const [issued] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderItemId, orderItemId), eq(invoices.kind, "credit_note")));
  if (issued) return issued;
  const [item] = await tx
    .select({ orderId: orderItems.orderId })
    .from(orderItems)
    .where(eq(orderItems.id, orderItemId));
  if (!item) throw new Refusal("This item does not exist.", "not-found");
  const invoice = await issueInvoice(tx, { orderId: item.orderId, supplier });
  const { items } = await orderWithItems(tx, item.orderId);
  const index = items.findIndex((each) => each.id === orderItemId);
  // The item's tax as it stands, as its refund gives it back: none left once a credit note of the
  // tax only gave it back (a VAT number confirmed after the sale), when the net alone is credited.
  const asInvoiced = invoice.lines[index]!;
  const { taxCents } = items[index]!;
  const line = { ...asInvoiced, taxCents, grossCents: asInvoiced.netCents + taxCents };
  const number = await takeNumber(tx, "credit_note");
  const [note] = await tx
    .insert(invoices)
    .values({
      kind: "credit_note",
      number,
      code: invoiceCode("credit_note", number),
      orderId: item.orderId,
      orderItemId,
      creditsInvoiceId: invoice.id,
      currency: invoice.currency,
      supplier,
      buyer: invoice.buyer,
      lines: [line],
      netCents: line.netCents,
      taxCents: line.taxCents,
      grossCents: line.grossCents,
      mention: invoice.mention,
    })
    .returning();
  return note!;
}

/**
 * The credit note of the tax only of an order whose buyer's VAT number was confirmed after the sale
 * (server/orders/vat-recheck.ts), issued in the transaction that records its refund: for each line
 * refunded, the tax its invoice line charged (net 0, gross the tax), referring to that invoice. It
 * names the buyer as confirmed (VIES's name and address) and says why the tax is given back
 * (`mention`). One per order: a retry answers the one issued.
 */
export async function issueTaxCreditNote(
  tx: Queryable,
  {
    orderId,
    lines: refunded,
    supplier,
    mention,
  }: {
    orderId: number;
    lines: readonly { orderItemId: number; taxCents: number }[];
    supplier: InvoiceParty;
    mention: string;
  },
): Promise<Invoice> {
  const [issued] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "credit_note"), isNull(invoices.orderItemId)));
  if (issued) return issued;
  const invoice = await issueInvoice(tx, { orderId, supplier });
  const { order, items } = await orderWithItems(tx, orderId);
  const lines: InvoiceLine[] = refunded.map(({ orderItemId, taxCents }) => {
    const line = invoice.lines[items.findIndex((each) => each.id === orderItemId)]!;
    return {
      description: `VAT on ${line.description}`,
      quantity: line.quantity,
      netCents: 0,
      rateBasisPoints: line.rateBasisPoints,
      taxCents,
      grossCents: taxCents,
      taxOnly: true,
    };
  });
  const number = await takeNumber(tx, "credit_note");
  const [note] = await tx
    .insert(invoices)
    .values({
      kind: "credit_note",
      number,
      code: invoiceCode("credit_note", number),
      orderId,
      creditsInvoiceId: invoice.id,
      currency: invoice.currency,
      supplier,
      buyer: buyerOf(order),
      lines,
      netCents: 0,
      taxCents: sumOf(lines, "taxCents"),
      grossCents: sumOf(lines, "grossCents"),
      mention,
    })
    .returning();
  return note!;
}

/** An order's invoice and credit notes, oldest first. */
export function invoicesOfOrder(db: Queryable, orderId: number): Promise<Invoice[]> {
  return db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
}
