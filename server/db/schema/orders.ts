import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { LICENSE_TIERS } from "../../../shared/license-tiers.ts";
import type { PlaceOfSupply } from "../../tax/place-of-supply.ts";
import type { VatNumberCheck } from "../../tax/vat-numbers/vat-number-check.ts";
import { user } from "./accounts.ts";
import { bundles } from "./bundles.ts";
import { shoppers } from "./cart.ts";
import { creators, products } from "./catalogue.ts";
import { discountCodes } from "./discounts.ts";
import { licenses } from "./licenses.ts";

// Orders (server/orders/). An order is made from the shopper's cart with the catalogue's
// prices at that moment; it is fulfilled only by a verified payment event (server/db/schema/payments.ts).

export const ORDER_STATUSES = [
  "pending_payment",
  "paid",
  "failed",
  /** Its payment session ended unpaid (abandoned): nothing was charged. */
  "expired",
  /** The buyer cancelled on the payment page: nothing was charged. */
  "cancelled",
  "partially_refunded",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const BUYER_VAT_STATES = ["confirmed", "unchecked", "not-registered", "refunded"] as const;

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    /** What the buyer sees: 9 uppercase letters and digits. */
    number: text("number").notNull().unique(),
    /** The buyer's account; null for a guest until they sign in with the same verified address. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** The cart it was made from: its lines are removed when the order is paid. */
    shopperId: text("shopper_id").references(() => shoppers.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    customerName: text("customer_name").notNull(),
    /** The buyer agreed at checkout that the sellers of this order may email them (their customers list). */
    sellerContactConsent: boolean("seller_contact_consent").notNull().default(false),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending_payment"),
    subtotalCents: integer("subtotal_cents").notNull(),
    /** What the discount code took off the subtotal; tax is on what is left. */
    discountCents: integer("discount_cents").notNull().default(0),
    discountCodeId: integer("discount_code_id").references((): AnyPgColumn => discountCodes.id),
    /** The tax: added to the subtotal, or (taxIncluded) the part of it the prices already held. */
    taxCents: integer("tax_cents").notNull(),
    /** How the order names its tax: "Tax (8%)", "VAT 20% (United Kingdom)" (server/tax/tax-rule.ts). */
    taxLabel: text("tax_label").notNull().default("Tax (8%)"),
    /** The prices include the tax, the custom of the buyer's place (EU, UK...): the total is the subtotal less the discount. */
    taxIncluded: boolean("tax_included").notNull().default(false),
    /**
     * The tax the prices include that a business under a reverse charge does not pay: taken off the
     * subtotal (less the discount) as the total is worked out; 0 for everyone else.
     */
    waivedTaxCents: integer("waived_tax_cents").notNull().default(0),
    /** Where the buyer lives, as the tax was charged (TAX_MODE=by-location); null under the flat rule. */
    taxCountry: text("tax_country"),
    taxRegion: text("tax_region"),
    /** The evidence of the buyer's place (server/tax/place-of-supply.ts), kept as the EU asks (Reg. 282/2011 Art. 24f). */
    taxEvidence: jsonb("tax_evidence").$type<PlaceOfSupply>(),
    /**
     * A business buyer's VAT number (whole, prefix first), where one was given: confirmed (VIES said
     * valid: no VAT, a reverse charge), unchecked (VIES could not say: VAT charged, checked again
     * later), not-registered (checked again: VIES does not know it), refunded (confirmed later: the
     * VAT was given back). docs/decisions/058.
     */
    buyerVatNumber: text("buyer_vat_number"),
    /**
     * An EU consumer's express consent to delivery at once and acknowledgement of losing the right
     * to withdraw once a download starts (Directive 2011/83/EU Art. 16(m)): the words they ticked
     * and when; null: not given (their 14 days stand, downloaded or not).
     */
    withdrawalConsentText: text("withdrawal_consent_text"),
    withdrawalConsentAt: timestamp("withdrawal_consent_at", { withTimezone: true }),
    /** When the buyer withdrew from the purchase (the withdrawal function, Directive 2023/2673). */
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    /** What the invoice must say of the tax beyond its figures (the reverse-charge mention); null: nothing. */
    taxMention: text("tax_mention"),
    buyerVatState: text("buyer_vat_state", { enum: BUYER_VAT_STATES }),
    /** What VIES answered (name, address, consultation number, when), or why it could not, each try. */
    buyerVatEvidence: jsonb("buyer_vat_evidence").$type<VatNumberCheck[]>(),
    totalCents: integer("total_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    /** Sent by the browser with each checkout request: a retry returns this order again. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    paymentProvider: text("payment_provider"),
    /** The provider's id for this payment (hosted page session, Stripe Checkout Session). */
    paymentRef: text("payment_ref"),
    paymentUrl: text("payment_url"),
    /** When the provider's payment session closes: an order still unpaid then is expired by a job. */
    paymentExpiresAt: timestamp("payment_expires_at", { withTimezone: true }),
    /** The provider's id of the captured payment (a Stripe PaymentIntent): what a refund names. */
    paymentCaptureRef: text("payment_capture_ref"),
    /** Why the last payment attempt failed, in words for the buyer. */
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** When the receipt went out: a retried job sends nothing once this is set. */
    receiptSentAt: timestamp("receipt_sent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("orders_number_format", sql`${table.number} ~ '^[A-Z0-9]{9}$'`),
    check(
      "orders_status_known",
      sql`${table.status} IN ('pending_payment', 'paid', 'failed', 'expired', 'cancelled', 'partially_refunded', 'refunded')`,
    ),
    check(
      "orders_totals",
      sql`${table.subtotalCents} >= 0 AND ${table.taxCents} >= 0 AND ${table.discountCents} BETWEEN 0 AND ${table.subtotalCents} AND ${table.waivedTaxCents} >= 0 AND ${table.totalCents} = ${table.subtotalCents} - ${table.discountCents} + CASE WHEN ${table.taxIncluded} THEN 0 ELSE ${table.taxCents} END - ${table.waivedTaxCents}`,
    ),
    check(
      "orders_buyer_vat_whole",
      sql`(${table.buyerVatNumber} IS NULL) = (${table.buyerVatState} IS NULL) AND ${table.buyerVatState} IN ('confirmed', 'unchecked', 'not-registered', 'refunded')`,
    ),
    // The hourly job asks VIES again about the numbers it could not check.
    index("orders_buyer_vat_unchecked_idx").on(table.paidAt).where(sql`${table.buyerVatState} = 'unchecked'`),
    index("orders_user_recent_idx").on(table.userId, table.createdAt.desc().nullsFirst()),
    // Guest orders waiting to be claimed by an account with the same address.
    index("orders_guest_email_idx").on(sql`lower(${table.email})`).where(sql`${table.userId} IS NULL`),
    index("orders_pending_idx").on(table.createdAt).where(sql`${table.status} IN ('pending_payment', 'failed')`),
    // The trending job reads the last week's sales.
    index("orders_paid_at_idx").on(table.paidAt).where(sql`${table.paidAt} IS NOT NULL`),
    // Deleting a shopper (idle guests, a merge at sign-in) sets this to null: find its orders by index.
    index("orders_shopper_idx").on(table.shopperId),
    uniqueIndex("orders_payment_ref_idx").on(table.paymentProvider, table.paymentRef),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id),
    /** The title when bought: the receipt and library keep it if the product is renamed. */
    title: text("title").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
    /** The line's part of the order's discount; what was paid for the line is the rest. */
    discountCents: integer("discount_cents").notNull().default(0),
    /** What was paid for the line before tax: the line less its discount, less the tax where prices include it. */
    netCents: integer("net_cents").notNull(),
    /** The line's tax, rounded once per line (server/tax/tax-for-lines.ts); what a refund of it gives back with netCents. */
    taxCents: integer("tax_cents").notNull(),
    /** The rate charged, in tenths of a basis point (100,000 = 100%; Quebec's 14.975% = 14,975). */
    taxRateTenths: integer("tax_rate_tenths").notNull(),
    /** The seller's 70% and the platform's 30% of what was paid for the line before tax. */
    sellerCents: integer("seller_cents").notNull(),
    platformCents: integer("platform_cents").notNull(),
    status: text("status", { enum: ["active", "refunded"] })
      .notNull()
      .default("active"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** The licence bought (the tier of the line); its record, with its key, is `licenses`. */
    licenseType: text("license_type", { enum: LICENSE_TIERS }).notNull().default("personal"),
    /**
     * An upgrade of a licence the buyer has (to `licenseType` and `upgradeToSeats`), bought for the
     * difference: one line of quantity 1, no files or licence of its own.
     */
    upgradesLicenseId: integer("upgrades_license_id").references((): AnyPgColumn => licenses.id),
    upgradeToSeats: integer("upgrade_to_seats"),
    /**
     * The licence's tier and seats when the upgrade was priced: paid when the licence is no longer
     * so (another upgrade came first, or it was refunded), it is refunded rather than applied.
     * Null for upgrades bought before this was kept.
     */
    upgradeFromTier: text("upgrade_from_tier", { enum: LICENSE_TIERS }),
    upgradeFromSeats: integer("upgrade_from_seats"),
    /** The bundle this item was bought in: its price is the product's share of the bundle's. */
    bundleId: integer("bundle_id").references((): AnyPgColumn => bundles.id),
  },
  (table) => [
    check(
      "order_items_upgrade_whole",
      sql`(${table.upgradesLicenseId} IS NULL) = (${table.upgradeToSeats} IS NULL) AND (${table.upgradesLicenseId} IS NULL OR ${table.quantity} = 1)`,
    ),
    check(
      "order_items_upgrade_from_whole",
      sql`(${table.upgradeFromTier} IS NULL) = (${table.upgradeFromSeats} IS NULL) AND (${table.upgradeFromTier} IS NULL OR ${table.upgradesLicenseId} IS NOT NULL)`,
    ),
    index("order_items_upgrades_license_idx")
      .on(table.upgradesLicenseId)
      .where(sql`${table.upgradesLicenseId} IS NOT NULL`),
    check("order_items_quantity_range", sql`${table.quantity} BETWEEN 1 AND 99`),
    check("order_items_line_total", sql`${table.lineTotalCents} = ${table.unitPriceCents} * ${table.quantity}`),
    check(
      "order_items_split",
      sql`${table.discountCents} BETWEEN 0 AND ${table.lineTotalCents} AND ${table.sellerCents} + ${table.platformCents} = ${table.netCents} AND ${table.taxCents} >= 0 AND ${table.taxRateTenths} >= 0 AND ${table.netCents} BETWEEN 0 AND ${table.lineTotalCents} - ${table.discountCents}`,
    ),
    check("order_items_status_known", sql`${table.status} IN ('active', 'refunded')`),
    uniqueIndex("order_items_order_product_idx").on(table.orderId, table.productId),
    index("order_items_product_idx").on(table.productId),
    index("order_items_creator_idx").on(table.creatorId),
    check("order_items_bundle_not_upgrade", sql`${table.bundleId} IS NULL OR ${table.upgradesLicenseId} IS NULL`),
  ],
);

export const REFUND_STATES = ["requested", "approved", "rejected"] as const;

// A buyer's request for their money back on one item (within 30 days).
export const refundRequests = pgTable(
  "refund_requests",
  {
    id: serial("id").primaryKey(),
    orderItemId: integer("order_item_id")
      .notNull()
      .unique()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    status: text("status", { enum: REFUND_STATES }).notNull().default("requested"),
    decisionNote: text("decision_note"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    /** The provider's id of the refund it made for an approved request. */
    providerRefundRef: text("provider_refund_ref"),
  },
  (table) => [
    check("refund_requests_status_known", sql`${table.status} IN ('requested', 'approved', 'rejected')`),
    index("refund_requests_open_idx").on(table.requestedAt).where(sql`${table.status} = 'requested'`),
  ],
);
