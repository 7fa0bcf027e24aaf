import fs from "node:fs/promises";
import { writePsdBuffer } from "ag-psd";
import { and, asc, eq, gt, inArray, isNotNull, notExists, or, sql } from "drizzle-orm";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import type { Database } from "../../db/client.ts";
import { categories, creators, productFiles, products } from "../../db/schema.ts";
import { type ArtKind, renderArt } from "../../media/generated-art.ts";
import type { FileStore } from "../../storage/file-store.ts";
import { sampleCreators } from "../catalogue/sample-catalogue.ts";
import type { Format } from "../catalogue/sample-types.ts";

// Every product a buyer can pay for needs something to download. The sample catalogue's products
// (and, on request, a generated load-test catalogue's) get one small file each, of the format the
// product states: a PDF, the product's artwork as a JPG, PNG, SVG or layered PSD, an Illustrator
// file (PDF-compatible, as Illustrator writes them) or a video lesson as MP4. The same product always
// gives the same bytes, so the store and the rows can be rebuilt at any time, and the size a product
// page shows is that of the stored file. PDFs are written with pdfkit; every video lesson is the same
// short clip of a still title card, a file kept next to this module (sample-assets/).

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

/** What a sample file is made from: the product, and the look of its category's artwork. */
interface SampleSource {
  id: number;
  title: string;
  creatorName: string;
  format: string;
  artKind: ArtKind;
}

interface SampleKind {
  extension: string;
  contentType: string;
  make(product: SampleSource): Promise<Uint8Array> | Uint8Array;
}

/** The product's cover artwork (its first gallery image), as an SVG document. */
const artwork = (product: SampleSource) => renderArt(product.artKind, product.id * 10);

// The artwork is drawn 800 px square; its pictures are made at 600 px, which is enough to look at
// and keeps a first start, which makes them all, quick (the drawing's cost grows with its pixels).
const PICTURE_SIZE = 600;

/** The artwork as a picture of `size` pixels square. */
const artworkImage = (svg: string, size = PICTURE_SIZE) => sharp(Buffer.from(svg), { density: (72 * size) / 800 });

/** The artwork as 8-bit pixels: RGB, or RGBA with `alpha`. */
async function artworkPixels(product: SampleSource, alpha: boolean) {
  const image = artworkImage(artwork(product));
  const { data, info } = await (alpha ? image.ensureAlpha() : image.removeAlpha()).raw().toBuffer({
    resolveWithObject: true,
  });
  return { width: info.width, height: info.height, data };
}

/**
 * Every video product's lesson: 10 seconds of a still title card ("Sample video lesson" on the
 * course artwork), 480x270 H.264 in MP4, 14 KB. Made once with ffmpeg from the card drawn by
 * renderArt; see sample-assets/README.md. This module runs as it is (Node runs server/ directly,
 * the React Router build never bundles it), so the file is found next to it.
 */
const LESSON_VIDEO = new URL("./sample-assets/video-lesson.mp4", import.meta.url);

/** Each format the shop states (FORMATS), and the file a sample product of that format gets. */
export const SAMPLE_KINDS: Record<Format, SampleKind> = {
  PDF: {
    extension: "pdf",
    contentType: "application/pdf",
    // Two pages, so that the product page's "Look inside" has a cover to show and a page to turn to.
    async make(product) {
      const art = await artworkPixels(product, false);
      const jpeg = await sharp(art.data, { raw: { width: art.width, height: art.height, channels: 3 } })
        .jpeg({ quality: 85 })
        .toBuffer();
      return writePdf(product, [
        {
          lines: [
            { text: product.title, size: 24, bold: true },
            { text: `by ${product.creatorName}`, size: 14, gapBefore: 6 },
          ],
          image: { jpeg, width: art.width, height: art.height },
        },
        { lines: thankYouLines(product) },
      ]);
    },
  },
  JPG: {
    extension: "jpg",
    contentType: "image/jpeg",
    make: (product) => artworkImage(artwork(product)).jpeg({ quality: 85 }).toBuffer(),
  },
  PNG: {
    extension: "png",
    contentType: "image/png",
    make: (product) => artworkImage(artwork(product)).png().toBuffer(),
  },
  SVG: { extension: "svg", contentType: "image/svg+xml", make: (product) => Buffer.from(artwork(product)) },
  PSD: {
    extension: "psd",
    contentType: "image/vnd.adobe.photoshop",
    async make(product) {
      const { width, height, data } = await artworkPixels(product, true);
      const pixels = { width, height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) };
      // The artwork as one named layer, and the flattened image other programs show.
      const psd = { width, height, imageData: pixels, children: [{ name: toAscii(product.title), imageData: pixels }] };
      return writePsdBuffer(psd, { generateThumbnail: false });
    },
  },
  AI: {
    // Illustrator's own files are PDF documents (with PDF compatibility on, its default); the
    // registered media type of .ai is PostScript's.
    extension: "ai",
    contentType: "application/postscript",
    async make(product) {
      const art = await artworkPixels(product, false);
      const jpeg = await sharp(art.data, { raw: { width: art.width, height: art.height, channels: 3 } })
        .jpeg({ quality: 90 })
        .toBuffer();
      return writePdf(product, [
        {
          lines: [
            { text: product.title, size: 20, bold: true },
            { text: `by ${product.creatorName}`, size: 12, gapBefore: 4 },
          ],
          image: { jpeg, width: art.width, height: art.height },
        },
      ]);
    },
  },
  Video: {
    extension: "mp4",
    contentType: "video/mp4",
    make: () => fs.readFile(LESSON_VIDEO),
  },
};

