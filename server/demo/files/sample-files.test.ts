import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { initializeCanvas, readPsd } from "ag-psd";
import { count, eq } from "drizzle-orm";
import { ALL_FORMATS, BufferSource, Input } from "mediabunny";
import sharp from "sharp";
import { extractText, extractTextItems, getDocumentProxy, getMeta } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../../tests/support/test-database.ts";
import { getProductDetail } from "../../catalogue/product-detail.ts";
import { creators, productFiles, products } from "../../db/schema.ts";
import { detectFileType } from "../../sellers/file-types.ts";
import { type FileStore, localFileStore } from "../../storage/file-store.ts";
import { FORMATS, type Format } from "../catalogue/sample-types.ts";
import { seedSampleCatalogueIfEmpty } from "../catalogue/seed-sample-catalogue.ts";
import { ensureSampleProductFiles, SAMPLE_KINDS, samplePdf, slugForFile } from "./sample-files.ts";

const database = setUpTestDatabase();
// ag-psd keeps pixels in ImageData objects, which Node has none of: plain ones do.
initializeCanvas(
  () => {
    throw new Error("No canvas in Node");
  },
  (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: "srgb" }),
);
let directory: string;
let files: FileStore;
let firstRun: number;

beforeAll(async () => {
  await seedSampleCatalogueIfEmpty(database.db, database.pool);
  directory = await fs.mkdtemp(path.join(os.tmpdir(), "sample-files-"));
  files = localFileStore(directory);
  firstRun = await ensureSampleProductFiles(database.db, files);
});

afterAll(async () => {
  await fs.rm(directory, { recursive: true, force: true });
});

async function fileCount() {
  const [row] = await database.db.select({ value: count() }).from(productFiles);
  return row!.value;
}

/** `bytes` read as a PDF by PDF.js: its number of pages, its text (whitespace as single spaces) and its title. */
async function readPdf(bytes: Buffer) {
  expect(bytes.toString("latin1", 0, 5)).toBe("%PDF-");
  expect(bytes.toString("latin1").trimEnd()).toMatch(/%%EOF$/);
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(document, { mergePages: true });
  const { info } = await getMeta(document);
  return { pages: totalPages, text: text.replace(/\s+/g, " "), title: (info as { Title?: string }).Title };
}

/** The kind of file `bytes` is, read by a parser of that kind; throws if it does not read as one. */
async function readAs(kind: string, bytes: Buffer): Promise<Record<string, unknown>> {
  switch (kind) {
    case "pdf":
      return { type: "pdf", pages: (await readPdf(bytes)).pages };
    case "ai": {
      // A PDF-compatible Illustrator file: a PDF with the artwork in it as a JPEG.
      const { pages } = await readPdf(bytes);
      const image = /\/Subtype \/Image[^>]*\/Filter \/DCTDecode\s+\/Length (\d+)\s*>>\s*stream\r?\n/.exec(
        bytes.toString("latin1"),
      );
      const start = image!.index + image![0].length;
      const jpeg = bytes.subarray(start, start + Number(image![1]));
      return { type: "ai", pages, picture: (await sharp(jpeg).metadata()).format };
    }
    case "jpg":
    case "png":
    case "svg": {
      const { format, width, height } = await sharp(bytes).metadata();
      return { type: format === "jpeg" ? "jpg" : format, width, height };
    }
    case "psd": {
      const psd = readPsd(bytes, { useImageData: true });
      return { type: "psd", width: psd.width, height: psd.height, layers: psd.children?.length };
    }
    case "mp4": {
      const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
      const video = await input.getPrimaryVideoTrack();
      return {
        type: (await input.getFormat()).name,
        // An ISO media file opens with its file type box.
        firstBox: bytes.toString("latin1", 4, 8),
        codec: video?.codec,
        width: video?.displayWidth,
        height: video?.displayHeight,
        seconds: await video?.computeDuration(),
      };
    }
    default:
      throw new Error(`No reader for ${kind}`);
  }
}

const EXPECTED: Record<Format, Record<string, unknown>> = {
  // A cover with the artwork, and the thank-you page.
  PDF: { type: "pdf", pages: 2 },
  AI: { type: "ai", pages: 1, picture: "jpeg" },
  JPG: { type: "jpg", width: 600, height: 600 },
  PNG: { type: "png", width: 600, height: 600 },
  SVG: { type: "svg", width: 800, height: 800 },
  PSD: { type: "psd", width: 600, height: 600, layers: 1 },
  Video: { type: "MP4", firstBox: "ftyp", codec: "avc", width: 480, height: 270, seconds: 10 },
};

