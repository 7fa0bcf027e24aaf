import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { UPLOADED_IMAGE_PIXELS } from "../../shared/image-variants.ts";
import type { Database, Queryable } from "../db/client.ts";
import { productFilePreviews, productFiles, productFileVersions, productImages, products } from "../db/schema.ts";
import { type JobQueue, QUEUES } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import { type FileStore, storingFiles } from "../storage/file-store.ts";
import { detectFileType, downloadName } from "./file-types.ts";
import { imageKeysOf, PRODUCT_IMAGE_PREFIX, requireOwnProduct } from "./seller-products.ts";

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const FILE_MAX_BYTES = 100 * 1024 * 1024;
const MAX_IMAGES = 8;
const MAX_FILES = 10;
const MAX_INPUT_PIXELS = 50_000_000;
const IMAGE_FORMATS = new Set(["jpeg", "png", "webp", "gif"]);

export const IMAGE_TOO_LARGE = "Each image must be at most 10 MB.";
export const FILE_TOO_LARGE = "Each file must be at most 100 MB.";
const NOT_AN_IMAGE = "Please choose a JPEG, PNG, WebP or GIF image.";
export const FILE_NOT_IN_PRODUCT = "This file is not part of this product.";
const NOT_ACCEPTED =
  "This type of file is not accepted. Upload a PDF, a ZIP (or EPUB, DOCX, XLSX), an image (PNG, JPEG, GIF, SVG), a PSD or an MP4.";

