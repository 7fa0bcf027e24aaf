import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "../db/client.ts";
import { productFilePreviews, productFiles } from "../db/schema.ts";
import { imageKeysOf, PRODUCT_IMAGE_PREFIX } from "../sellers/seller-products.ts";
import type { FileStore } from "../storage/file-store.ts";
import { PREVIEW_LIMITS, type RenderLimits, renderPdfPages, UnreadablePdf } from "./render-pdf.ts";

// The first pages of a PDF product file as pictures on its product page ("Look inside"), made by the
// render-file-previews job (decision 032). Each page is kept as a product image is
// (`product-images/{productId}-{random}.webp`, served under /media/products/), so it gets the same
// smaller and AVIF copies (server/media/image-variants.ts).

const PDF_CONTENT_TYPE = "application/pdf";

// WebP as uploads are kept (quality 82), at effort 2 of 6: a 1236 x 1600 page encodes in half the
// time of the default effort (4) for about 5% more bytes; encoding was a third of a file's time.
const PREVIEW_WEBP = { quality: 82, effort: 2 } as const;

export type PreviewOutcome =
  /** The pages of the file's current version are on its page now. */
  | { done: "rendered"; version: number; pages: number }
  /** The file could not be drawn: no previews, and the job is not tried again. */
  | { done: "unreadable"; version: number; reason: string }
  /** Nothing to draw: no such file, its current version has its previews already, or is not a PDF. */
  | { done: "skipped" };

/**
 * Renders the first pages of the current version of file `fileId` and puts them in place of the
 * file's previews, unless that version has them already. Safe to run twice or at once on two servers,
 * and while the seller uploads a newer version: the previews go in only if the version drawn is still
 * the file's and still without previews (a compare-and-set on previews_version), else what was drawn
 * is thrown away. A PDF that cannot be drawn counts as done with no pages; a failure of the database or
 * the file store throws, for the job to try again.
 */
export async function renderFilePreviews(
  db: Database,
  { files, fileId, limits = PREVIEW_LIMITS }: { files: FileStore; fileId: number; limits?: RenderLimits },
): Promise<PreviewOutcome> {
  const [file] = await db
    .select({
      productId: productFiles.productId,
      storageKey: productFiles.storageKey,
      contentType: productFiles.contentType,
      version: productFiles.version,
      previewsVersion: productFiles.previewsVersion,
    })
    .from(productFiles)
    .where(eq(productFiles.id, fileId));
  if (!file || file.previewsVersion === file.version) return { done: "skipped" };
  // A version that is not a PDF has no pages: the previews of an earlier one that was are removed.
  const isPdf = file.contentType === PDF_CONTENT_TYPE;
  const pdf = isPdf ? await files.read(file.storageKey) : null;
  // Gone from the store: the version was replaced (or the file removed) since it was read above.
  if (isPdf && !pdf) return { done: "skipped" };

  const pages: { page: number; width: number; height: number; imageUrl: string }[] = [];
  let unreadable: string | null = null;
  try {
    const drawn = pdf ? await renderPdfPages(pdf, limits) : [];
    // One page at a time: each is a few MB of pixels.
    for (const { page, width, height, rgba } of drawn) {
      const webp = await sharp(rgba, { raw: { width, height, channels: 4 } })
        .webp(PREVIEW_WEBP)
        .toBuffer();
      const name = `${file.productId}-${crypto.randomBytes(6).toString("hex")}.webp`;
      await files.put(`product-images/${name}`, webp);
      pages.push({ page, width, height, imageUrl: `${PRODUCT_IMAGE_PREFIX}${name}` });
    }
  } catch (error) {
    if (!(error instanceof UnreadablePdf)) {
      await removeImages(
        files,
        pages.map((page) => page.imageUrl),
      );
      throw error;
    }
    unreadable = error.message;
  }

  let replaced: string[] | null;
  try {
    replaced = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(productFiles)
        .set({ previewsVersion: file.version })
        .where(
          and(
            eq(productFiles.id, fileId),
            eq(productFiles.version, file.version),
            sql`${productFiles.previewsVersion} IS DISTINCT FROM ${file.version}`,
          ),
        )
        .returning({ id: productFiles.id });
      if (!claimed) return null;
      const old = await tx
        .delete(productFilePreviews)
        .where(eq(productFilePreviews.fileId, fileId))
        .returning({ imageUrl: productFilePreviews.imageUrl });
      if (pages.length > 0) {
        await tx.insert(productFilePreviews).values(pages.map((page) => ({ fileId, ...page })));
      }
      return old.map((row) => row.imageUrl);
    });
  } catch (error) {
    await removeImages(
      files,
      pages.map((page) => page.imageUrl),
    );
    throw error;
  }
  if (replaced === null) {
    // Another run finished first, or a newer version came in (it has a job of its own).
    await removeImages(
      files,
      pages.map((page) => page.imageUrl),
    );
    return { done: "skipped" };
  }
  await removeImages(files, replaced);
  if (!isPdf) return { done: "skipped" };
  if (unreadable !== null) return { done: "unreadable", version: file.version, reason: unreadable };
  return { done: "rendered", version: file.version, pages: pages.length };
}

/** Removes preview pictures and their smaller and AVIF copies from the store. */
async function removeImages(files: FileStore, urls: string[]) {
  await Promise.all(urls.flatMap(imageKeysOf).map((key) => files.remove(key)));
}

/** The PDF files whose current version has no previews yet. */
export const withoutCurrentPreviews = and(
  eq(productFiles.contentType, PDF_CONTENT_TYPE),
  sql`${productFiles.previewsVersion} IS DISTINCT FROM ${productFiles.version}`,
);
