import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./accounts.ts";

// The catalogue (server/catalogue/): categories, creators (the sellers' shops and their standing),
// products and their pictures, reviews and their sellers' replies, follows, and product page views.

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
     * The shop's standing under the seller enforcement: a suspended shop's products
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
    /**
     * A product of the demo's sample catalogue (server/demo/), which a live shop withdraws at every
     * start (server/catalogue/shop-mode.ts); migration 0031 marked those a demo shop had loaded before.
     */
    isSample: boolean("is_sample").notNull().default(false),
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