/** The kind of file a product of `format` gets; a format the shop does not know gets a PDF. */
function sampleKindOf(format: string): SampleKind {
  return SAMPLE_KINDS[format as Format] ?? SAMPLE_KINDS.PDF;
}

// Typographic characters that have a plain ASCII look-alike; anything else non-ASCII becomes "?".
const ASCII_LOOK_ALIKES: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2026": "...",
  "\u00A0": " ",
  "\u00D7": "x",
};

/**
 * `text` in printable ASCII: accents dropped (é -> e), look-alikes swapped, the rest replaced by
 * "?". For file names, the PSD's layer name and the text of the PDFs' standard fonts.
 */
function toAscii(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, (char) => ASCII_LOOK_ALIKES[char] ?? (/\s/.test(char) ? " " : "?"));
}

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

/** A one-page PDF of a product: its title, its creator and a thank-you note. */
export function samplePdf(product: { title: string; creatorName: string }): Promise<Buffer> {
  return writePdf(product, [{ lines: thankYouLines(product) }]);
}

function thankYouLines(product: { title: string; creatorName: string }): PdfLine[] {
  return [
    { text: product.title, size: 24, bold: true },
    { text: `by ${product.creatorName}`, size: 14, gapBefore: 6 },
    { text: "Thank you for your purchase!", size: 16, bold: true, gapBefore: 36 },
    {
      text: "This is a sample file of the demo shop: the full product's pages are not included. Your order and license key are in your account, under Downloads.",
      size: 12,
      gapBefore: 12,
    },
  ];
}

interface PdfLine {
  text: string;
  /** Font size in points. */
  size: number;
  bold?: boolean;
  /** Extra space above the line, in points. */
  gapBefore?: number;
}

/** One page: `lines` from the top left, wrapped at the margins, and a JPEG picture under them. */
interface PdfPage {
  lines: readonly PdfLine[];
  image?: { jpeg: Buffer; width: number; height: number };
}

const MARGIN = 72;
// pdfkit writes a creation date and makes the document's ID from it: a fixed one, not the clock's,
// so that the same product always gives the same bytes.
const CREATED = new Date("2026-01-01T00:00:00Z");

/**
 * A US Letter PDF of `pages`, in order, in Helvetica: one of the standard fonts every PDF reader
 * has, so nothing is embedded. They draw Windows-1252 only, so the text is drawn in ASCII
 * (toAscii); the exact title and creator are in the document's metadata.
 */
function writePdf(product: { title: string; creatorName: string }, pages: readonly PdfPage[]): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: product.title, Author: product.creatorName, CreationDate: CREATED },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  for (const { lines, image } of pages) {
    doc.addPage();
    for (const line of lines) {
      doc.y += line.gapBefore ?? 0;
      doc
        .font(line.bold ? "Helvetica-Bold" : "Helvetica")
        .fontSize(line.size)
        .text(toAscii(line.text), { lineGap: line.size * 0.15 });
    }
    if (image) {
      // Centred in the space left under the text, never enlarged past 1 pixel per point.
      const top = doc.y + 24;
      const scale = Math.min(
        (doc.page.width - 2 * MARGIN) / image.width,
        (doc.page.height - MARGIN - top) / image.height,
        1,
      );
      const width = Math.round(image.width * scale);
      const height = Math.round(image.height * scale);
      doc.image(image.jpeg, Math.round((doc.page.width - width) / 2), top, { width, height });
    }
  }
  doc.end();
  return done;
}

/** One product's sample file: its name, its media type and its bytes. */
async function sampleFile(product: SampleSource) {
  const kind = sampleKindOf(product.format);
  const fileName = `${slugForFile(product.title, product.id)}.${kind.extension}`;
  return { fileName, contentType: kind.contentType, bytes: await kind.make(product) };
}

