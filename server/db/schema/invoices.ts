import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { orderItems, orders } from "./orders.ts";

// Invoices and credit notes (server/invoices/): what the shop, as the supplier, issued for each paid
// order and each refund, kept as issued (a later change of a product, a price or the shop's address
// changes no invoice). Their numbers run in unbroken series (invoice_series).

export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/**
 * One row per series: the next number to give. Taken with the row locked inside the transaction
 * that issues the document, so that a number is given once, in order, and given back (not skipped)
 * when that transaction rolls back, however many servers issue at once.
 */
export const invoiceSeries = pgTable(
  "invoice_series",
  {
    kind: text("kind", { enum: INVOICE_KINDS }).primaryKey(),
    nextNumber: integer("next_number").notNull().default(1),
  },
  (table) => [
    check("invoice_series_next_positive", sql`${table.nextNumber} >= 1`),
    check("invoice_series_kind", sql`${table.kind} IN ('invoice', 'credit_note')`),
  ],
);

/** A line as issued: what was sold, and its net, rate, tax and gross in the order's currency's minor unit. */
export interface InvoiceLine {
  description: string;
  quantity: number;
  netCents: number;
  /** The tax rate in basis points (800: 8%). */
  rateBasisPoints: number;
  taxCents: number;
  grossCents: number;
  /** A credit note's line that gives back only the tax of the invoice's line (net 0, gross the tax). */
  taxOnly?: true;
}

/** A party as printed on the document. */
export interface InvoiceParty {
  name: string;
  /** Lines of the postal address; none when the shop was not given one. */
  address: string[];
  email?: string;
  /** A VAT or other tax number, where there is one. */
  taxNumber?: string;
}

export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: INVOICE_KINDS }).notNull(),
    /** Its number in its kind's series, from 1, without gaps. */
    number: integer("number").notNull(),
    /** The number as printed: "INV-000042", "CN-000007". */
    code: text("code").notNull().unique(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    /** A credit note's refunded item; null on a credit note of the tax only (a VAT number confirmed after the sale). */
    orderItemId: integer("order_item_id").references(() => orderItems.id),
    /** A credit note's invoice. */
    creditsInvoiceId: integer("credits_invoice_id").references((): AnyPgColumn => invoices.id),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    currency: text("currency").notNull(),
    supplier: jsonb("supplier").$type<InvoiceParty>().notNull(),
    buyer: jsonb("buyer").$type<InvoiceParty>().notNull(),
    lines: jsonb("lines").$type<InvoiceLine[]>().notNull(),
    netCents: integer("net_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    grossCents: integer("gross_cents").notNull(),
    /** What the law asks to be said on it beyond the figures (a reverse charge, say); null when nothing. */
    mention: text("mention"),
  },
  (table) => [
    uniqueIndex("invoices_kind_number_idx").on(table.kind, table.number),
    // One invoice per order, one credit note per refunded item, one of the tax only per order.
    uniqueIndex("invoices_order_invoice_idx").on(table.orderId).where(sql`${table.kind} = 'invoice'`),
    uniqueIndex("invoices_item_credit_note_idx").on(table.orderItemId).where(sql`${table.kind} = 'credit_note'`),
    uniqueIndex("invoices_order_tax_credit_note_idx")
      .on(table.orderId)
      .where(sql`${table.kind} = 'credit_note' AND ${table.orderItemId} IS NULL`),
    check("invoices_kind", sql`${table.kind} IN ('invoice', 'credit_note')`),
    check("invoices_adds_up", sql`${table.grossCents} = ${table.netCents} + ${table.taxCents}`),
    check(
      "invoices_credit_note_refers",
      sql`(${table.kind} = 'invoice') = (${table.creditsInvoiceId} IS NULL AND ${table.orderItemId} IS NULL)`,
    ),
  ],
);
