import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { LICENSE_TIERS } from "../../shared/license-tiers.ts";
import { PAYOUT_METHOD_KEYS } from "../../shared/shop-facts.ts";

import { user } from "./auth-schema.ts";

/** A PostgreSQL 64-bit transaction id (`pg_current_xact_id()`), read as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => "xid8" });

export * from "./auth-schema.ts";

// Money is integer cents. Ratings are 0-5 with one decimal, kept as a double.

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  label: text("label").notNull(),
  description: text("description").notNull().default(""),
  position: integer("position").notNull().default(0),
  artKind: text("art_kind").notNull(),
});

// Other slugs the shop links to for the same category (/category/digital-planners).
export const categoryAliases = pgTable("category_aliases", {
  slug: text("slug").primaryKey(),
  categoryId: integer("category_id")
    .notNull()
    .references(() => categories.id, { onDelete: "cascade" }),
});

export const creators = pgTable(
  "creators",
  {
    id: serial("id").primaryKey(),
    // The account that runs this creator's shop, if it has one (sellers).
    userId: text("user_id")
      .unique()
      .references(() => user.id, { onDelete: "set null" }),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    avatarUrl: text("avatar_url"),
    specialty: text("specialty").notNull().default(""),
    bio: text("bio").notNull().default(""),
    location: text("location").notNull().default(""),
    website: text("website"),
    joinDate: date("join_date", { mode: "string" }).notNull().default(sql`CURRENT_DATE`),
    badges: text("badges").array().notNull().default(sql`'{}'::text[]`),
    followers: integer("followers").notNull().default(0),
    totalSales: integer("total_sales").notNull().default(0),
    rating: doublePrecision("rating").notNull().default(0),
    isFeatured: boolean("is_featured").notNull().default(false),
    /**
     * The shop's standing under the seller enforcement of SPEC section 4: a suspended shop's products
     * are hidden and it is not paid out until `suspendedUntil`; a removed shop is closed for good.
     */
    standing: text("standing", { enum: ["active", "suspended", "removed"] })
      .notNull()
      .default("active"),
    suspendedUntil: timestamp("suspended_until", { withTimezone: true }),
  },
  (table) => [check("creators_standing_known", sql`${table.standing} IN ('active', 'suspended', 'removed')`)],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    /** The Personal licence's price: the product's price wherever one price is shown. */
    priceCents: integer("price_cents").notNull(),
    originalPriceCents: integer("original_price_cents"),
    /** The Commercial and Extended licences' prices; null where the seller does not offer the tier. */
    commercialPriceCents: integer("commercial_price_cents"),
    extendedPriceCents: integer("extended_price_cents"),
    /**
     * Pay what you want: the buyer names the price, at least `priceCents` (which may be 0: then
     * they give an email and get the files); `suggestedPriceCents` is what the page proposes.
     */
    payWhatYouWant: boolean("pay_what_you_want").notNull().default(false),
    suggestedPriceCents: integer("suggested_price_cents"),
    rating: doublePrecision("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    downloads: integer("downloads").notNull().default(0),
    isInstantDownload: boolean("is_instant_download").notNull().default(true),
    isBestseller: boolean("is_bestseller").notNull().default(false),
    format: text("format").notNull(),
    styles: text("styles").array().notNull().default(sql`'{}'::text[]`),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    description: text("description").notNull().default(""),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    whatYouGet: text("what_you_get").array().notNull().default(sql`'{}'::text[]`),
    pages: integer("pages"),
    prints: integer("prints"),
    templates: integer("templates"),
    durationMinutes: integer("duration_minutes"),
    // draft: being prepared; published: on sale; hidden: taken down by the platform; deleted: removed
    // by its seller but kept for those who bought it (their downloads go on working).
    status: text("status", { enum: ["published", "draft", "hidden", "deleted"] })
      .notNull()
      .default("published"),
    /**
     * Why a hidden product is hidden: the platform took it down (moderation, with `hiddenNote` for
     * the seller), or its shop is suspended or removed. Lifting a suspension republishes only the
     * products the suspension hid.
     */
    hiddenBy: text("hidden_by", { enum: ["moderation", "suspension", "removal"] }),
    hiddenNote: text("hidden_note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the product first went on sale (New Arrivals, the Newest sort); null for a draft never
     * published. Set by a trigger (migration 0018), whatever publishes it: its creation time for a
     * product inserted as published, the moment of publishing for a draft.
     */
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (table) => [
    check("products_price_cents_nonnegative", sql`${table.priceCents} >= 0`),
    check(
      "products_original_price_above_price",
      sql`${table.originalPriceCents} IS NULL OR ${table.originalPriceCents} > ${table.priceCents}`,
    ),
    // A higher licence allows more: it costs at least what the one below it costs.
    check(
      "products_commercial_price_at_least_personal",
      sql`${table.commercialPriceCents} IS NULL OR ${table.commercialPriceCents} >= ${table.priceCents}`,
    ),
    check(
      "products_extended_price_at_least_lower",
      sql`${table.extendedPriceCents} IS NULL OR ${table.extendedPriceCents} >= COALESCE(${table.commercialPriceCents}, ${table.priceCents})`,
    ),
    // A price the buyer names is for the Personal license; the seller's suggestion is at least the minimum.
    check(
      "products_pay_what_you_want",
      sql`NOT ${table.payWhatYouWant} OR (${table.commercialPriceCents} IS NULL AND ${table.extendedPriceCents} IS NULL AND ${table.originalPriceCents} IS NULL)`,
    ),
    check(
      "products_suggested_price",
      sql`${table.suggestedPriceCents} IS NULL OR (${table.payWhatYouWant} AND ${table.suggestedPriceCents} >= ${table.priceCents})`,
    ),
    check("products_rating_range", sql`${table.rating} >= 0 AND ${table.rating} <= 5`),
    check("products_status_known", sql`${table.status} IN ('published', 'draft', 'hidden', 'deleted')`),
    check(
      "products_hidden_by_known",
      sql`${table.hiddenBy} IS NULL OR ${table.hiddenBy} IN ('moderation', 'suspension', 'removal')`,
    ),
    index("products_creator_idx").on(table.creatorId),
    // The admin console counts the products that are not on sale (few, next to the published ones).
    index("products_unpublished_status_idx").on(table.status).where(sql`${table.status} <> 'published'`),
    index("products_created_at_idx").on(table.createdAt),
    // Listings show published products, most downloaded first, page by page. NULLS FIRST is
    // PostgreSQL's default for DESC, so the index matches `ORDER BY downloads DESC, id DESC`.
    index("products_published_popularity_idx")
      .on(table.downloads.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.status} = 'published'`),
    index("products_published_category_popularity_idx")
      .on(table.categoryId, table.downloads.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.status} = 'published'`),
  ],
);

