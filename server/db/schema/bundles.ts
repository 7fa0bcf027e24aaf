import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { creators, products } from "./catalogue.ts";

// Bundles (server/bundles/): a seller's products sold together at one price.

// A seller's products sold together at one price. Bought, it delivers each product's files with a
// Personal licence per product; each product's share of the price is in proportion to its Personal
// price, and a buyer who owns some of the products pays only the shares of the others.
export const bundles = pgTable(
  "bundles",
  {
    id: serial("id").primaryKey(),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    // draft: being prepared; published: on sale (while its products are); deleted: removed by its
    // seller, kept for the orders that name it.
    status: text("status", { enum: ["draft", "published", "deleted"] })
      .notNull()
      .default("draft"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("bundles_price_positive", sql`${table.priceCents} > 0`),
    check("bundles_status_known", sql`${table.status} IN ('draft', 'published', 'deleted')`),
    index("bundles_creator_idx").on(table.creatorId),
  ],
);

export const bundleProducts = pgTable(
  "bundle_products",
  {
    bundleId: integer("bundle_id")
      .notNull()
      .references(() => bundles.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.bundleId, table.productId] }),
    index("bundle_products_product_idx").on(table.productId),
  ],
);
