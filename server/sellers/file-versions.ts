import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { productFiles, productFileVersions } from "../db/schema.ts";
import { type JobQueue, QUEUES } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import { type FileStore, storingFiles } from "../storage/file-store.ts";
import { otherTypeOfFile } from "./file-types.ts";
import { acceptedProductFile, FILE_NOT_IN_PRODUCT, touchProduct } from "./product-uploads.ts";
import { requireOwnProduct } from "./seller-products.ts";

// A new version of a product file: buyers download it from the same place at once, see
// "Updated" beside it until they do, and are emailed once. The version it replaces keeps its
// object in the file store and its row in product_file_versions: the seller's work is never lost,
// and what a buyer was delivered when can still be told.

export interface FileVersionServices {
  db: Database;
  files: FileStore;
  jobs: JobQueue;
}

/** A stored file's extension (its name was given the detected type's extension at upload). */
const extensionOf = (fileName: string) => fileName.split(".").pop() ?? fileName;

/**
 * Replaces file `fileId` of the seller's product with `upload` (the checks of a new file, and the
 * same type of file as the one it replaces), as its next version; its previews are rendered again and its buyers emailed, by jobs sent in the same
 * transaction. Answers the file's name and its new version.
 */
export async function uploadFileVersion(
  { db, files, jobs }: FileVersionServices,
  {
    creatorId,
    productId,
    fileId,
    upload,
  }: { creatorId: number; productId: number; fileId: number; upload: { name: string; bytes: Uint8Array } },
): Promise<{ fileName: string; version: number }> {
  await requireOwnProduct(db, creatorId, productId);
  const { key, fileName, type } = acceptedProductFile(productId, upload);
  return storingFiles(files, (put) =>
    db.transaction(async (tx) => {
      // Locked: two versions uploaded at once are numbered one after the other.
      const [current] = await tx
        .select()
        .from(productFiles)
        .where(and(eq(productFiles.id, fileId), eq(productFiles.productId, productId)))
        .for("update");
      if (!current) throw new Refusal(FILE_NOT_IN_PRODUCT, "not-found");
      // The same type as the file it replaces, both read from their bytes (the stored content type
      // was detected at upload): buyers of a PDF are not sent a PNG under the same download.
      if (current.contentType !== type.contentType) {
        const replaced = { extension: extensionOf(current.fileName), contentType: current.contentType };
        throw new Refusal(otherTypeOfFile(replaced, type), "unsupported-type");
      }
      await put(key, upload.bytes);
      await tx.insert(productFileVersions).values({
        fileId,
        version: current.version,
        storageKey: current.storageKey,
        fileName: current.fileName,
        contentType: current.contentType,
        sizeBytes: current.sizeBytes,
        uploadedAt: current.versionUploadedAt,
      });
      const version = current.version + 1;
      await tx
        .update(productFiles)
        .set({
          storageKey: key,
          fileName,
          contentType: type.contentType,
          sizeBytes: upload.bytes.byteLength,
          version,
          versionUploadedAt: sql`now()`,
          previewsVersion: null,
        })
        .where(eq(productFiles.id, fileId));
      await touchProduct(tx, productId);
      await jobs.send(QUEUES.renderFilePreviews, { fileId }, tx);
      await jobs.send(QUEUES.sendProductUpdateEmails, { fileId, version }, tx);
      return { fileName, version };
    }),
  );
}
