import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { creators } from "./catalogue.ts";

// Webhooks (server/webhooks/): where a seller wants to hear of their sales, refunds and
// licence activations, and each delivery and try.

// Where a seller wants to hear of their sales, refunds and licence activations.
export const WEBHOOK_EVENTS = ["sale", "refund", "license.activated", "payout.paid", "payout.failed"] as const;
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: serial("id").primaryKey(),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** The signing secret, shown to the seller; each delivery is signed with it. */
    secret: text("secret").notNull(),
    events: text("events").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
  },
  (table) => [index("webhook_endpoints_creator_idx").on(table.creatorId)],
);

// One event for one endpoint, tried until it is taken (a 2xx) or 3 days have passed.
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: serial("id").primaryKey(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The event's id, the same in every attempt (receivers de-duplicate on it). */
    eventId: uuid("event_id").notNull().defaultRandom(),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (table) => [
    check("webhook_deliveries_status_known", sql`${table.status} IN ('pending', 'succeeded', 'failed')`),
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.createdAt.desc().nullsFirst()),
  ],
);

// Each try of a delivery, for the delivery log.
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: serial("id").primaryKey(),
    deliveryId: integer("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    /** The receiver's HTTP status; null when no answer came (refused, timed out, address refused). */
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("webhook_attempts_delivery_idx").on(table.deliveryId, table.id)],
);
