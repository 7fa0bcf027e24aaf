import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productFormSchema } from "../../shared/product-schema.ts";
import { createCategory, createCreator, createOrder } from "../../tests/support/factories.ts";
import { recordingJobs } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { productFiles, productSearch, products } from "../db/schema.ts";
import { openDownload } from "../delivery/open-download.ts";
import { QUEUES } from "../jobs/queue.ts";
import { type FileStore, localFileStore } from "../storage/file-store.ts";
import { detectFileType, downloadName } from "./file-types.ts";
import { addProductFile, addProductImage, FILE_MAX_BYTES, removeProductFile } from "./product-uploads.ts";
import { createProduct, deleteProduct, productForEditor, setPublished, updateProduct } from "./seller-products.ts";

const database = setUpTestDatabase();
let files: FileStore;
let directory = "";
let mine = 0;
let theirs = 0;
let categoryId = 0;
const jobs = recordingJobs();

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), "seller-products-"));
  files = localFileStore(directory);
  [mine, theirs] = [(await createCreator(database.db)).id, (await createCreator(database.db)).id];
  categoryId = (await createCategory(database.db)).id;
});
afterAll(() => fs.rm(directory, { recursive: true, force: true }));

const raw = (changes: Record<string, string> = {}) => ({
  title: "Calm Weekly Planner",
  description: "A calm weekly planner with habit trackers and notes pages.",
  categoryId: String(categoryId),
  tags: "planner, Weekly, planner",
  format: "PDF",
  price: "12.50",
  originalPrice: "",
  features: "Hyperlinked tabs\n\nUndated pages",
  whatYouGet: "1 PDF planner",
  pages: "120",
  ...changes,
});
const form = (changes: Record<string, string> = {}) => productFormSchema.parse(raw(changes));

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#88aacc" } })
    .png()
    .toBuffer();
const published = async (id: number) =>
  (
    await database.db
      .select({ published: productSearch.published })
      .from(productSearch)
      .where(eq(productSearch.productId, id))
  )[0]?.published;

describe("the product form", () => {
  it("reads prices to cents, tags and lists, and refuses an original price not above the price", () => {
    expect(form()).toMatchObject({
      price: 1250,
      originalPrice: undefined,
      tags: ["planner", "weekly"],
      features: ["Hyperlinked tabs", "Undated pages"],
      pages: 120,
      prints: null,
    });
    const issue = (changes: Record<string, string>) =>
      productFormSchema.safeParse(raw(changes)).error?.issues[0]?.message;
    expect(issue({ originalPrice: "10" })).toBe("The original price must be higher than the price.");
    expect(issue({ price: "12.345" })).toBe("Enter the price in dollars, like 12.99.");
    expect(issue({ format: "EXE" })).toBe("Choose the format of the files.");
  });
});

