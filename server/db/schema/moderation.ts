import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./accounts.ts";
import { creators, products } from "./catalogue.ts";

// Moderation (server/moderation/): seller enforcement, appeals, and
// shoppers' reports of listings.

export const ENFORCEMENT_STEPS = ["warning", "suspension", "removal"] as const;
export type EnforcementStep = (typeof ENFORCEMENT_STEPS)[number];

// One row per violation the platform acted on. The step follows from the shop's earlier actions
// that still stand: first a warning (7 days to fix), then a 30-day suspension, then removal.
export const enforcementActions = pgTable(
  "enforcement_actions",
  {
    id: serial("id").primaryKey(),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    step: text("step", { enum: ENFORCEMENT_STEPS }).notNull(),
    /** The violation, in words the seller reads. */
    reason: text("reason").notNull(),
    issuedBy: text("issued_by").references(() => user.id, { onDelete: "set null" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    /** A warning: the end of the 7 days to fix the violation. */
    fixBy: timestamp("fix_by", { withTimezone: true }),
    /** A suspension: when it ends (30 days). */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Set when an appeal succeeded: the action no longer counts and its effects are undone. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    check("enforcement_actions_step_known", sql`${table.step} IN ('warning', 'suspension', 'removal')`),
    index("enforcement_actions_creator_idx").on(table.creatorId, table.issuedAt.desc().nullsFirst()),
  ],
);

export const APPEAL_STATES = ["pending", "upheld", "denied"] as const;

// A seller's appeal of one enforcement action, within 7 days of it. "upheld" means
// the appeal succeeded (the action is revoked); "denied" that the action stands.
export const appeals = pgTable(
  "appeals",
  {
    id: serial("id").primaryKey(),
    actionId: integer("action_id")
      .notNull()
      .unique()
      .references(() => enforcementActions.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    status: text("status", { enum: APPEAL_STATES }).notNull().default("pending"),
    decisionNote: text("decision_note"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [
    check("appeals_status_known", sql`${table.status} IN ('pending', 'upheld', 'denied')`),
    index("appeals_pending_idx").on(table.createdAt).where(sql`${table.status} = 'pending'`),
  ],
);

// A shopper's report of a listing, for the admin console's moderation queue.
export const LISTING_REPORT_REASONS = [
  "infringes",
  "prohibited",
  "misleading",
  "broken_files",
  "spam",
  "other",
] as const;
export const LISTING_REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;
export const listingReports = pgTable(
  "listing_reports",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The reporter's account; null for a guest, who gives an email. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    email: text("email"),
    reason: text("reason", { enum: LISTING_REPORT_REASONS }).notNull(),
    details: text("details").notNull().default(""),
    status: text("status", { enum: LISTING_REPORT_STATUSES }).notNull().default("open"),
    /** The admin's note when it was handled. */
    resolution: text("resolution"),
    handledBy: text("handled_by").references(() => user.id, { onDelete: "set null" }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "listing_reports_reason_known",
      sql`${table.reason} IN ('infringes', 'prohibited', 'misleading', 'broken_files', 'spam', 'other')`,
    ),
    check("listing_reports_status_known", sql`${table.status} IN ('open', 'dismissed', 'actioned')`),
    index("listing_reports_open_idx").on(table.createdAt).where(sql`${table.status} = 'open'`),
    index("listing_reports_product_idx").on(table.productId),
  ],
);
