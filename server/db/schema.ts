import { sql } from "drizzle-orm";
import {
  bigint,
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
} from "drizzle-orm/pg-core";

import { user } from "./auth-schema.ts";

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

export const creators = pgTable("creators", {
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
});

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
    priceCents: integer("price_cents").notNull(),
    originalPriceCents: integer("original_price_cents"),
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
    fileSizeBytes: bigint("file_size_bytes", { mode: "number" }).notNull().default(0),
    pages: integer("pages"),
    prints: integer("prints"),
    templates: integer("templates"),
    durationMinutes: integer("duration_minutes"),
    status: text("status", { enum: ["published", "draft", "hidden"] })
      .notNull()
      .default("published"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("products_price_cents_nonnegative", sql`${table.priceCents} >= 0`),
    check(
      "products_original_price_above_price",
      sql`${table.originalPriceCents} IS NULL OR ${table.originalPriceCents} > ${table.priceCents}`,
    ),
    check("products_rating_range", sql`${table.rating} >= 0 AND ${table.rating} <= 5`),
    check("products_status_known", sql`${table.status} IN ('published', 'draft', 'hidden')`),
    index("products_creator_idx").on(table.creatorId),
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
    format: text("format").notNull(),
    styles: text("styles").array().notNull(),
    // Lowercased; the fields of search_text (title, creator, category name and label, tags) one per line.
    title: text("title").notNull(),
    tags: text("tags").notNull(),
    searchText: text("search_text").notNull(),
  },
  (table) => [
    index("product_search_text_trgm_idx").using("gin", table.searchText.op("gin_trgm_ops")),
    index("product_search_popular_idx")
      .on(table.downloads.desc().nullsFirst(), table.productId.desc().nullsFirst())
      .where(sql`${table.published}`),
    index("product_search_category_popular_idx")
      .on(table.categoryId, table.downloads.desc().nullsFirst(), table.productId.desc().nullsFirst())
      .where(sql`${table.published}`),
    index("product_search_newest_idx")
      .on(table.createdAt.desc().nullsFirst(), table.productId.desc().nullsFirst())
      .where(sql`${table.published}`),
    index("product_search_price_idx").on(table.priceCents).where(sql`${table.published}`),
    index("product_search_creator_idx").on(table.creatorId),
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

export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Guest shoppers nobody came back for are removed by age.
  (table) => [index("shoppers_guest_updated_idx").on(table.updatedAt).where(sql`${table.userId} IS NULL`)],
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
    quantity: integer("quantity").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.shopperId, table.productId] }),
    check("cart_items_quantity_range", sql`${table.quantity} BETWEEN 1 AND 99`),
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("reviews_rating_range", sql`${table.rating} BETWEEN 1 AND 5`),
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.creatorId] })],
);