describe("a seller's products", () => {
  it("starts as a draft, goes on sale only with an image and a file, and then shows in search", async () => {
    const id = await createProduct(database.db, mine, form());
    expect(await published(id)).toBe(false);
    await expect(setPublished(database.db, { creatorId: mine, productId: id, published: true })).rejects.toThrow(
      "Add at least one image and one file before publishing.",
    );
    await addProductImage(database.db, { files, creatorId: mine, productId: id, bytes: await png() });
    await addProductFile(database.db, {
      files,
      creatorId: mine,
      productId: id,
      upload: { name: "My Planner (final).pdf", bytes: PDF },
      jobs,
    });
    await setPublished(database.db, { creatorId: mine, productId: id, published: true });
    expect(await published(id)).toBe(true);
    const { images, files: stored } = await productForEditor(database.db, mine, id);
    expect(images[0]!.url).toMatch(/^\/media\/products\/\d+-[0-9a-f]{12}\.webp$/);
    expect(stored).toMatchObject([
      { fileName: "my-planner-final.pdf", contentType: "application/pdf", sizeBytes: PDF.byteLength },
    ]);
    // A PDF's first pages are drawn by a job, queued with the file.
    expect(jobs.sent).toContainEqual({ name: QUEUES.renderFilePreviews, data: { fileId: stored[0]!.id } });
    const webp = await files.read(`product-images/${images[0]!.url.split("/").pop()}`);
    expect((await sharp(webp!).metadata()).format).toBe("webp");

    // Its last file removed, it goes back to draft.
    await removeProductFile(database.db, { files, creatorId: mine, productId: id, fileId: stored[0]!.id });
    expect(await published(id)).toBe(false);
    expect((await productForEditor(database.db, mine, id)).files).toEqual([]);
  });

  it("refuses uploads of the wrong type, empty, oversized or disguised, and stores nothing", async () => {
    const id = await createProduct(database.db, mine, form());
    const refused = [
      [{ name: "notes.pdf", bytes: new TextEncoder().encode("just text") }, "This type of file is not accepted."],
      [{ name: "empty.pdf", bytes: new Uint8Array() }, "This file is empty."],
      [{ name: "huge.pdf", bytes: new Uint8Array(FILE_MAX_BYTES + 1) }, "Each file must be at most 100 MB."],
    ] as const;
    for (const [upload, message] of refused) {
      await expect(
        addProductFile(database.db, { files, creatorId: mine, productId: id, upload, jobs }),
      ).rejects.toThrow(message);
    }
    await expect(addProductImage(database.db, { files, creatorId: mine, productId: id, bytes: PDF })).rejects.toThrow(
      "Please choose a JPEG, PNG, WebP or GIF image.",
    );
    const { images, files: stored } = await productForEditor(database.db, mine, id);
    expect([images.length, stored.length]).toEqual([0, 0]);
  });

  it("never lets another seller read, change, publish, upload to or delete it", async () => {
    const id = await createProduct(database.db, mine, form());
    const notFound = "We could not find this product in your shop.";
    await expect(productForEditor(database.db, theirs, id)).rejects.toThrow(notFound);
    await expect(
      updateProduct(database.db, { creatorId: theirs, productId: id, product: form({ title: "Stolen" }) }),
    ).rejects.toThrow(notFound);
    await expect(setPublished(database.db, { creatorId: theirs, productId: id, published: true })).rejects.toThrow(
      notFound,
    );
    await expect(
      addProductFile(database.db, {
        files,
        creatorId: theirs,
        productId: id,
        upload: { name: "x.pdf", bytes: PDF },
        jobs,
      }),
    ).rejects.toThrow(notFound);
    await expect(deleteProduct(database.db, theirs, id)).rejects.toThrow(notFound);
    expect((await productForEditor(database.db, mine, id)).product.title).toBe("Calm Weekly Planner");
  });

  it("deletes an unsold product with its files; a sold one is only marked deleted and its buyers still download", async () => {
    const unsold = await createProduct(database.db, mine, form());
    await addProductFile(database.db, {
      files,
      creatorId: mine,
      productId: unsold,
      upload: { name: "a.pdf", bytes: PDF },
      jobs,
    });
    await addProductImage(database.db, { files, creatorId: mine, productId: unsold, bytes: await png() });
    const [stored] = await database.db.select().from(productFiles).where(eq(productFiles.productId, unsold));
    const removed = await deleteProduct(database.db, mine, unsold);
    // The image with the nine copies that may have been made of it (server/media/image-variants.ts).
    expect(removed.filter((key) => key.startsWith(`product-images/${unsold}-`))).toHaveLength(10);
    for (const key of removed) await files.remove(key);
    expect(await database.db.select().from(products).where(eq(products.id, unsold))).toEqual([]);
    expect(await files.read(stored!.storageKey)).toBeNull();

    const sold = await createProduct(database.db, mine, form());
    await addProductImage(database.db, { files, creatorId: mine, productId: sold, bytes: await png() });
    await addProductFile(database.db, {
      files,
      creatorId: mine,
      productId: sold,
      upload: { name: "b.pdf", bytes: PDF },
      jobs,
    });
    await setPublished(database.db, { creatorId: mine, productId: sold, published: true });
    const { items } = await createOrder(database.db, { status: "paid", productIds: [sold] });
    expect(await deleteProduct(database.db, mine, sold)).toEqual([]);
    expect((await database.db.select().from(products).where(eq(products.id, sold)))[0]!.status).toBe("deleted");
    expect(await published(sold)).toBe(false);
    const [file] = await database.db.select().from(productFiles).where(eq(productFiles.productId, sold));
    const download = await openDownload(database.db, {
      files,
      target: { orderItemId: items[0]!.id, fileId: file!.id },
    });
    expect(Buffer.from(download.body).equals(Buffer.from(PDF))).toBe(true);
  });
});

describe("file types by content", () => {
  it("reads the type from the bytes; a ZIP's name picks EPUB or DOCX; a safe name for buyers", () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]);
    expect(detectFileType(zip, "book.epub")?.contentType).toBe("application/epub+zip");
    expect(detectFileType(zip, "pack.exe")?.extension).toBe("zip");
    expect(detectFileType(new TextEncoder().encode("8BPS..."), "art.psd")?.extension).toBe("psd");
    expect(
      detectFileType(new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode("ftypmp42")]), "v.mp4")?.extension,
    ).toBe("mp4");
    expect(detectFileType(new TextEncoder().encode("MZ\x90\x00"), "setup.pdf")).toBeNull();
    expect(downloadName("../../Ünïcode Plan (v2).PDF", { extension: "pdf", contentType: "application/pdf" })).toBe(
      "unicode-plan-v2.pdf",
    );
  });
});