// What search, filters, sorts and facet counts read, one narrow row per product, kept by a
// trigger on products (migration 0009): a search scans these instead of the wide product rows.
export const productSearch = pgTable(
  "product_search",
  {
    productId: integer("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    published: boolean("published").notNull(),
    categoryId: integer("category_id").notNull(),
    creatorId: integer("creator_id").notNull(),
    priceCents: integer("price_cents").notNull(),
    originalPriceCents: integer("original_price_cents"),
    downloads: integer("downloads").notNull(),
    rating: doublePrecision("rating").notNull(),
    reviewCount: integer("review_count").notNull(),
    isBestseller: boolean("is_bestseller").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /**
     * How much shoppers looked at and bought the product lately (server/catalogue/trending.ts).
     * Written by the refresh-trending job, not by the trigger: a product's own writes keep it.
     */
    trendingScore: doublePrecision("trending_score").notNull().default(0),
    format: text("format").notNull(),
    styles: text("styles").array().notNull(),
    // Lowercased; the fields of search_text (title, creator, category name and label, tags) one per line.
    title: text("title").notNull(),
    tags: text("tags").notNull(),
    searchText: text("search_text").notNull(),
    // The fields the search index (server/search/search-index.ts) reads besides title and tags, as written.
    creatorName: text("creator_name").notNull().default(""),
    /** The category's name and label. */
    categoryName: text("category_name").notNull().default(""),
    description: text("description").notNull().default(""),
    /**
     * The transaction that last changed the row, and the one that last changed its text: each app server's
     * index reads the rows changed since it last looked (server/search/index-sync.ts). Set by a trigger.
     */
    changedXid: xid8("changed_xid").notNull().default(sql`pg_current_xact_id()`),
    textXid: xid8("text_xid").notNull().default(sql`pg_current_xact_id()`),
  },
  (table) => [
    index("product_search_text_trgm_idx").using("gin", table.searchText.op("gin_trgm_ops")),
    index("product_search_changed_idx").on(table.changedXid),
    index("product_search_popular_idx")
      .on(table.downloads.desc().nullsFirst(), table.productId.desc().nullsFirst())
      .where(sql`${table.published}`),
    index("product_search_category_popular_idx")
      .on(table.categoryId, table.downloads.desc().nullsFirst(), table.productId.desc().nullsFirst())
      .where(sql`${table.published}`),
    index("product_search_newest_idx")
      .on(table.publishedAt.desc().nullsFirst(), table.productId.desc().nullsFirst())
      .where(sql`${table.published}`),
    // /trending lists only the products with a score, highest first.
    index("product_search_trending_idx")
      .on(table.trendingScore.desc().nullsFirst(), table.productId.desc().nullsFirst())
      .where(sql`${table.trendingScore} > 0`),
    index("product_search_price_idx").on(table.priceCents).where(sql`${table.published}`),
    index("product_search_creator_idx").on(table.creatorId),
  ],
);

/**
 * Search rows deleted (a product deleted), with the transaction that deleted them, so that every app
 * server's index drops them too. A TRUNCATE of product_search bumps `productSearchEpoch` instead.
 */
export const productSearchRemoved = pgTable("product_search_removed", {
  productId: integer("product_id").primaryKey(),
  changedXid: xid8("changed_xid").notNull().default(sql`pg_current_xact_id()`),
});

/** One row: bumped when product_search is truncated, so that every index is built again. */
export const productSearchEpoch = pgTable("product_search_epoch", {
  id: integer("id").primaryKey().default(1),
  epoch: integer("epoch").notNull().default(0),
});

export const productImages = pgTable(
  "product_images",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    alt: text("alt").notNull().default(""),
    position: integer("position").notNull().default(0),
  },
  (table) => [index("product_images_product_idx").on(table.productId, table.position)],
);

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
    /** The seats of the licence: adding the product again adds one (SPEC section 4). */
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

