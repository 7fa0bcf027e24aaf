import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { downloads, orderItems, orders, productFiles } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import type { FileStore } from "../storage/file-store.ts";
import type { DownloadTarget } from "./download-links.ts";

// A valid signature only says the shop issued the link: whether the buyer may still have the file
// is decided now, from the order as it is (a refund after the link was issued closes it at once).

export interface OpenedDownload {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** Order statuses whose active items may be downloaded. */
export const DELIVERABLE_ORDER_STATUSES = ["paid", "partially_refunded"] as const;

export function isDeliverable(orderStatus: string, itemStatus: string): boolean {
  return (DELIVERABLE_ORDER_STATUSES as readonly string[]).includes(orderStatus) && itemStatus === "active";
}

/**
 * The bytes of `target`'s file, counted as one download (the downloads row; a trigger adds it to
 * the product). `count: false` checks and reads without counting: a HEAD request is no download.
 */
export async function openDownload(
  db: Database,
  { files, target, count = true }: { files: FileStore; target: DownloadTarget; count?: boolean },
): Promise<OpenedDownload> {
  // One query: the item, its order and the file (left joined, to tell a removed file apart).
  const [row] = await db
    .select({
      itemProductId: orderItems.productId,
      itemStatus: orderItems.status,
      orderStatus: orders.status,
      fileProductId: productFiles.productId,
      storageKey: productFiles.storageKey,
      fileName: productFiles.fileName,
      contentType: productFiles.contentType,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(productFiles, eq(productFiles.id, target.fileId))
    .where(eq(orderItems.id, target.orderItemId));

  if (!row) throw new Refusal("This download link is not valid.", "forbidden");
  if (row.fileProductId === null || row.storageKey === null)
    throw new Refusal("This file is no longer available.", "not-found");
  if (row.fileProductId !== row.itemProductId) throw new Refusal("This download link is not valid.", "forbidden");
  // A refund closes delivery: the item's, or the whole order's.
  if (row.itemStatus === "refunded" || row.orderStatus === "refunded") {
    throw new Refusal("This item was refunded, so its files can no longer be downloaded.", "gone");
  }
  if (!isDeliverable(row.orderStatus, row.itemStatus)) throw new Refusal("This order has not been paid.", "forbidden");

  const body = await files.read(row.storageKey);
  if (!body) throw new Refusal("This file is no longer available.", "not-found");
  if (count) await db.insert(downloads).values({ orderItemId: target.orderItemId, fileId: target.fileId });
  return { fileName: row.fileName!, contentType: row.contentType!, body };
}