describe("ensureSampleProductFiles", () => {
  it("gives every published sample product one file of the format it states, and a row that matches it", async () => {
    const [published] = await database.db
      .select({ value: count() })
      .from(products)
      .where(eq(products.status, "published"));
    expect(firstRun).toBe(published!.value);
    expect(firstRun).toBeGreaterThanOrEqual(60);

    const rows = await database.db
      .select({ file: productFiles, format: products.format })
      .from(productFiles)
      .innerJoin(products, eq(products.id, productFiles.productId));
    expect(rows).toHaveLength(firstRun);
    expect(new Set(rows.map((row) => row.format))).toEqual(new Set(FORMATS));
    for (const { file, format } of rows) {
      const kind = SAMPLE_KINDS[format as Format];
      expect(file.fileName).toMatch(new RegExp(`^[a-z0-9]+(-[a-z0-9]+)*\\.${kind.extension}$`));
      expect(file.storageKey).toBe(`products/${file.productId}/${file.fileName}`);
      expect(file.contentType).toBe(kind.contentType);
      const bytes = await files.read(file.storageKey);
      expect(bytes?.length).toBe(file.sizeBytes);
      expect(await readAs(kind.extension, bytes!), file.fileName).toEqual(EXPECTED[format as Format]);
      // The shop's own check of sellers' uploads takes it for what it says it is.
      expect(detectFileType(bytes!, file.fileName)?.extension).toBe(kind.extension === "ai" ? "pdf" : kind.extension);
    }
  });

  it("writes the product's title and creator into its PDF, and the thank-you page after the cover", async () => {
    const rows = await database.db
      .select({ file: productFiles, title: products.title, creatorName: creators.name })
      .from(productFiles)
      .innerJoin(products, eq(products.id, productFiles.productId))
      .innerJoin(creators, eq(creators.id, products.creatorId))
      .where(eq(products.format, "PDF"));
    expect(rows.length).toBeGreaterThan(20);
    for (const { file, title, creatorName } of rows) {
      const pdf = await readPdf((await files.read(file.storageKey))!);
      // The cover's title and creator, then the thank-you page's.
      const start = `${title} by ${creatorName} ${title} by ${creatorName} Thank you for your purchase!`;
      expect(pdf.text.slice(0, start.length)).toBe(start);
      expect(pdf.title).toBe(title);
    }
  });

  it("lists each stored file on the product page with the size of its bytes", async () => {
    for (const id of [1, 2, 3, 4, 7, 8, 14]) {
      const stored = await database.db.select().from(productFiles).where(eq(productFiles.productId, id));
      const detail = await getProductDetail(database.db, id);
      expect(detail!.files).toEqual(stored.map(({ fileName, sizeBytes }) => ({ fileName, sizeBytes })));
      for (const file of stored) expect((await files.read(file.storageKey))!.length).toBe(file.sizeBytes);
    }
    // "Abstract Wall Art Collection" (JPG) once said 212 MB and delivered a 1 KB PDF.
    const wallArt = await getProductDetail(database.db, 2);
    expect(wallArt!.format).toBe("JPG");
    expect(wallArt!.files).toEqual([{ fileName: "abstract-wall-art-collection.jpg", sizeBytes: expect.any(Number) }]);
  });

  it("replaces, in place, a sample file of another format than its product's", async () => {
    // The PDF that once stood in for every format, as a shop started before kept it.
    const [wallArt] = await database.db.select().from(productFiles).where(eq(productFiles.productId, 2));
    const oldKey = "products/2/abstract-wall-art-collection.pdf";
    const standIn = await samplePdf({ title: "Abstract Wall Art Collection", creatorName: "Design Studio Pro" });
    await files.put(oldKey, standIn);
    await database.db
      .update(productFiles)
      .set({
        storageKey: oldKey,
        fileName: "abstract-wall-art-collection.pdf",
        contentType: "application/pdf",
        sizeBytes: standIn.length,
      })
      .where(eq(productFiles.id, wallArt!.id));
    // A seller's own PDF (a random part in its key) is never replaced.
    const sellersKey = "products/3/0123456789abcdef-extra-guide.pdf";
    await files.put(sellersKey, standIn);
    await database.db.insert(productFiles).values({
      productId: 3,
      storageKey: sellersKey,
      fileName: "extra-guide.pdf",
      contentType: "application/pdf",
      sizeBytes: standIn.length,
      position: 1,
    });

    expect(await ensureSampleProductFiles(database.db, files)).toBe(1);
    const [replaced] = await database.db.select().from(productFiles).where(eq(productFiles.id, wallArt!.id));
    expect(replaced).toEqual(wallArt); // the same row, so links to it keep working
    expect(await files.read(oldKey)).toBeNull();
    expect(await database.db.select().from(productFiles).where(eq(productFiles.storageKey, sellersKey))).toHaveLength(
      1,
    );
    expect(await ensureSampleProductFiles(database.db, files)).toBe(0);
    await database.db.delete(productFiles).where(eq(productFiles.storageKey, sellersKey));
  });

  it("names the file after the title", async () => {
    expect(slugForFile("2026 Minimalist Weekly Planner", 9)).toBe("2026-minimalist-weekly-planner");
    expect(slugForFile("The Freelance Designer's Pricing Playbook", 5)).toBe(
      "the-freelance-designer-s-pricing-playbook",
    );
    expect(slugForFile("Café Menü (Set #2)", 7)).toBe("cafe-menu-set-2");
    expect(slugForFile("♥♥♥", 12)).toBe("product-12");
    const [planner] = await database.db
      .select({ fileName: productFiles.fileName })
      .from(productFiles)
      .innerJoin(products, eq(products.id, productFiles.productId))
      .where(eq(products.title, "2026 Minimalist Weekly Planner"));
    expect(planner?.fileName).toBe("2026-minimalist-weekly-planner.pdf");
  });

  it("adds nothing when run again, and only puts back what is missing, byte for byte the same", async () => {
    const before = await fileCount();
    expect(await ensureSampleProductFiles(database.db, files)).toBe(0);
    expect(await fileCount()).toBe(before);

    const [gone] = await database.db.delete(productFiles).where(eq(productFiles.productId, 1)).returning();
    const original = await files.read(gone!.storageKey);
    await files.remove(gone!.storageKey);
    expect(await ensureSampleProductFiles(database.db, files)).toBe(1);
    expect(await fileCount()).toBe(before);
    expect((await files.read(gone!.storageKey))?.equals(original!)).toBe(true);
  });

  it("leaves drafts and other creators' products alone unless asked, and stops at the limit", async () => {
    const [outsider] = await database.db
      .insert(creators)
      .values({ slug: "generated-creator-1a2b", name: "Generated Creator" })
      .returning();
    const [template] = await database.db.select().from(products).where(eq(products.id, 1));
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = template!;
    const added = await database.db
      .insert(products)
      .values([
        { ...fields, title: "Generated One", creatorId: outsider!.id },
        { ...fields, title: "Generated Two", creatorId: outsider!.id },
        { ...fields, title: "Generated Draft", creatorId: outsider!.id, status: "draft" },
        { ...fields, title: "Sample Draft", status: "draft" },
      ])
      .returning({ id: products.id });
    expect(await ensureSampleProductFiles(database.db, files)).toBe(0);
    expect(await ensureSampleProductFiles(database.db, files, { allCreators: true, limit: 1 })).toBe(1);
    expect(await ensureSampleProductFiles(database.db, files, { allCreators: true, batchSize: 1 })).toBe(1);
    const filed = await database.db.select({ productId: productFiles.productId }).from(productFiles);
    const filedIds = new Set(filed.map((row) => row.productId));
    expect(added.map(({ id }) => filedIds.has(id))).toEqual([true, true, false, false]);
  });
});

describe("samplePdf", () => {
  it("is deterministic, draws in ASCII what Helvetica cannot, and keeps the exact title in the metadata", async () => {
    const product = { title: "Notes (Vol. 1) \\ Café – “Deluxe”", creatorName: "Zoë" };
    const bytes = await samplePdf(product);
    expect((await samplePdf(product)).equals(bytes)).toBe(true);
    const pdf = await readPdf(bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(String.raw`Notes (Vol. 1) \ Cafe - "Deluxe" by Zoe Thank you for your purchase!`);
    expect(pdf.title).toBe(product.title);
  });

  it("wraps long lines instead of running off the page", async () => {
    const bytes = await samplePdf({ title: "word ".repeat(60).trim(), creatorName: "Zoë" });
    const { items } = await extractTextItems(new Uint8Array(bytes));
    const title = items[0]!.filter((item) => item.str.includes("word"));
    expect(new Set(title.map((item) => item.y)).size).toBeGreaterThan(2);
    // US Letter is 612 points wide, with margins of 72.
    for (const item of title) {
      expect(item.x).toBeGreaterThanOrEqual(72);
      expect(item.x + item.width).toBeLessThanOrEqual(612 - 72);
    }
  });
});
