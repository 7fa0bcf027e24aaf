import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCreator, createProduct } from "../../tests/support/factories.ts";
import { pagesPdf } from "../../tests/support/multi-page-pdf.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { getProductDetail } from "../catalogue/product-detail.ts";
import { productFilePreviews, productFiles } from "../db/schema.ts";
import { QUEUES, type RunningJobs, startJobs } from "../jobs/queue.ts";
import { addProductFile, removeProductFile } from "../sellers/product-uploads.ts";
import { deleteProduct } from "../sellers/seller-products.ts";
import { type FileStore, localFileStore } from "../storage/file-store.ts";
import { renderFilePreviews } from "./file-previews.ts";

// From a seller's upload to the product page, on pg-boss itself: the job is queued in the upload's
// transaction, for a PDF only, and what it draws is what the product page lists.

const database = setUpTestDatabase();
let jobs: RunningJobs;
let directory = "";
let files: FileStore;

beforeAll(async () => {
  jobs = await startJobs(database.pool, (error) => console.error(error));
  directory = await fs.mkdtemp(path.join(os.tmpdir(), "upload-previews-"));
  files = localFileStore(directory);
});
afterAll(async () => {
  await jobs?.stop();
  await fs.rm(directory, { recursive: true, force: true });
});

async function queuedFor(fileId: number) {
  const { rows } = await database.pool.query(
    "SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND (data->>'fileId')::int = $2",
    [QUEUES.renderFilePreviews, fileId],
  );
  return rows[0].n as number;
}

const filesOf = (productId: number) =>
  database.db.select().from(productFiles).where(eq(productFiles.productId, productId)).orderBy(productFiles.id);

describe("a PDF uploaded by its seller", () => {
  it("queues its previews with the file; they are on the product page once drawn", async () => {
    const creator = await createCreator(database.db);
    const product = await createProduct(database.db, { creatorId: creator.id });
    const pdf = pagesPdf([
      [612, 792],
      [612, 792],
      [612, 792],
    ]);
    await addProductFile(database.db, {
      files,
      creatorId: creator.id,
      productId: product.id,
      upload: { name: "Guide.pdf", bytes: pdf },
      jobs,
    });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    await addProductFile(database.db, {
      files,
      creatorId: creator.id,
      productId: product.id,
      upload: { name: "Sheet.png", bytes: png },
      jobs,
    });
    const [guide, sheet] = (await filesOf(product.id)).map((file) => file.id) as [number, number];
    expect([await queuedFor(guide), await queuedFor(sheet)]).toEqual([1, 0]);

    expect((await getProductDetail(database.db, product.id))?.previews).toEqual([]);
    await renderFilePreviews(database.db, { files, fileId: guide });
    const previews = (await getProductDetail(database.db, product.id))?.previews;
    expect(previews?.map(({ fileName, page, width, height }) => [fileName, page, width, height])).toEqual([
      ["guide.pdf", 1, 1236, 1600],
      ["guide.pdf", 2, 1236, 1600],
      ["guide.pdf", 3, 1236, 1600],
    ]);
  });

  it("queues nothing when the upload is refused", async () => {
    const creator = await createCreator(database.db);
    const product = await createProduct(database.db, { creatorId: creator.id });
    const pdf = pagesPdf([[612, 792]]);
    for (let i = 0; i < 10; i++) {
      await addProductFile(database.db, {
        files,
        creatorId: creator.id,
        productId: product.id,
        upload: { name: `Part ${i}.pdf`, bytes: pdf },
        jobs,
      });
    }
    await expect(
      addProductFile(database.db, {
        files,
        creatorId: creator.id,
        productId: product.id,
        upload: { name: "Eleventh.pdf", bytes: pdf },
        jobs,
      }),
    ).rejects.toThrow("A product can have at most 10 files.");
    const { rows } = await database.pool.query(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND (data->>'fileId')::int = ANY($2)",
      [QUEUES.renderFilePreviews, (await filesOf(product.id)).map((file) => file.id)],
    );
    expect(rows[0].n).toBe(10);
  });

  it("takes its pages' pictures with it when the file or the unsold product is removed", async () => {
    const creator = await createCreator(database.db);
    const pdf = pagesPdf([
      [612, 792],
      [612, 792],
    ]);
    const pictures = async (fileId: number) => {
      const rows = await database.db.select().from(productFilePreviews).where(eq(productFilePreviews.fileId, fileId));
      return rows.map((row) => `product-images/${row.imageUrl.split("/").pop()}`);
    };
    const drawnFile = async (productId: number) => {
      await addProductFile(database.db, {
        files,
        creatorId: creator.id,
        productId,
        upload: { name: "Guide.pdf", bytes: pdf },
        jobs,
      });
      const [file] = await filesOf(productId);
      await renderFilePreviews(database.db, { files, fileId: file!.id });
      const keys = await pictures(file!.id);
      expect(keys).toHaveLength(2);
      for (const key of keys) expect(await files.read(key)).not.toBeNull();
      return { fileId: file!.id, keys };
    };

    const product = await createProduct(database.db, { creatorId: creator.id, status: "draft" });
    const removed = await drawnFile(product.id);
    await removeProductFile(database.db, {
      files,
      creatorId: creator.id,
      productId: product.id,
      fileId: removed.fileId,
    });
    for (const key of removed.keys) expect(await files.read(key)).toBeNull();

    const deleted = await drawnFile(product.id);
    const keys = await deleteProduct(database.db, creator.id, product.id);
    expect(keys).toEqual(expect.arrayContaining(deleted.keys));
  });
});
