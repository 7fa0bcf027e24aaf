import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { LICENSE_TIERS } from "../../../shared/license-tiers.ts";
import type { VatNumberCheck } from "../../tax/vat-numbers/vat-number-check.ts";
import { user } from "./accounts.ts";
import { bundles } from "./bundles.ts";
import { products } from "./catalogue.ts";

// The shopper, their cart and wishlist (server/cart/).

// Whoever keeps a cart and a wishlist: a signed-in user (user_id), or a guest known by the
// random id in their `shopper` cookie. A guest's shopper is merged into the account at sign-in.
export const shoppers = pgTable(
  "shoppers",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The discount code entered in the cart, as typed (checked again each time the cart is priced). */
    discountCode: text("discount_code"),
    /** The country (and province) the shopper chose for their tax (TAX_MODE=by-location); null: not chosen yet. */
    taxCountry: text("tax_country"),
    taxRegion: text("tax_region"),
    /** A business buyer's VAT number, compacted, and what checking it answered (server/tax/vat-numbers/). */
    vatNumber: text("vat_number"),
    vatCheck: jsonb("vat_check").$type<VatNumberCheck>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The last change to the cart's lines or bundles (added, removed, a quantity, tier or price), set
     * by triggers on cart_items and cart_bundles (migration 0029) whatever makes it: the cart reminder
     * waits 24 hours after it. Not `updated_at`, which a wishlist toggle or a discount code moves too.
     */
    cartChangedAt: timestamp("cart_changed_at", { withTimezone: true }),
  },
  // Guest shoppers nobody came back for are removed by age.
  (table) => [
    index("shoppers_guest_updated_idx").on(table.updatedAt).where(sql`${table.userId} IS NULL`),
    // The hourly cart reminder looks for accounts' carts left since a day ago.
    index("shoppers_account_cart_changed_idx")
      .on(table.cartChangedAt)
      .where(sql`${table.userId} IS NOT NULL AND ${table.cartChangedAt} IS NOT NULL`),
  ],
);

export const cartItems = pgTable(
  "cart_items",
  {
    shopperId: text("shopper_id")
      .notNull()
      .references(() => shoppers.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The seats of the licence: adding the product again adds one. */
    quantity: integer("quantity").notNull(),
    /** The licence the line is for; one line per product, its tier changed in the cart. */
    licenseTier: text("license_tier", { enum: LICENSE_TIERS }).notNull().default("personal"),
    /** What the buyer chose to pay per seat, for a pay-what-you-want product. */
    chosenPriceCents: integer("chosen_price_cents"),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.shopperId, table.productId] }),
    check("cart_items_quantity_range", sql`${table.quantity} BETWEEN 1 AND 99`),
    check("cart_items_license_tier_known", sql`${table.licenseTier} IN ('personal', 'commercial', 'extended')`),
  ],
);

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    shopperId: text("shopper_id")
      .notNull()
      .references(() => shoppers.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.shopperId, table.productId] })],
);

// A bundle in a shopper's cart: always one, for Personal licences of its products.
export const cartBundles = pgTable(
  "cart_bundles",
  {
    shopperId: text("shopper_id")
      .notNull()
      .references(() => shoppers.id, { onDelete: "cascade" }),
    bundleId: integer("bundle_id")
      .notNull()
      .references(() => bundles.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.shopperId, table.bundleId] })],
);
