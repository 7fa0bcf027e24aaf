import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { PAYOUT_METHOD_KEYS } from "../../../shared/shop-facts.ts";
import { creators } from "./catalogue.ts";
import { orderItems } from "./orders.ts";

// Sellers' money: every sale, refund and payout is an entry in the seller's
// ledger; the balance is their sum. Payouts go out weekly on Friday when it is at least $25.

export const payoutSettings = pgTable("payout_settings", {
  creatorId: integer("creator_id")
    .primaryKey()
    .references(() => creators.id, { onDelete: "cascade" }),
  method: text("method", { enum: PAYOUT_METHOD_KEYS }).notNull(),
  /**
   * Where the money goes, as the seller may see it (a PayPal address, or a bank account's last four
   * digits). Moving money is the payment provider's job: full account numbers are never kept here.
   */
  destination: text("destination").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const payouts = pgTable(
  "payouts",
  {
    id: serial("id").primaryKey(),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    method: text("method", { enum: PAYOUT_METHOD_KEYS }).notNull(),
    destination: text("destination").notNull(),
    /** The Friday of the payout run: one payout per seller and week. */
    weekOf: date("week_of", { mode: "string" }).notNull(),
    /** 2-3 business days after the payout: the last of them. */
    fundsAvailableOn: date("funds_available_on", { mode: "string" }).notNull(),
    status: text("status", { enum: ["sent", "failed"] })
      .notNull()
      .default("sent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("payouts_amount_positive", sql`${table.amountCents} > 0`),
    uniqueIndex("payouts_creator_week_idx").on(table.creatorId, table.weekOf),
  ],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: serial("id").primaryKey(),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["sale", "refund", "payout"] }).notNull(),
    /** Signed: a sale adds the seller's 70%, a refund takes it back, a payout takes what was paid. */
    amountCents: integer("amount_cents").notNull(),
    orderItemId: integer("order_item_id").references(() => orderItems.id, { onDelete: "set null" }),
    payoutId: integer("payout_id").references(() => payouts.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("ledger_entries_kind_known", sql`${table.kind} IN ('sale', 'refund', 'payout')`),
    // A sale or a refund is entered once per order item.
    uniqueIndex("ledger_entries_item_kind_idx")
      .on(table.orderItemId, table.kind)
      .where(sql`${table.orderItemId} IS NOT NULL`),
    index("ledger_entries_creator_idx").on(table.creatorId, table.createdAt.desc().nullsFirst()),
  ],
);