// A product's reviews. products.rating and products.review_count are their average (one
// decimal) and count, kept by a trigger (migration 0007).
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    // The account that wrote it; null for the sample catalogue's reviews and deleted accounts.
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    rating: integer("rating").notNull(),
    body: text("body").notNull(),
    /** Written by a buyer of the product (shown as a verified purchase). */
    verified: boolean("verified").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("reviews_rating_range", sql`${table.rating} BETWEEN 1 AND 5`),
    // One review per account and product.
    uniqueIndex("reviews_product_user_idx").on(table.productId, table.userId).where(sql`${table.userId} IS NOT NULL`),
    index("reviews_product_recent_idx").on(
      table.productId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

// Who follows which creator. creators.followers moves with these rows, by trigger (migration 0008).
export const creatorFollows = pgTable(
  "creator_follows",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    /** Chosen when following: email me when this creator publishes a product. */
    notifyNewProducts: boolean("notify_new_products").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.creatorId] })],
);

// ---------------------------------------------------------------------------------------------
// Orders, payments and delivery (issue 5). An order is made from the shopper's cart with the
// catalogue's prices at that moment; it is fulfilled only by a verified payment event.

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
    taxCents: integer("tax_cents").notNull(),
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
      sql`${table.subtotalCents} >= 0 AND ${table.taxCents} >= 0 AND ${table.discountCents} BETWEEN 0 AND ${table.subtotalCents} AND ${table.totalCents} = ${table.subtotalCents} - ${table.discountCents} + ${table.taxCents}`,
    ),
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
    /** The seller's 70% and the platform's 30% of what was paid for the line (SPEC section 9). */
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
      sql`${table.discountCents} BETWEEN 0 AND ${table.lineTotalCents} AND ${table.sellerCents} + ${table.platformCents} = ${table.lineTotalCents} - ${table.discountCents}`,
    ),
    check("order_items_status_known", sql`${table.status} IN ('active', 'refunded')`),
    uniqueIndex("order_items_order_product_idx").on(table.orderId, table.productId),
    index("order_items_product_idx").on(table.productId),
    index("order_items_creator_idx").on(table.creatorId),
    check("order_items_bundle_not_upgrade", sql`${table.bundleId} IS NULL OR ${table.upgradesLicenseId} IS NULL`),
  ],
);

