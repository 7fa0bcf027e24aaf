import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./accounts.ts";

// What the site keeps besides its domains: messages from /contact (server/contact/, handled in the
// admin console) and the counters of the HTTP rate limiter (server/http/).

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when an admin has dealt with the message in the console. */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: text("handled_by").references(() => user.id, { onDelete: "set null" }),
  },
  (table) => [index("contact_messages_open_idx").on(table.createdAt).where(sql`${table.handledAt} IS NULL`)],
);

// Request counters of the rate limiter, shared by every app server (server/http/rate-limit-store.ts).
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    resetsAt: timestamp("resets_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("rate_limit_hits_resets_at_idx").on(table.resetsAt)],
);