// A file the shop made itself is kept under `products/{id}/{file name}`; a seller's upload has a
// random part in its key, so it is never taken for one.
const isSampleFile = sql`${productFiles.storageKey} = 'products/' || ${productFiles.productId} || '/' || ${productFiles.fileName}`;

/** `.jpg` for a JPG product...: the ending of the file name a product of this format gets. */
const expectedEnding = sql`CASE ${products.format} ${sql.join(
  Object.entries(SAMPLE_KINDS).map(([format, kind]) => sql`WHEN ${format} THEN ${`.${kind.extension}`}`),
  sql` `,
)} ELSE '.pdf' END`;

/**
 * Gives every published product that has no file its sample file (`products/{id}/{slug}.{ext}`)
 * and its product_files row, and replaces a sample file of another format than the product's (the
 * PDF that once stood in for every format) in place, so links to it keep working. Idempotent and
 * safe to run at every start, also by two servers at once: it only picks products whose file is
 * missing or outdated, the bytes are the same whoever writes them, and a new row goes in with ON
 * CONFLICT on its storage key. Returns how many files it added or replaced.
 */
export async function ensureSampleProductFiles(
  db: Database,
  files: FileStore,
  options: SampleFileOptions = {},
): Promise<number> {
  const { allCreators = false, limit = Number.POSITIVE_INFINITY, batchSize = 200 } = options;
  // The sample creators' products, looked up first: filtered by the creators' slugs in the query
  // below, PostgreSQL walked every product in id order (0.1-0.3 s at a start of a 100,000-product
  // shop, longer with more), expecting to find 200 of theirs soon.
  const sampleProductIds = allCreators
    ? undefined
    : (
        await db
          .select({ id: products.id })
          .from(products)
          .innerJoin(creators, eq(creators.id, products.creatorId))
          .where(
            inArray(
              creators.slug,
              sampleCreators.map((creator) => creator.slug),
            ),
          )
      ).map((row) => row.id);
  if (sampleProductIds?.length === 0) return 0;
  let written = 0;
  let afterId = 0; // keyset paging: each product is looked at once, even if its insert conflicts
  while (written < limit) {
    const batch = await db
      .select({
        id: products.id,
        title: products.title,
        format: products.format,
        creatorName: creators.name,
        artKind: categories.artKind,
        outdated: { id: productFiles.id, storageKey: productFiles.storageKey },
      })
      .from(products)
      .innerJoin(creators, eq(creators.id, products.creatorId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(
        productFiles,
        and(
          eq(productFiles.productId, products.id),
          isSampleFile,
          sql`right(${productFiles.fileName}, length(${expectedEnding})) <> ${expectedEnding}`,
        ),
      )
      .where(
        and(
          gt(products.id, afterId),
          eq(products.status, "published"),
          sampleProductIds && inArray(products.id, sampleProductIds),
          or(
            isNotNull(productFiles.id),
            notExists(db.select({ one: sql`1` }).from(productFiles).where(eq(productFiles.productId, products.id))),
          ),
        ),
      )
      .orderBy(asc(products.id))
      .limit(Math.min(batchSize, limit - written));
    if (batch.length === 0) break;
    afterId = batch.at(-1)!.id;

    // The file first, then its row: a row never points at a file that is not there yet.
    const made = await Promise.all(
      batch.map(async ({ outdated, ...product }) => {
        const file = await sampleFile({ ...product, artKind: product.artKind as ArtKind });
        const storageKey = `products/${product.id}/${file.fileName}`;
        await files.put(storageKey, file.bytes);
        const row = {
          productId: product.id,
          storageKey,
          fileName: file.fileName,
          contentType: file.contentType,
          sizeBytes: file.bytes.byteLength,
        };
        return { row, outdated };
      }),
    );
    const fresh = made.filter(({ outdated }) => !outdated).map(({ row }) => row);
    if (fresh.length > 0) {
      const inserted = await db
        .insert(productFiles)
        .values(fresh)
        .onConflictDoNothing({ target: productFiles.storageKey })
        .returning({ id: productFiles.id });
      written += inserted.length;
    }
    for (const { row, outdated } of made) {
      if (!outdated) continue;
      const [replaced] = await db
        .update(productFiles)
        .set(row)
        .where(and(eq(productFiles.id, outdated.id), eq(productFiles.storageKey, outdated.storageKey)))
        .returning({ id: productFiles.id });
      if (!replaced) continue; // another server replaced it first
      await files.remove(outdated.storageKey);
      written++;
    }
  }
  return written;
}
