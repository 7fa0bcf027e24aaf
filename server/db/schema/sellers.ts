import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./accounts.ts";
import { creators } from "./catalogue.ts";

// Sellers. A user applies to sell; the platform approves (the user becomes a seller
// with a creator profile) or rejects with a reason.

export const APPLICATION_STATES = ["pending", "approved", "rejected"] as const;

export const sellerApplications = pgTable(
  "seller_applications",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    shopName: text("shop_name").notNull(),
    specialty: text("specialty").notNull(),
    bio: text("bio").notNull(),
    website: text("website"),
    /** A link to a sample of the applicant's work. */
    sampleUrl: text("sample_url").notNull(),
    acceptedGuidelinesAt: timestamp("accepted_guidelines_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: APPLICATION_STATES }).notNull().default("pending"),
    rejectionReason: text("rejection_reason"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [
    check("seller_applications_status_known", sql`${table.status} IN ('pending', 'approved', 'rejected')`),
    // One application under review per user at a time.
    uniqueIndex("seller_applications_one_pending_idx").on(table.userId).where(sql`${table.status} = 'pending'`),
    index("seller_applications_user_idx").on(table.userId, table.createdAt.desc().nullsFirst()),
    index("seller_applications_pending_idx").on(table.createdAt).where(sql`${table.status} = 'pending'`),
  ],
);

// ---------------------------------------------------------------------------------------------
// The public API: sellers' API keys; licence activations are in licenses.ts, webhooks in
// webhooks.ts.

// A seller's key to the public API. Only its SHA-256 is kept; the key is shown once, at creation.
export const API_KEY_SCOPES = ["read", "write"] as const;
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The key's first characters, to tell keys apart in the dashboard (not enough to use it). */
    prefix: text("prefix").notNull(),
    /** SHA-256 of the whole key, hex. */
    keyHash: text("key_hash").notNull().unique(),
    scope: text("scope", { enum: API_KEY_SCOPES }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    check("api_keys_scope_known", sql`${table.scope} IN ('read', 'write')`),
    index("api_keys_creator_idx").on(table.creatorId),
  ],
);
