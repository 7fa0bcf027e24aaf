import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../tests/support/factories.ts";
import { pagesPdf } from "../../tests/support/multi-page-pdf.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { productFilePreviews, productFiles } from "../db/schema.ts";
import { SAMPLE_KINDS } from "../demo/files/sample-files.ts";
import { type FileStore, localFileStore } from "../storage/file-store.ts";
import { renderFilePreviews } from "./file-previews.ts";
import { renderPdfPages, UnreadablePdf } from "./render-pdf.ts";

const database = setUpTestDatabase();
let directory = "";
let files: FileStore;

const LETTER: [number, number] = [612, 792];
const A4_LANDSCAPE: [number, number] = [842, 595];

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), "file-previews-"));
  files = localFileStore(directory);
});
afterAll(() => fs.rm(directory, { recursive: true, force: true }));

/** A published product with one file stored under a key of its own; answers the file's id. */
async function fileOf(bytes: Uint8Array, contentType = "application/pdf") {
  const product = await createProduct(database.db);
  const storageKey = `products/${product.id}/${crypto.randomUUID()}.pdf`;
  await files.put(storageKey, bytes);
  const [file] = await database.db
    .insert(productFiles)
    .values({ productId: product.id, storageKey, fileName: "guide.pdf", contentType, sizeBytes: bytes.byteLength })
    .returning();
  return file!;
}

const previewsOf = (fileId: number) =>
  database.db
    .select()
    .from(productFilePreviews)
    .where(eq(productFilePreviews.fileId, fileId))
    .orderBy(asc(productFilePreviews.page));
const previewsVersionOf = async (fileId: number) =>
  (await database.db.select().from(productFiles).where(eq(productFiles.id, fileId)))[0]!.previewsVersion;
const stored = (url: string) => files.read(`product-images/${url.split("/").pop()}`);

describe("drawing a PDF's pages", () => {
  it("draws a sample product's PDF, its cover and its second page, with their longer side 1600 px", async () => {
    const pdf = await SAMPLE_KINDS.PDF.make({
      id: 1,
      title: "Digital Planner Bundle",
      format: "PDF",
      creatorName: "Design Studio Pro",
      artKind: "planner",
    });
    const pages = await renderPdfPages(pdf);
    expect(pages.map(({ page, width, height }) => ({ page, width, height }))).toEqual([
      { page: 1, width: 1236, height: 1600 },
      { page: 2, width: 1236, height: 1600 },
    ]);
    // The cover has the artwork in colour; the second page is black text on white.
    const [cover, text] = pages.map((page) => page.rgba) as [Uint8Array, Uint8Array];
    expect(cover.length).toBe(1236 * 1600 * 4);
    const colourful = (rgba: Uint8Array) => rgba.some((_, i) => i % 4 === 0 && Math.abs(rgba[i]! - rgba[i + 2]!) > 40);
    expect(colourful(cover)).toBe(true);
    expect(colourful(text)).toBe(false);
    expect(text.some((value, i) => i % 4 === 0 && value < 64)).toBe(true);
    expect(text[0]).toBe(255);
  });

  it("draws the first four pages only, each in its own proportions", async () => {
    const pdf = pagesPdf([LETTER, A4_LANDSCAPE, LETTER, LETTER, LETTER, LETTER]);
    const pages = await renderPdfPages(pdf);
    expect(pages.map(({ page, width, height }) => [page, width, height])).toEqual([
      [1, 1236, 1600],
      [2, 1600, 1131],
      [3, 1236, 1600],
      [4, 1236, 1600],
    ]);
  });

  it("refuses what is not a readable PDF with UnreadablePdf, and one that takes too long", async () => {
    for (const bytes of [
      new TextEncoder().encode("%PDF-1.4\nnot a document at all"),
      new Uint8Array(0),
      pagesPdf([LETTER]).slice(0, 40),
    ]) {
      await expect(renderPdfPages(bytes)).rejects.toBeInstanceOf(UnreadablePdf);
    }
    const slow = renderPdfPages(pagesPdf([LETTER]), { pages: 4, longerSide: 1600, timeoutMs: 1, heapMb: 64 });
    await expect(slow).rejects.toThrow("took longer than");
  });

  it("loses only the renderer's own process when it dies: the file is unreadable, this process goes on", async () => {
    // A heap too small to load pdf.js: the renderer runs out of memory and ends.
    const starved = renderPdfPages(pagesPdf([LETTER]), { pages: 4, longerSide: 1600, timeoutMs: 20_000, heapMb: 2 });
    await expect(starved).rejects.toThrow(/The PDF renderer stopped|could not/);
    expect(await renderPdfPages(pagesPdf([LETTER]))).toHaveLength(1);
  });
});