// Discount codes: a seller's, for some of their products or all of them, or the platform's
// site-wide sale (no creator), for every product. Entered in the cart; checked and applied on the
// server each time the cart is priced, and held for an order when it is placed.
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: serial("id").primaryKey(),
    /** As the seller wrote it; matched without regard to case. */
    code: text("code").notNull(),
    /** The seller's shop; null for a site-wide sale made by an admin. */
    creatorId: integer("creator_id").references(() => creators.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["percent", "amount"] }).notNull(),
    /** 1-100 for a percent code; cents for an amount code. */
    value: integer("value").notNull(),
    /** Every product of the creator (or, site-wide, of the shop), or only those in discount_code_products. */
    allProducts: boolean("all_products").notNull().default(true),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** How many orders may use it in all; null for no limit. */
    maxUses: integer("max_uses"),
    oncePerBuyer: boolean("once_per_buyer").notNull().default(false),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("discount_codes_code_idx").on(sql`upper(${table.code})`),
    check("discount_codes_kind_known", sql`${table.kind} IN ('percent', 'amount')`),
    check(
      "discount_codes_value_range",
      sql`(${table.kind} = 'percent' AND ${table.value} BETWEEN 1 AND 100) OR (${table.kind} = 'amount' AND ${table.value} > 0)`,
    ),
    check("discount_codes_max_uses_positive", sql`${table.maxUses} IS NULL OR ${table.maxUses} > 0`),
    check(
      "discount_codes_dates",
      sql`${table.startsAt} IS NULL OR ${table.endsAt} IS NULL OR ${table.endsAt} > ${table.startsAt}`,
    ),
    index("discount_codes_creator_idx").on(table.creatorId),
  ],
);

