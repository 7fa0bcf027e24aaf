import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { orders } from "./orders.ts";

// Payments (server/payments/): the events payment providers sent, and the tables of the
// shop's own hosted payment page.

// Every verified event a payment provider sent, once: the (provider, event id) pair is unique,
// so a redelivered event is recognised and not applied again.
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    payload: jsonb("payload").notNull(),
    /** What applying it did (paid, ignored: already paid, ...), for whoever reads the log. */
    outcome: text("outcome").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("payment_events_provider_event_idx").on(table.provider, table.eventId),
    index("payment_events_order_idx").on(table.orderId),
  ],
);

// The shop's own hosted payment page stands in for an external provider: these tables are
// the provider's, and the shop reads them only through its webhooks (server/payments/hosted).
export const hostedPaymentSessions = pgTable("hosted_payment_sessions", {
  id: text("id").primaryKey(),
  /** The shop's reference (the order number), echoed in every event. */
  reference: text("reference").notNull().unique(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  lines: jsonb("lines").notNull(),
  customerEmail: text("customer_email").notNull(),
  returnUrl: text("return_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  webhookUrl: text("webhook_url").notNull(),
  /** cancelled: the shop closed it (the buyer cancelled); like expired, it takes no payment. */
  status: text("status", { enum: ["open", "paid", "expired", "cancelled"] })
    .notNull()
    .default("open"),
  lastError: text("last_error"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

// Webhook deliveries of the hosted payment page, retried until the shop answers 2xx.
export const hostedPaymentWebhooks = pgTable(
  "hosted_payment_webhooks",
  {
    eventId: text("event_id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => hostedPaymentSessions.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    attempts: integer("attempts").notNull().default(0),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("hosted_payment_webhooks_pending_idx").on(table.createdAt).where(sql`${table.deliveredAt} IS NULL`),
  ],
);

// Refunds made on the hosted payment page (the provider's table, like the two above). The
// idempotency key makes a retried refund request return the first refund.
export const hostedPaymentRefunds = pgTable(
  "hosted_payment_refunds",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => hostedPaymentSessions.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("hosted_payment_refunds_amount_positive", sql`${table.amountCents} > 0`),
    index("hosted_payment_refunds_session_idx").on(table.sessionId),
  ],
);
