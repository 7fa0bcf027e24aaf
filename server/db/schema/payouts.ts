import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { SELLER_TYPES, TAX_ID_KINDS } from "../../../shared/seller-tax-details-schema.ts";
import { PAYOUT_METHOD_KEYS } from "../../../shared/shop-facts.ts";
import { user } from "./accounts.ts";
import { creators } from "./catalogue.ts";
import { orderItems } from "./orders.ts";

export const PAYOUT_STATUSES = ["pending", "sent", "failed", "reversed"] as const;
export const LEDGER_KINDS = ["sale", "refund", "payout", "payout_return"] as const;

// Sellers' money: every sale, refund and payout is an entry in the seller's
// ledger; the balance is their sum. Payouts go out weekly on Friday when it is at least $25.
// The money moves through each seller's connected account at the payment provider
// (server/payouts/payout-accounts.ts); the hosted_payout_* tables are the shop's own stand-in
// for that provider (server/payouts/hosted/).

export const payoutSettings = pgTable("payout_settings", {
  creatorId: integer("creator_id")
    .primaryKey()
    .references(() => creators.id, { onDelete: "cascade" }),
  method: text("method", { enum: PAYOUT_METHOD_KEYS }).notNull(),
  /**
   * Where the money goes, as the seller may see it (a PayPal address, or a bank account's last four
   * digits). Moving money is the payment provider's job: full account numbers are never kept here.
   */
  destination: text("destination").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const payouts = pgTable(
  "payouts",
  {
    id: serial("id").primaryKey(),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    method: text("method", { enum: PAYOUT_METHOD_KEYS }).notNull(),
    destination: text("destination").notNull(),
    /** The Friday of the payout run: one payout per seller and week. */
    weekOf: date("week_of", { mode: "string" }).notNull(),
    /** 2-3 business days after the payout: the last of them. */
    fundsAvailableOn: date("funds_available_on", { mode: "string" }).notNull(),
    /**
     * pending: taken from the balance, not yet sent (a transfer to make or retry, or a manual payment
     * the owner has still to make); sent: the processor took the transfer, or the owner marked it
     * paid; failed: refused or bounced, the amount back on the balance; reversed: all of it came back.
     */
    status: text("status", { enum: PAYOUT_STATUSES }).notNull().default("pending"),
    /** transfer: to the seller's connected account; manual: paid by the owner from the payout file. */
    rail: text("rail", { enum: ["transfer", "manual"] })
      .notNull()
      .default("manual"),
    /** The processor's transfer, once it took it. */
    transferRef: text("transfer_ref").unique(),
    /** Why it failed or came back, in the processor's or the owner's words. */
    failureReason: text("failure_reason"),
    /** What came back of it (reversals), at most its amount. */
    returnedCents: integer("returned_cents").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The admin who marked a manual payout paid. */
    markedSentBy: text("marked_sent_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("payouts_amount_positive", sql`${table.amountCents} > 0`),
    check("payouts_returned_within_amount", sql`${table.returnedCents} BETWEEN 0 AND ${table.amountCents}`),
    uniqueIndex("payouts_creator_week_idx").on(table.creatorId, table.weekOf),
    index("payouts_pending_idx").on(table.weekOf).where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * An admin's hold on a seller's payouts, with the reason the seller reads on Earnings; released by
 * an admin (also with a note). At most one hold in force per seller.
 */
export const payoutHolds = pgTable(
  "payout_holds",
  {
    id: serial("id").primaryKey(),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    heldBy: text("held_by").references(() => user.id, { onDelete: "set null" }),
    heldAt: timestamp("held_at", { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    releasedBy: text("released_by").references(() => user.id, { onDelete: "set null" }),
    releaseNote: text("release_note"),
  },
  (table) => [uniqueIndex("payout_holds_one_in_force_idx").on(table.creatorId).where(sql`${table.releasedAt} IS NULL`)],
);

/** A seller's reserve: the share of each payout kept back (basis points), set by an admin with a reason. */
export const payoutReserves = pgTable(
  "payout_reserves",
  {
    creatorId: integer("creator_id")
      .primaryKey()
      .references(() => creators.id, { onDelete: "cascade" }),
    basisPoints: integer("basis_points").notNull(),
    reason: text("reason").notNull(),
    setBy: text("set_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("payout_reserves_share", sql`${table.basisPoints} BETWEEN 0 AND 10000`)],
);

/** Events about transfers already acted on: a redelivered event changes nothing again. */
export const payoutEvents = pgTable("payout_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: serial("id").primaryKey(),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    /**
     * Signed: a sale adds the seller's 70%, a refund takes it back, a payout takes what was paid, a
     * payout's return (refused, failed or reversed) gives back what came back.
     */
    amountCents: integer("amount_cents").notNull(),
    orderItemId: integer("order_item_id").references(() => orderItems.id, { onDelete: "set null" }),
    payoutId: integer("payout_id").references(() => payouts.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("ledger_entries_kind_known", sql`${table.kind} IN ('sale', 'refund', 'payout', 'payout_return')`),
    // A sale or a refund is entered once per order item.
    uniqueIndex("ledger_entries_item_kind_idx")
      .on(table.orderItemId, table.kind)
      .where(sql`${table.orderItemId} IS NOT NULL`),
    // A payout is taken once; what comes back of it is entered per event (payout_events keeps them once).
    uniqueIndex("ledger_entries_payout_idx").on(table.payoutId).where(sql`${table.kind} = 'payout'`),
    index("ledger_entries_creator_idx").on(table.creatorId, table.createdAt.desc().nullsFirst()),
  ],
);

/**
 * Who a seller is for the tax authorities: asked once before the first payout, editable later
 * (server/payouts/tax-details.ts, shared/seller-tax-details-schema.ts). One row per shop, replaced
 * when the seller changes it; the yearly income report reads it (docs/decisions/054).
 */
export const sellerTaxDetails = pgTable(
  "seller_tax_details",
  {
    creatorId: integer("creator_id")
      .primaryKey()
      .references(() => creators.id, { onDelete: "cascade" }),
    sellerType: text("seller_type", { enum: SELLER_TYPES }).notNull(),
    /** An individual's full legal name, or a business's registered name. */
    legalName: text("legal_name").notNull(),
    addressLine1: text("address_line1").notNull(),
    addressLine2: text("address_line2"),
    city: text("city").notNull(),
    /** State, province or region; required for a US address. */
    region: text("region"),
    postalCode: text("postal_code"),
    /** ISO 3166-1 alpha-2: where the seller lives, or where the business is established. */
    country: text("country").notNull(),
    taxIdKind: text("tax_id_kind", { enum: TAX_ID_KINDS }).notNull(),
    /** Issued by `country` (a US number only with a US address): DAC7 asks for the state of issue. */
    taxId: text("tax_id").notNull(),
    /** An EU VAT number besides the tax number, where the seller has one. */
    vatId: text("vat_id"),
    /** A business's registration number, where it has one. */
    businessRegistrationNumber: text("business_registration_number"),
    /** Only for an individual living in an EU member state: DAC7 asks for it, nobody else does. */
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("seller_tax_details_type_known", sql`${table.sellerType} IN ('individual', 'business')`),
    check(
      "seller_tax_details_tax_id_kind_known",
      sql`${table.taxIdKind} IN ('us_ssn_itin', 'us_ein', 'eu_vat', 'national_tin')`,
    ),
    check("seller_tax_details_country_format", sql`${table.country} ~ '^[A-Z]{2}$'`),
    check(
      "seller_tax_details_birth_of_individuals",
      sql`${table.dateOfBirth} IS NULL OR ${table.sellerType} = 'individual'`,
    ),
  ],
);
/** Who keeps a seller's connected account: the payment provider named by PAYMENT_PROVIDER. */
const PAYOUT_PROVIDERS = ["hosted", "stripe"] as const;

// Each seller's connected account at the payment provider, and its state as last read from the
// provider (on return from its onboarding page, and on its events). The seller's identity and bank
// details stay with the provider: the shop keeps only what it shows and decides with.
export const payoutAccounts = pgTable("payout_accounts", {
  creatorId: integer("creator_id")
    .primaryKey()
    .references(() => creators.id, { onDelete: "cascade" }),
  provider: text("provider", { enum: PAYOUT_PROVIDERS }).notNull(),
  /** The provider's id of the account (Stripe's acct_...): its events name it. */
  accountRef: text("account_ref").notNull().unique(),
  /** The seller finished the provider's onboarding once (it stays so when the provider asks for more later). */
  detailsSubmitted: boolean("details_submitted").notNull().default(false),
  payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
  /** What the provider still needs from the seller, in words the seller reads. */
  requirementsDue: text("requirements_due").array().notNull().default(sql`'{}'::text[]`),
  requirementsDueBy: timestamp("requirements_due_by", { withTimezone: true }),
  disabledReason: text("disabled_reason"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// The shop's own stand-in for a payout provider (server/payouts/hosted/), for PAYMENT_PROVIDER=hosted.
// These tables are the provider's: the shop reads them only through the provider interface and its
// signed webhooks, as it would Stripe's.

export const hostedPayoutAccounts = pgTable("hosted_payout_accounts", {
  id: text("id").primaryKey(),
  /** A retried creation (a lost answer, a double click) finds the account the first one made. */
  idempotencyKey: text("idempotency_key").notNull().unique(),
  /** The shop's reference (the creator's id), as a provider keeps metadata. */
  reference: text("reference").notNull(),
  email: text("email").notNull(),
  displayName: text("display_name").notNull(),
  country: text("country").notNull(),
  legalName: text("legal_name"),
  /** The last four digits of the bank account: all the stand-in keeps of it. */
  bankLast4: text("bank_last4"),
  detailsSubmitted: boolean("details_submitted").notNull().default(false),
  payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
  requirementsDue: text("requirements_due").array().notNull().default(sql`'{}'::text[]`),
  requirementsDueBy: timestamp("requirements_due_by", { withTimezone: true }),
  disabledReason: text("disabled_reason"),
  /** Where its events go (the shop's Connect webhook). */
  webhookUrl: text("webhook_url").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// Single-use links to the stand-in's onboarding page, each open for a short while.
export const hostedPayoutLinks = pgTable(
  "hosted_payout_links",
  {
    token: text("token").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => hostedPayoutAccounts.id, { onDelete: "cascade" }),
    returnUrl: text("return_url").notNull(),
    refreshUrl: text("refresh_url").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("hosted_payout_links_account_idx").on(table.accountId)],
);

// Transfers the stand-in made from the shop's balance to an account; the idempotency key makes a
// retried transfer return the first one.
export const hostedPayoutTransfers = pgTable(
  "hosted_payout_transfers",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => hostedPayoutAccounts.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    description: text("description").notNull(),
    /** The shop's payout row, as metadata (no reference: these tables are the provider's). */
    payoutId: integer("payout_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** What came back to the shop's balance (hosted-payouts.ts reverseHostedTransfer). */
    amountReversedCents: integer("amount_reversed_cents").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("hosted_payout_transfers_amount_positive", sql`${table.amountCents} > 0`),
    check(
      "hosted_payout_transfers_reversed_within",
      sql`${table.amountReversedCents} BETWEEN 0 AND ${table.amountCents}`,
    ),
    index("hosted_payout_transfers_account_idx").on(table.accountId),
  ],
);

// Webhook deliveries of the stand-in, retried until the shop answers 2xx.
export const hostedPayoutWebhooks = pgTable(
  "hosted_payout_webhooks",
  {
    eventId: text("event_id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => hostedPayoutAccounts.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    attempts: integer("attempts").notNull().default(0),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("hosted_payout_webhooks_account_idx").on(table.accountId)],
);

/**
 * Each time a seller's payout destination was set or changed (server/payouts/destination-changes.ts):
 * the seller is emailed, and a change of one already set pauses their payouts until `pausedUntil`
 * (PAYOUT_ACCOUNT_CHANGE_PAUSE_HOURS), the time a seller has to notice a change they did not make.
 */
export const payoutDestinationChanges = pgTable(
  "payout_destination_changes",
  {
    id: serial("id").primaryKey(),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    /** The destination as the seller reads it: "PayPal ana@example.com", "Stripe account acct_1…". */
    destination: text("destination").notNull(),
    /** The one it replaced; null when it was the seller's first. */
    previous: text("previous"),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    pausedUntil: timestamp("paused_until", { withTimezone: true }),
  },
  (table) => [index("payout_destination_changes_creator_idx").on(table.creatorId, table.changedAt)],
);
