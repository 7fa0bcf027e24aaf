import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./accounts.ts";
import { creators, products } from "./catalogue.ts";

// Emails beyond receipts (server/email/, server/notifications/, server/broadcasts/): what a
// person turned off, addresses that must not be emailed, notices to followers, sellers' broadcasts to
// their followers and customers, and the abandoned-cart reminder.

// Emails a person turned off, by address (buyers may be guests): the topic's emails are not sent
// to it. Turned off from the link in each such email or from account settings.
export const EMAIL_TOPICS = [
  /** A new version of a file the person bought. */
  "product_updates",
  /** A creator they follow published a product. */
  "new_products",
  /** Sellers' broadcasts to their followers and customers. */
  "broadcasts",
  /** The reminder of a cart left for a day. */
  "cart_reminders",
] as const;
export type EmailTopic = (typeof EMAIL_TOPICS)[number];
export const emailOptOuts = pgTable(
  "email_opt_outs",
  {
    /** Lowercased. */
    email: text("email").notNull(),
    topic: text("topic", { enum: EMAIL_TOPICS }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.email, table.topic] })],
);

// Addresses that must not be emailed again: the mail server refused them for good (a hard bounce) or
// their owner marked an email as spam (a complaint). Nothing but account and order emails (receipts,
// links the person asked for) goes to them.
export const EMAIL_SUPPRESSION_REASONS = ["bounce", "complaint"] as const;
export const emailSuppressions = pgTable(
  "email_suppressions",
  {
    /** Lowercased. */
    email: text("email").primaryKey(),
    reason: text("reason", { enum: EMAIL_SUPPRESSION_REASONS }).notNull(),
    /** What the mail server or the provider's report said, for the admin. */
    detail: text("detail").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("email_suppressions_reason_known", sql`${table.reason} IN ('bounce', 'complaint')`)],
);

// One email per follower when a creator they follow (and chose to hear from) publishes a product:
// the row and the send are one transaction, so retries and other servers never send twice.
export const publishNotices = pgTable(
  "publish_notices",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.userId] })],
);

// A seller's email to their followers or their customers: written, previewed, sent now or at a set
// time by a job, each recipient once.
export const BROADCAST_AUDIENCES = ["followers", "customers"] as const;
export const BROADCAST_STATUSES = ["draft", "scheduled", "sending", "sent", "cancelled"] as const;
export const broadcasts = pgTable(
  "broadcasts",
  {
    id: serial("id").primaryKey(),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    audience: text("audience", { enum: BROADCAST_AUDIENCES }).notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: BROADCAST_STATUSES }).notNull().default("draft"),
    /** When it goes out (scheduled), or went out (sent). */
    sendAt: timestamp("send_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    recipientCount: integer("recipient_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("broadcasts_audience_known", sql`${table.audience} IN ('followers', 'customers')`),
    check("broadcasts_status_known", sql`${table.status} IN ('draft', 'scheduled', 'sending', 'sent', 'cancelled')`),
    index("broadcasts_creator_idx").on(table.creatorId, table.createdAt.desc().nullsFirst()),
    index("broadcasts_due_idx").on(table.sendAt).where(sql`${table.status} = 'scheduled'`),
  ],
);

// Who a broadcast went to: a row per address, written in the transaction that sends to it.
export const broadcastRecipients = pgTable(
  "broadcast_recipients",
  {
    broadcastId: integer("broadcast_id")
      .notNull()
      .references(() => broadcasts.id, { onDelete: "cascade" }),
    /** Lowercased. */
    email: text("email").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.broadcastId, table.email] })],
);

// The abandoned-cart email: at most one per cart left for 24 hours (a later change to the cart
// makes a new one possible).
export const cartReminders = pgTable("cart_reminders", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** The cart's last change the reminder was about. */
  cartChangedAt: timestamp("cart_changed_at", { withTimezone: true }).notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});
