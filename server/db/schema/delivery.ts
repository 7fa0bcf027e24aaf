import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { products } from "./catalogue.ts";
import { orderItems } from "./orders.ts";

// Delivery (server/delivery/ and server/previews/): the files buyers download, their
// versions and previews, the downloads, and the emails about new versions.

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
