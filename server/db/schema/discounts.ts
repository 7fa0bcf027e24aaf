import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { creators, products } from "./catalogue.ts";
import { orders } from "./orders.ts";

// Discount codes (server/discounts/) and the orders that used them.

// Discount codes: a seller's, for some of their products or all of them, or the platform's
// site-wide sale (no creator), for every product. Entered in the cart; checked and applied on the
// server each time the cart is priced, and held for an order when it is placed.
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: serial("id").primaryKey(),
    /** As the seller wrote it; matched without regard to case. */
    code: text("code").notNull(),
    /** The seller's shop; null for a site-wide sale made by an admin. */
    creatorId: integer("creator_id").references(() => creators.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["percent", "amount"] }).notNull(),
    /** 1-100 for a percent code; cents for an amount code. */
    value: integer("value").notNull(),
    /** Every product of the creator (or, site-wide, of the shop), or only those in discount_code_products. */
    allProducts: boolean("all_products").notNull().default(true),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** How many orders may use it in all; null for no limit. */
    maxUses: integer("max_uses"),
    oncePerBuyer: boolean("once_per_buyer").notNull().default(false),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("discount_codes_code_idx").on(sql`upper(${table.code})`),
    check("discount_codes_kind_known", sql`${table.kind} IN ('percent', 'amount')`),
    check(
      "discount_codes_value_range",
      sql`(${table.kind} = 'percent' AND ${table.value} BETWEEN 1 AND 100) OR (${table.kind} = 'amount' AND ${table.value} > 0)`,
    ),
    check("discount_codes_max_uses_positive", sql`${table.maxUses} IS NULL OR ${table.maxUses} > 0`),
    check(
      "discount_codes_dates",
      sql`${table.startsAt} IS NULL OR ${table.endsAt} IS NULL OR ${table.endsAt} > ${table.startsAt}`,
    ),
    index("discount_codes_creator_idx").on(table.creatorId),
  ],
);

export const discountCodeProducts = pgTable(
  "discount_code_products",
  {
    codeId: integer("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.codeId, table.productId] })],
);

// Each order that used a code. A use is taken when the order is placed and given back when the
// order ends unpaid (expired or cancelled): uses are counted from these rows and their orders'
// status, under a lock on the code's row (server/discounts/discount-codes.ts).
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    codeId: integer("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The buyer, for once-per-buyer codes: lowercased email. */
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("discount_redemptions_code_email_idx").on(table.codeId, table.email)],
);
