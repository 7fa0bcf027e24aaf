import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { orders } from "./orders.ts";

// The VAT given back to a business buyer whose VAT number VIES confirmed after the sale
// (server/orders/vat-recheck.ts, docs/decisions/058). The row is written when the number is
// confirmed, with what is owed line by line, in the transaction that takes that tax off the items:
// from then on the refund is due, whatever else happens to the order, until the provider has made it.

/** One line's tax that the refund gives back. */
export interface VatRefundLine {
  orderItemId: number;
  taxCents: number;
}

export const vatRefunds = pgTable(
  "vat_refunds",
  {
    orderId: integer("order_id")
      .primaryKey()
      .references(() => orders.id),
    /** What is given back: the lines' tax, in the order's currency's minor unit. */
    amountCents: integer("amount_cents").notNull(),
    lines: jsonb("lines").$type<VatRefundLine[]>().notNull(),
    /** When VIES confirmed the number and the refund became due. */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
    /** The provider's id of the refund, kept in the transaction that records it. */
    providerRefundRef: text("provider_refund_ref"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (table) => [
    check("vat_refunds_amount_positive", sql`${table.amountCents} > 0`),
    check("vat_refunds_done_whole", sql`(${table.refundedAt} IS NULL) = (${table.providerRefundRef} IS NULL)`),
    // The hourly job finishes the refunds a stopped run left due.
    index("vat_refunds_due_idx").on(table.dueAt).where(sql`${table.refundedAt} IS NULL`),
  ],
);
