import { and, asc, eq, gt, inArray, notExists, sql } from "drizzle-orm";
import { sampleCreators } from "../catalogue/sample-catalogue.ts";
import type { Database } from "../db/client.ts";
import { creators, productFiles, products } from "../db/schema.ts";
import type { FileStore } from "../storage/file-store.ts";
import { toAscii, writePdf } from "./pdf.ts";

// Every product a buyer can pay for needs something to download. The shop has no upload of
// product files yet, so each published product without a file is given a small PDF that stands
// in for it: same product, same bytes, so the store and the rows can be rebuilt at any time.

export interface SampleFileOptions {
  /**
   * Which products: by default only those of the sample catalogue's creators (the hand-written
   * shop, 66 products, and whatever its demo seller adds). A generated catalogue (`npm run seed
   * -- --products 100000`) is for load tests: writing 100,000 files at every first start would
   * slow the start down for no buyer, so its products are left alone unless `allCreators` is set.
   */
  allCreators?: boolean;
  /** At most this many files per call (default: no limit), for callers that want a bounded start. */
  limit?: number;
  /** Products read and files written per round (default 200). */
  batchSize?: number;
}

const CONTENT_TYPE = "application/pdf";

/** `weekly-planner-2026` from "Weekly Planner 2026": lowercase ASCII letters, digits and dashes. */
export function slugForFile(title: string, productId: number): string {
  const slug = toAscii(title)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || `product-${productId}`;
}

/** The sample file of one product: its title, its creator and a thank-you note, as a PDF. */
export function samplePdf(product: { title: string; creatorName: string; format: string }): Buffer {
  return writePdf([
    { text: product.title, size: 24, bold: true },
    { text: `by ${product.creatorName}`, size: 14, gapBefore: 6 },
    { text: "Thank you for your purchase!", size: 16, bold: true, gapBefore: 36 },
    {
      text: `This PDF stands in for the product's ${product.format} files in this demo shop. Your order and license key are in your account, under Downloads.`,
      size: 12,
      gapBefore: 12,
    },
  ]);
}

/**
 * Gives every published product that has no file one sample PDF (`products/{id}/{slug}.pdf`) and
 * its product_files row. Idempotent and safe to run at every start, also by two servers at once:
 * it only picks products with no file, the bytes are the same whoever writes them, and the row
 * goes in with ON CONFLICT on its storage key. Returns how many files it added.
 */
export async function ensureSampleProductFiles(
  db: Database,
  files: FileStore,
  options: SampleFileOptions = {},
): Promise<number> {
  const { allCreators = false, limit = Number.POSITIVE_INFINITY, batchSize = 200 } = options;
  const sampleSlugs = sampleCreators.map((creator) => creator.slug);
  let added = 0;
  let afterId = 0; // keyset paging: each product is looked at once, even if its insert conflicts
  while (added < limit) {
    const batch = await db
      .select({ id: products.id, title: products.title, format: products.format, creatorName: creators.name })
      .from(products)
      .innerJoin(creators, eq(creators.id, products.creatorId))
      .where(
        and(
          gt(products.id, afterId),
          eq(products.status, "published"),
          allCreators ? undefined : inArray(creators.slug, sampleSlugs),
          notExists(db.select({ one: sql`1` }).from(productFiles).where(eq(productFiles.productId, products.id))),
        ),
      )
      .orderBy(asc(products.id))
      .limit(Math.min(batchSize, limit - added));
    if (batch.length === 0) break;
    afterId = batch.at(-1)!.id;

    // The file first, then its row: a row never points at a file that is not there yet.
    const rows = await Promise.all(
      batch.map(async (product) => {
        const fileName = `${slugForFile(product.title, product.id)}.pdf`;
        const storageKey = `products/${product.id}/${fileName}`;
        const body = samplePdf(product);
        await files.put(storageKey, body);
        return { productId: product.id, storageKey, fileName, contentType: CONTENT_TYPE, sizeBytes: body.length };
      }),
    );
    const inserted = await db
      .insert(productFiles)
      .values(rows)
      .onConflictDoNothing({ target: productFiles.storageKey })
      .returning({ id: productFiles.id });
    added += inserted.length;
  }
  return added;
}