describe("the render-file-previews job", () => {
  it("stores the first pages as WebP product images and records them with the version drawn", async () => {
    const file = await fileOf(pagesPdf([LETTER, A4_LANDSCAPE, LETTER, LETTER, LETTER]));
    expect(await renderFilePreviews(database.db, { files, fileId: file.id })).toEqual({
      done: "rendered",
      version: 1,
      pages: 4,
    });
    const previews = await previewsOf(file.id);
    expect(previews.map(({ page, width, height }) => [page, width, height])).toEqual([
      [1, 1236, 1600],
      [2, 1600, 1131],
      [3, 1236, 1600],
      [4, 1236, 1600],
    ]);
    for (const preview of previews) {
      expect(preview.imageUrl).toMatch(new RegExp(`^/media/products/${file.productId}-[0-9a-f]{12}\\.webp$`));
      const metadata = await sharp((await stored(preview.imageUrl))!).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", preview.width, preview.height]);
    }
    expect(await previewsVersionOf(file.id)).toBe(1);
  });

  it("does nothing again for a version that has its previews, also when run twice at once", async () => {
    const file = await fileOf(pagesPdf([LETTER, LETTER]));
    const outcomes = await Promise.all([
      renderFilePreviews(database.db, { files, fileId: file.id }),
      renderFilePreviews(database.db, { files, fileId: file.id }),
    ]);
    expect(outcomes.map((outcome) => outcome.done).sort()).toEqual(["rendered", "skipped"]);
    const previews = await previewsOf(file.id);
    expect(previews.map((preview) => preview.page)).toEqual([1, 2]);
    expect(await renderFilePreviews(database.db, { files, fileId: file.id })).toEqual({ done: "skipped" });
    expect((await previewsOf(file.id)).map((preview) => preview.id)).toEqual(previews.map((preview) => preview.id));
    // The loser's pictures are not left in the store: only the winner's two pages are there.
    const names = await fs.readdir(path.join(directory, "product-images"));
    expect(names.filter((name) => name.startsWith(`${file.productId}-`)).sort()).toEqual(
      previews.map((preview) => preview.imageUrl.split("/").pop()).sort(),
    );
  });

  it("replaces an earlier version's previews with the current one's, and removes their pictures", async () => {
    const file = await fileOf(pagesPdf([LETTER, LETTER, LETTER]));
    await renderFilePreviews(database.db, { files, fileId: file.id });
    const before = await previewsOf(file.id);
    const storageKey = `products/${file.productId}/v2.pdf`;
    await files.put(storageKey, pagesPdf([A4_LANDSCAPE]));
    await database.db.update(productFiles).set({ version: 2, storageKey }).where(eq(productFiles.id, file.id));
    expect(await renderFilePreviews(database.db, { files, fileId: file.id })).toEqual({
      done: "rendered",
      version: 2,
      pages: 1,
    });
    expect((await previewsOf(file.id)).map(({ page, width }) => [page, width])).toEqual([[1, 1600]]);
    expect(await previewsVersionOf(file.id)).toBe(2);
    for (const old of before) expect(await stored(old.imageUrl)).toBeNull();
  });

  it("keeps nothing it drew when a newer version came in meanwhile (compare-and-set)", async () => {
    const file = await fileOf(pagesPdf([LETTER, LETTER]));
    // The seller uploads version 2 while version 1 is being drawn.
    const racing: FileStore = {
      ...files,
      async read(key) {
        const bytes = await files.read(key);
        await database.db
          .update(productFiles)
          .set({ version: 2, storageKey: `${file.storageKey}.v2` })
          .where(eq(productFiles.id, file.id));
        return bytes;
      },
    };
    expect(await renderFilePreviews(database.db, { files: racing, fileId: file.id })).toEqual({ done: "skipped" });
    expect(await previewsOf(file.id)).toEqual([]);
    expect(await previewsVersionOf(file.id)).toBeNull();
    const names = await fs.readdir(path.join(directory, "product-images")).catch(() => [] as string[]);
    expect(names.filter((name) => name.startsWith(`${file.productId}-`))).toEqual([]);
  });

  it("gives up on a PDF it cannot read, once: no previews, not tried again", async () => {
    const file = await fileOf(new TextEncoder().encode("%PDF-1.7\nbroken beyond repair"));
    const outcome = await renderFilePreviews(database.db, { files, fileId: file.id });
    expect(outcome).toMatchObject({ done: "unreadable", version: 1 });
    expect(await previewsOf(file.id)).toEqual([]);
    expect(await previewsVersionOf(file.id)).toBe(1);
    expect(await renderFilePreviews(database.db, { files, fileId: file.id })).toEqual({ done: "skipped" });
  });

  it("removes the previews of a PDF whose new version is not a PDF", async () => {
    const file = await fileOf(pagesPdf([LETTER, LETTER]));
    await renderFilePreviews(database.db, { files, fileId: file.id });
    const before = await previewsOf(file.id);
    await database.db
      .update(productFiles)
      .set({ version: 2, contentType: "application/zip", storageKey: `${file.storageKey}.zip` })
      .where(eq(productFiles.id, file.id));
    expect(await renderFilePreviews(database.db, { files, fileId: file.id })).toEqual({ done: "skipped" });
    expect(await previewsOf(file.id)).toEqual([]);
    expect(await previewsVersionOf(file.id)).toBe(2);
    for (const old of before) expect(await stored(old.imageUrl)).toBeNull();
  });

  it("skips a file that is not a PDF, is gone, or whose bytes are gone", async () => {
    const zip = await fileOf(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), "application/zip");
    expect(await renderFilePreviews(database.db, { files, fileId: zip.id })).toEqual({ done: "skipped" });
    expect(await renderFilePreviews(database.db, { files, fileId: 987_654 })).toEqual({ done: "skipped" });
    const missing = await fileOf(pagesPdf([LETTER]));
    await files.remove(missing.storageKey);
    expect(await renderFilePreviews(database.db, { files, fileId: missing.id })).toEqual({ done: "skipped" });
    expect(await previewsVersionOf(missing.id)).toBeNull();
  });
});
