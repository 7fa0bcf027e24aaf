import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { LICENSE_TIERS } from "../../../shared/license-tiers.ts";
import { orderItems } from "./orders.ts";

// Licences (server/licenses/): the licence of each paid order item, its history, and the seats in
// use that sellers' apps activate through the public API.

// The licence that comes with each paid order item (the License page): its key, tier, seats and
// the version of the terms it was bought under. Issued when the order is paid; revoked by a
// refund. Buyer and order are its order item's.
export const licenses = pgTable(
  "licenses",
  {
    id: serial("id").primaryKey(),
    /** What the buyer quotes: DGM and 4 groups of 4 uppercase letters and digits. */
    key: text("key").notNull().unique(),
    orderItemId: integer("order_item_id")
      .notNull()
      .unique()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    tier: text("tier", { enum: LICENSE_TIERS }).notNull(),
    seats: integer("seats").notNull(),
    termsVersion: text("terms_version").notNull(),
    status: text("status", { enum: ["active", "revoked"] })
      .notNull()
      .default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("licenses_tier_known", sql`${table.tier} IN ('personal', 'commercial', 'extended')`),
    check("licenses_seats_range", sql`${table.seats} BETWEEN 1 AND 999`),
    check("licenses_status_known", sql`${table.status} IN ('active', 'revoked')`),
  ],
);

// A licence's history, oldest first: issued, upgraded (to a tier or seats, by a paid order item),
// upgrade_refunded (back to what its other items paid for), revoked by a refund of the purchase.
// Each row is the licence as it was after the change.
export const LICENSE_CHANGE_KINDS = ["issued", "upgraded", "upgrade_refunded", "revoked"] as const;
export const licenseChanges = pgTable(
  "license_changes",
  {
    id: serial("id").primaryKey(),
    licenseId: integer("license_id")
      .notNull()
      .references(() => licenses.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: LICENSE_CHANGE_KINDS }).notNull(),
    tier: text("tier", { enum: LICENSE_TIERS }).notNull(),
    seats: integer("seats").notNull(),
    /** The order item that paid for the change (the purchase, an upgrade) or was refunded. */
    orderItemId: integer("order_item_id").references(() => orderItems.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("license_changes_kind_known", sql`${table.kind} IN ('issued', 'upgraded', 'upgrade_refunded', 'revoked')`),
    index("license_changes_license_idx").on(table.licenseId, table.id),
  ],
);

// A seat of a licence in use: the seller's app activates one per machine (or install) it runs on;
// no more are active at once than the licence's seats.
export const licenseActivations = pgTable(
  "license_activations",
  {
    id: serial("id").primaryKey(),
    licenseId: integer("license_id")
      .notNull()
      .references(() => licenses.id, { onDelete: "cascade" }),
    /** What the seller's app calls the machine or install (a name or an id of its own). */
    instance: text("instance").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("license_activations_active_idx")
      .on(table.licenseId, table.instance)
      .where(sql`${table.deactivatedAt} IS NULL`),
    index("license_activations_license_idx").on(table.licenseId),
  ],
);