export const discountCodeProducts = pgTable(
  "discount_code_products",
  {
    codeId: integer("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.codeId, table.productId] })],
);

// Each order that used a code. A use is taken when the order is placed and given back when the
// order ends unpaid (expired or cancelled): uses are counted from these rows and their orders'
// status, under a lock on the code's row (server/discounts/discount-codes.ts).
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    codeId: integer("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The buyer, for once-per-buyer codes: lowercased email. */
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("discount_redemptions_code_email_idx").on(table.codeId, table.email)],
);

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

// The files a buyer of a product downloads, kept privately in the file store.
export const productFiles = pgTable(
  "product_files",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    position: integer("position").notNull().default(0),
    /** 1 for the file first uploaded; each new version the seller uploads adds one. */
    version: integer("version").notNull().default(1),
    /** When the current version was uploaded: buyers who downloaded before it see "Updated". */
    versionUploadedAt: timestamp("version_uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    /** The version whose first pages are rendered in product_file_previews; null until the job has run. */
    previewsVersion: integer("previews_version"),
  },
  (table) => [
    index("product_files_product_idx").on(table.productId, table.position),
    check("product_files_version_positive", sql`${table.version} >= 1`),
  ],
);

// The versions of a file that a newer one replaced, kept with their objects in the file store:
// the seller's work is never thrown away, and an order dispute can tell what was delivered when.
export const productFileVersions = pgTable(
  "product_file_versions",
  {
    id: serial("id").primaryKey(),
    fileId: integer("file_id")
      .notNull()
      .references(() => productFiles.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
    replacedAt: timestamp("replaced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("product_file_versions_file_version_idx").on(table.fileId, table.version)],
);

// The first pages of a PDF file, rendered to images by a job when the file (or a new version of
// it) is uploaded, and shown on the product page before purchase.
export const productFilePreviews = pgTable(
  "product_file_previews",
  {
    id: serial("id").primaryKey(),
    fileId: integer("file_id")
      .notNull()
      .references(() => productFiles.id, { onDelete: "cascade" }),
    /** 1 for the first page. */
    page: integer("page").notNull(),
    /** The rendered page's public image. */
    imageUrl: text("image_url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("product_file_previews_file_page_idx").on(table.fileId, table.page),
    check("product_file_previews_page_positive", sql`${table.page} >= 1`),
  ],
);

// Each email telling a buyer that a file they bought has a new version: one per buyer and
// version, whatever retries or app servers the job runs on.
export const productUpdateNotices = pgTable(
  "product_update_notices",
  {
    fileId: integer("file_id")
      .notNull()
      .references(() => productFiles.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** The buyer's address, lowercased. */
    email: text("email").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.fileId, table.version, table.email] })],
);

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

// A seller's products sold together at one price. Bought, it delivers each product's files with a
// Personal licence per product; each product's share of the price is in proportion to its Personal
// price, and a buyer who owns some of the products pays only the shares of the others.
export const bundles = pgTable(
  "bundles",
  {
    id: serial("id").primaryKey(),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    // draft: being prepared; published: on sale (while its products are); deleted: removed by its
    // seller, kept for the orders that name it.
    status: text("status", { enum: ["draft", "published", "deleted"] })
      .notNull()
      .default("draft"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("bundles_price_positive", sql`${table.priceCents} > 0`),
    check("bundles_status_known", sql`${table.status} IN ('draft', 'published', 'deleted')`),
    index("bundles_creator_idx").on(table.creatorId),
  ],
);

export const bundleProducts = pgTable(
  "bundle_products",
  {
    bundleId: integer("bundle_id")
      .notNull()
      .references(() => bundles.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.bundleId, table.productId] }),
    index("bundle_products_product_idx").on(table.productId),
  ],
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

// One row per download of a purchased file; products.downloads grows with them.
export const downloads = pgTable(
  "downloads",
  {
    id: serial("id").primaryKey(),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    fileId: integer("file_id")
      .notNull()
      .references(() => productFiles.id, { onDelete: "cascade" }),
    downloadedAt: timestamp("downloaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("downloads_order_item_idx").on(table.orderItemId)],
);

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

export const REFUND_STATES = ["requested", "approved", "rejected"] as const;

// A buyer's request for their money back on one item (SPEC section 9: within 30 days).
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

// ---------------------------------------------------------------------------------------------
// Sellers (issue 6). A user applies to sell; the platform approves (the user becomes a seller
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

// Sellers' money (SPEC section 9): every sale, refund and payout is an entry in the seller's
// ledger; the balance is their sum. Payouts go out weekly on Friday when it is at least $25.

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
    /** 2-3 business days after the payout (SPEC section 9): the last of them. */
    fundsAvailableOn: date("funds_available_on", { mode: "string" }).notNull(),
    status: text("status", { enum: ["sent", "failed"] })
      .notNull()
      .default("sent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("payouts_amount_positive", sql`${table.amountCents} > 0`),
    uniqueIndex("payouts_creator_week_idx").on(table.creatorId, table.weekOf),
  ],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: serial("id").primaryKey(),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["sale", "refund", "payout"] }).notNull(),
    /** Signed: a sale adds the seller's 70%, a refund takes it back, a payout takes what was paid. */
    amountCents: integer("amount_cents").notNull(),
    orderItemId: integer("order_item_id").references(() => orderItems.id, { onDelete: "set null" }),
    payoutId: integer("payout_id").references(() => payouts.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("ledger_entries_kind_known", sql`${table.kind} IN ('sale', 'refund', 'payout')`),
    // A sale or a refund is entered once per order item.
    uniqueIndex("ledger_entries_item_kind_idx")
      .on(table.orderItemId, table.kind)
      .where(sql`${table.orderItemId} IS NOT NULL`),
    index("ledger_entries_creator_idx").on(table.creatorId, table.createdAt.desc().nullsFirst()),
  ],
);

// ---------------------------------------------------------------------------------------------
// The platform (issue 6): seller enforcement (SPEC section 4), appeals, and product views for the
// sellers' analytics.

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

// A seller's appeal of one enforcement action, within 7 days of it (SPEC section 9). "upheld" means
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

// Product page views per product and day (UTC): the sellers' analytics chart them. One counter row
// per product and day keeps the table small however many views there are.
export const productViews = pgTable(
  "product_views",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.day] }),
    // The trending job reads the last week's views of every product.
    index("product_views_day_idx").on(table.day),
  ],
);