/** A product image from an upload: checked by its bytes, turned upright, at most 1600 px, WebP, without metadata. */
export async function addProductImage(
  db: Database,
  { files, creatorId, productId, bytes }: { files: FileStore; creatorId: number; productId: number; bytes: Uint8Array },
) {
  const product = await requireOwnProduct(db, creatorId, productId);
  if (bytes.byteLength === 0) throw new Refusal("Please choose an image.", "invalid");
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw new Refusal(IMAGE_TOO_LARGE, "too-large");
  let webp: Buffer;
  try {
    const { format, width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!format || !IMAGE_FORMATS.has(format)) throw new Refusal(NOT_AN_IMAGE, "unsupported-type");
    if (width * height > MAX_INPUT_PIXELS)
      throw new Refusal("This image has too many pixels (over 50 megapixels).", "too-large");
    webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize(UPLOADED_IMAGE_PIXELS, UPLOADED_IMAGE_PIXELS, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(NOT_AN_IMAGE, "unsupported-type");
  }
  const name = `${productId}-${crypto.randomBytes(6).toString("hex")}.webp`;
  await storingFiles(files, (put) =>
    db.transaction(async (tx) => {
      const [{ count, next }] = (
        await tx.execute<{ count: number; next: number }>(sql`
        SELECT count(*)::int AS count, coalesce(max(${productImages.position}) + 1, 0)::int AS next
        FROM ${productImages} WHERE ${productImages.productId} = ${productId}`)
      ).rows as [{ count: number; next: number }];
      if (count >= MAX_IMAGES) throw new Refusal(`A product can have at most ${MAX_IMAGES} images.`, "conflict");
      await put(`product-images/${name}`, webp);
      await tx
        .insert(productImages)
        .values({ productId, url: `${PRODUCT_IMAGE_PREFIX}${name}`, alt: product.title, position: next });
    }),
  );
}

export async function removeProductImage(
  db: Database,
  { files, creatorId, productId, imageId }: { files: FileStore; creatorId: number; productId: number; imageId: number },
) {
  const product = await requireOwnProduct(db, creatorId, productId);
  const [image] = await db
    .delete(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    .returning({ url: productImages.url });
  if (!image) throw new Refusal("This image is not part of this product.", "not-found");
  await Promise.all(imageKeysOf(image.url).map((key) => files.remove(key)));
  if (product.status === "published") await unpublishIfIncomplete(db, productId);
}

/**
 * The checks of every product file upload (a new file or a new version of one): not empty, at
 * most 100 MB, of a type its bytes show. Answers its name for buyers, its type and a new private key.
 */
export function acceptedProductFile(productId: number, upload: { name: string; bytes: Uint8Array }) {
  if (upload.bytes.byteLength === 0) throw new Refusal("This file is empty.", "invalid");
  if (upload.bytes.byteLength > FILE_MAX_BYTES) throw new Refusal(FILE_TOO_LARGE, "too-large");
  const type = detectFileType(upload.bytes, upload.name);
  if (!type) throw new Refusal(NOT_ACCEPTED, "unsupported-type");
  const fileName = downloadName(upload.name, type);
  const key = `products/${productId}/${crypto.randomBytes(8).toString("hex")}-${fileName}`;
  return { key, fileName, type };
}

/** A downloadable file: its type read from its bytes, kept privately; a PDF's first pages are drawn by a job. */
export async function addProductFile(
  db: Database,
  {
    files,
    jobs,
    creatorId,
    productId,
    upload,
  }: {
    files: FileStore;
    jobs: JobQueue;
    creatorId: number;
    productId: number;
    upload: { name: string; bytes: Uint8Array };
  },
) {
  await requireOwnProduct(db, creatorId, productId);
  const { key, fileName, type } = acceptedProductFile(productId, upload);
  await storingFiles(files, (put) =>
    db.transaction(async (tx) => {
      const [{ count }] = (
        await tx.execute<{ count: number }>(
          sql`SELECT count(*)::int AS count FROM ${productFiles} WHERE ${productFiles.productId} = ${productId}`,
        )
      ).rows as [{ count: number }];
      if (count >= MAX_FILES) throw new Refusal(`A product can have at most ${MAX_FILES} files.`, "conflict");
      await put(key, upload.bytes);
      const [file] = await tx
        .insert(productFiles)
        .values({
          productId,
          storageKey: key,
          fileName,
          contentType: type.contentType,
          sizeBytes: upload.bytes.byteLength,
          position: count,
        })
        .returning({ id: productFiles.id });
      // Its "Look inside" pages (server/previews/), queued with the file: no file without its job.
      if (type.extension === "pdf") await jobs.send(QUEUES.renderFilePreviews, { fileId: file!.id }, tx);
      await touchProduct(tx, productId);
    }),
  );
}

export async function removeProductFile(
  db: Database,
  { files, creatorId, productId, fileId }: { files: FileStore; creatorId: number; productId: number; fileId: number },
) {
  const product = await requireOwnProduct(db, creatorId, productId);
  const removed = await db.transaction(async (tx) => {
    // The versions it replaced go with it (their rows by the foreign key's cascade).
    const earlier = await tx
      .select({ key: productFileVersions.storageKey })
      .from(productFileVersions)
      .innerJoin(productFiles, eq(productFiles.id, productFileVersions.fileId))
      .where(and(eq(productFiles.id, fileId), eq(productFiles.productId, productId)));
    // And the pictures of its first pages (server/previews/).
    const previews = await tx
      .select({ url: productFilePreviews.imageUrl })
      .from(productFilePreviews)
      .innerJoin(productFiles, eq(productFiles.id, productFilePreviews.fileId))
      .where(and(eq(productFiles.id, fileId), eq(productFiles.productId, productId)));
    const [file] = await tx
      .delete(productFiles)
      .where(and(eq(productFiles.id, fileId), eq(productFiles.productId, productId)))
      .returning({ key: productFiles.storageKey });
    if (!file) throw new Refusal(FILE_NOT_IN_PRODUCT, "not-found");
    await touchProduct(tx, productId);
    return [
      file.key,
      ...earlier.map((version) => version.key),
      ...previews.flatMap((preview) => imageKeysOf(preview.url)),
    ];
  });
  await Promise.all(removed.map((key) => files.remove(key)));
  if (product.status === "published") await unpublishIfIncomplete(db, productId);
}

/** The product's page lists its files: a change of them is a change of the product. */
export async function touchProduct(tx: Queryable, productId: number) {
  await tx.update(products).set({ updatedAt: sql`now()` }).where(eq(products.id, productId));
}

/** A product on sale must keep an image and a file; without one it goes back to draft. */
async function unpublishIfIncomplete(db: Database, productId: number) {
  await db.execute(sql`
    UPDATE ${products} SET status = 'draft', updated_at = now()
    WHERE id = ${productId} AND status = 'published'
      AND (NOT EXISTS (SELECT 1 FROM ${productImages} WHERE ${productImages.productId} = ${productId})
        OR NOT EXISTS (SELECT 1 FROM ${productFiles} WHERE ${productFiles.productId} = ${productId}))`);
}
