import { eq } from "drizzle-orm";
import type { Database } from "../../server/db/client.ts";
import { orderItems, orders, productFiles } from "../../server/db/schema.ts";
import { openDownload } from "../../server/delivery/open-download.ts";
import type { FileStore } from "../../server/storage/file-store.ts";

/** Every order and order item, as rows, and the bytes the shop serves for each item's file: what a restore must bring back. */
export async function shopSnapshot(db: Database, files: FileStore) {
  const orderRows = await db.select().from(orders).orderBy(orders.id);
  const itemRows = await db.select().from(orderItems).orderBy(orderItems.id);
  const downloads: Record<string, string> = {};
  for (const item of itemRows) {
    const [file] = await db.select().from(productFiles).where(eq(productFiles.productId, item.productId));
    const opened = await openDownload(db, { files, target: { orderItemId: item.id, fileId: file!.id }, count: false });
    downloads[`${item.id}/${file!.id}`] = opened.body.toString("base64");
  }
  return { orderRows, itemRows, downloads };
}