// ---------------------------------------------------------------------------------------------
// Search (issue 14): what shoppers search for and which results they open, for the admin Search
// page, and the synonyms admins keep. Searches and clicks are written in batches
// (server/search/search-log.ts); a click names its search by the id the server gave the search,
// with no foreign key, since it can arrive before its search's batch is written. 90 days are kept.

export const searchLog = pgTable(
  "search_log",
  {
    id: uuid("id").primaryKey(),
    /** The text as typed, normalised: lowercase, trimmed, inner spaces collapsed. */
    query: text("query").notNull(),
    /** How many products the search found. */
    results: integer("results").notNull(),
    searchedAt: timestamp("searched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("search_log_searched_at_idx").on(table.searchedAt)],
);

// A result a shopper opened: once per search and product, at its position in the results (from 1).
export const searchClicks = pgTable(
  "search_clicks",
  {
    searchId: uuid("search_id").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    clickedAt: timestamp("clicked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.searchId, table.productId] }),
    index("search_clicks_clicked_at_idx").on(table.clickedAt),
  ],
);

// Groups of words a search treats as the same ("cv, resume"), kept by admins: normalised (lowercase,
// no accents) and sorted, so that one group is one row whatever order it was typed in. A trigger
// tells every app server's search index to reload them (pg_notify 'search_synonyms_changed').
export const searchSynonyms = pgTable(
  "search_synonyms",
  {
    id: serial("id").primaryKey(),
    words: text("words").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("search_synonyms_words_idx").on(table.words),
    check("search_synonyms_group_size", sql`cardinality(${table.words}) BETWEEN 2 AND 10`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Creators and their audience (issue 18): emails to followers and customers, review replies,
// listing reports, consent to hear from sellers.

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

// A seller's one public reply to a review, shown under it.
export const reviewReplies = pgTable("review_replies", {
  reviewId: integer("review_id")
    .primaryKey()
    .references(() => reviews.id, { onDelete: "cascade" }),
  creatorId: integer("creator_id")
    .notNull()
    .references(() => creators.id, { onDelete: "cascade" }),
  body: text("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

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

// ---------------------------------------------------------------------------------------------
// The public API (issue 18): sellers' API keys, licence activations, webhooks.

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

// Where a seller wants to hear of their sales, refunds and licence activations.
export const WEBHOOK_EVENTS = ["sale", "refund", "license.activated"] as const;
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
