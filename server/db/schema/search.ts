import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { products } from "./catalogue.ts";

// Search (server/search/): the narrow rows searches read, kept by triggers, and how each app server's
// index learns what changed.

/** A PostgreSQL 64-bit transaction id (`pg_current_xact_id()`), read as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => "xid8" });

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

// ---------------------------------------------------------------------------------------------
// Search: what shoppers search for and which results they open, for the admin Search
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
