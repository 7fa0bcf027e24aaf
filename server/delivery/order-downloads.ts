import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { LicenseTier } from "../../shared/license-tiers.ts";
import type { Database } from "../db/client.ts";
import { licenses, orderItems, orders, productFiles, productImages } from "../db/schema.ts";
import { downloadUrl } from "./download-links.ts";
import { isUpdatedFor, type LastDownloads, lastDownloads } from "./file-updates.ts";
import { DELIVERABLE_ORDER_STATUSES, isDeliverable } from "./open-download.ts";

// What the order page and the account's library show: each bought item with its license and its
// files, every file with a fresh signed link (links expire within minutes, so they are made here,
// each time the page is read, and never stored).

export interface DownloadableFile {
  fileId: number;
  fileName: string;
  sizeBytes: number;
  url: string;
  /** 1 for the file first uploaded; a new version the seller uploads adds one. */
  version: number;
  /** When its current version was uploaded (ISO). */
  versionUploadedAt: string;
  /** A new version the buyer has not downloaded yet (file-updates.ts). */
  updated: boolean;
}

export interface OrderItemDownloads {
  orderItemId: number;
  productId: number;
  title: string;
  status: "active" | "refunded";
  /** The tier bought with this item (its licence's tier may since have been upgraded). */
  licenseType: LicenseTier;
  licenseKey: string | null;
  /** The licence's tier and seats as they stand now; null until paid, and once refunded. */
  license: { tier: LicenseTier; seats: number } | null;
  /** Empty unless the order is paid (or partly refunded) and this item is not refunded. */
  files: DownloadableFile[];
}

export interface LibraryItem {
  orderItemId: number;
  orderNumber: string;
  paidAt: Date | null;
  productId: number;
  title: string;
  /** The product's first image, if it still has one. */
  imageUrl: string | null;
  licenseType: LicenseTier;
  licenseKey: string | null;
  /** The licence's tier and seats as they stand now (an upgrade may have raised them). */
  license: { tier: LicenseTier; seats: number } | null;
  files: DownloadableFile[];
}

type FileRow = {
  productId: number;
  fileId: number;
  fileName: string;
  sizeBytes: number;
  version: number;
  versionUploadedAt: Date;
};

/** The files of `productIds`, in their order, grouped by product. */
async function filesOf(db: Database, productIds: number[]): Promise<Map<number, FileRow[]>> {
  const byProduct = new Map<number, FileRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      productId: productFiles.productId,
      fileId: productFiles.id,
      fileName: productFiles.fileName,
      sizeBytes: productFiles.sizeBytes,
      version: productFiles.version,
      versionUploadedAt: productFiles.versionUploadedAt,
    })
    .from(productFiles)
    .where(inArray(productFiles.productId, [...new Set(productIds)]))
    .orderBy(asc(productFiles.productId), asc(productFiles.position), asc(productFiles.id));
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row);
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

function withLinks(
  secret: string,
  item: { orderItemId: number; paidAt: Date | null },
  rows: FileRow[] | undefined,
  seen: LastDownloads,
  now: number,
): DownloadableFile[] {
  const { orderItemId } = item;
  return (rows ?? []).map(({ fileId, fileName, sizeBytes, version, versionUploadedAt }) => ({
    fileId,
    fileName,
    sizeBytes,
    url: downloadUrl(secret, { orderItemId, fileId }, now),
    version,
    versionUploadedAt: versionUploadedAt.toISOString(),
    updated: isUpdatedFor(item, { fileId, version, versionUploadedAt }, seen),
  }));
}

// A left join's licence columns: both there, or none (not yet paid).
function licenseOf(tier: LicenseTier | null, seats: number | null) {
  return tier !== null && seats !== null ? { tier, seats } : null;
}

/** Every item of order `orderId`, with links to the files of those the buyer may download. */
export async function filesForOrder(
  db: Database,
  { secret, orderId, now = Date.now() }: { secret: string; orderId: number; now?: number },
): Promise<OrderItemDownloads[]> {
  const items = await db
    .select({
      orderItemId: orderItems.id,
      productId: orderItems.productId,
      title: orderItems.title,
      status: orderItems.status,
      licenseType: orderItems.licenseType,
      licenseKey: licenses.key,
      licenseTier: licenses.tier,
      licenseSeats: licenses.seats,
      orderStatus: orders.status,
      paidAt: orders.paidAt,
      upgradesLicenseId: orderItems.upgradesLicenseId,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(licenses, eq(licenses.orderItemId, orderItems.id))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  // An upgrade's line raises a licence bought before: the files are that purchase's.
  const delivers = (item: (typeof items)[number]) =>
    item.upgradesLicenseId === null && isDeliverable(item.orderStatus, item.status);
  const deliverable = items.filter(delivers);
  const [files, seen] = await Promise.all([
    filesOf(
      db,
      deliverable.map((item) => item.productId),
    ),
    lastDownloads(
      db,
      deliverable.map((item) => item.orderItemId),
    ),
  ]);
  return items.map((row) => {
    const { orderStatus, licenseTier, licenseSeats, upgradesLicenseId, paidAt, ...item } = row;
    return {
      ...item,
      // A refunded purchase gives its license back along with its files.
      licenseKey: item.status === "refunded" ? null : item.licenseKey,
      license: item.status === "refunded" ? null : licenseOf(licenseTier, licenseSeats),
      files: delivers(row) ? withLinks(secret, row, files.get(item.productId), seen, now) : [],
    };
  });
}

/**
 * Everything account `userId` may download: active items of its paid orders, newest order first
 * (an upgrade's line is not a purchase of its own: the licence it raised shows the new tier).
 */
export async function downloadLibrary(
  db: Database,
  { secret, userId, now = Date.now() }: { secret: string; userId: string; now?: number },
): Promise<LibraryItem[]> {
  const items = await db
    .select({
      orderItemId: orderItems.id,
      orderNumber: orders.number,
      paidAt: orders.paidAt,
      productId: orderItems.productId,
      title: orderItems.title,
      // The lowest position is the cover; a correlated subquery keeps it one row per item.
      imageUrl: sql<string | null>`(
        SELECT ${productImages.url} FROM ${productImages}
        WHERE ${productImages.productId} = ${orderItems.productId}
        ORDER BY ${productImages.position}, ${productImages.id} LIMIT 1
      )`,
      licenseType: orderItems.licenseType,
      licenseKey: licenses.key,
      licenseTier: licenses.tier,
      licenseSeats: licenses.seats,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(licenses, eq(licenses.orderItemId, orderItems.id))
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, [...DELIVERABLE_ORDER_STATUSES]),
        eq(orderItems.status, "active"),
        isNull(orderItems.upgradesLicenseId),
      ),
    )
    .orderBy(sql`${orders.paidAt} DESC NULLS LAST`, desc(orders.id), asc(orderItems.id));
  const [files, seen] = await Promise.all([
    filesOf(
      db,
      items.map((item) => item.productId),
    ),
    lastDownloads(
      db,
      items.map((item) => item.orderItemId),
    ),
  ]);
  return items.map(({ licenseTier, licenseSeats, ...item }) => ({
    ...item,
    license: licenseOf(licenseTier, licenseSeats),
    files: withLinks(secret, item, files.get(item.productId), seen, now),
  }));
}
