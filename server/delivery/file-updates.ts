import { inArray, max } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { downloads } from "../db/schema.ts";

// "Updated" beside a bought file: the seller uploaded a new version of it since this
// buyer last downloaded it through this purchase (or, never downloaded, since the purchase).

/** When each bought item's files were last downloaded, by `${orderItemId}:${fileId}`. */
export type LastDownloads = Map<string, Date>;

const keyOf = (orderItemId: number, fileId: number) => `${orderItemId}:${fileId}`;

/** The last download of each file of the items `orderItemIds`. */
export async function lastDownloads(db: Database, orderItemIds: number[]): Promise<LastDownloads> {
  const seen: LastDownloads = new Map();
  if (orderItemIds.length === 0) return seen;
  const rows = await db
    .select({ orderItemId: downloads.orderItemId, fileId: downloads.fileId, at: max(downloads.downloadedAt) })
    .from(downloads)
    .where(inArray(downloads.orderItemId, [...new Set(orderItemIds)]))
    .groupBy(downloads.orderItemId, downloads.fileId);
  for (const row of rows) if (row.at) seen.set(keyOf(row.orderItemId, row.fileId), row.at);
  return seen;
}

/** Whether a file's current version is news to the buyer of `item`: uploaded after they last had it. */
export function isUpdatedFor(
  item: { orderItemId: number; paidAt: Date | null },
  file: { fileId: number; version: number; versionUploadedAt: Date },
  seen: LastDownloads,
): boolean {
  if (file.version <= 1) return false;
  const since = seen.get(keyOf(item.orderItemId, file.fileId)) ?? item.paidAt;
  return since === null || file.versionUploadedAt > since;
}
