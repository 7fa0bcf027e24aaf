import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productFormSchema } from "../../shared/product-schema.ts";
import { createOrder } from "../../tests/support/factories.ts";
import { recordingJobs } from "../../tests/support/orders.ts";
import { type S3StandIn, startS3StandIn } from "../../tests/support/s3-stand-in.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { serveForTests } from "../../tests/support/test-server.ts";
import { categories, creators, productFiles } from "../db/schema.ts";
import { openDownload } from "../delivery/open-download.ts";
import { seedSampleCatalogueIfEmpty } from "../demo/catalogue/seed-sample-catalogue.ts";
import { ensureSampleProductFiles } from "../demo/files/sample-files.ts";
import { uploadedProductImages } from "../http/generated-media.ts";
import { type FileStore, fileStoreFor } from "../storage/file-store.ts";
import { addProductFile, addProductImage, removeProductImage } from "./product-uploads.ts";
import { createProduct, productForEditor, setPublished } from "./seller-products.ts";

// The shop in S3 mode, end to end below the browser: a seller's image and file go into the bucket
// (and nothing onto the disk), the image is served publicly by the shop from the bucket, and a
// buyer's download reads the file back from it.

const database = setUpTestDatabase();
let s3: S3StandIn;
let dataDir = "";
let files: FileStore;
let creatorId = 0;
let categoryId = 0;

// The store is made in beforeAll below, after this server is built: look it up per request.
const server = serveForTests(() =>
  express().get("/media/products/:name", (req, res, next) => uploadedProductImages(files)(req, res, next)),
);
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

beforeAll(async () => {
  s3 = await startS3StandIn();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "product-files-in-s3-"));
  files = fileStoreFor({
    dataDir,
    s3: {
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.url,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      forcePathStyle: true,
      prefix: "shop/",
    },
  });
  await seedSampleCatalogueIfEmpty(database.db, database.pool);
  [{ id: creatorId }] = (await database.db.select({ id: creators.id }).from(creators).limit(1)) as [{ id: number }];
  [{ id: categoryId }] = (await database.db.select({ id: categories.id }).from(categories).limit(1)) as [
    { id: number },
  ];
});
afterAll(async () => {
  await s3.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const objectKeys = () => [...s3.buckets.get(s3.bucket)!.keys()];
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#88aacc" } })
    .png()
    .toBuffer();

/** A draft PDF planner of the test's seller, titled `title`. */
const newPlanner = (title: string) =>
  createProduct(
    database.db,
    creatorId,
    productFormSchema.parse({
      title,
      description: "A planner whose files live in an S3 bucket, for this test.",
      categoryId: String(categoryId),
      tags: "planner",
      format: "PDF",
      price: "9.00",
      originalPrice: "",
      features: "Undated pages",
      whatYouGet: "1 PDF planner",
      pages: "12",
    }),
  );

describe("product files in S3", () => {
  it("uploads into the bucket, serves the image from it, delivers the file from it", async () => {
    const productId = await newPlanner("Bucket Planner");
    await addProductImage(database.db, { files, creatorId, productId, bytes: await png() });
    await addProductFile(database.db, {
      files,
      creatorId,
      productId,
      upload: { name: "Bucket Planner.pdf", bytes: PDF },
      jobs: recordingJobs(),
    });
    await setPublished(database.db, { creatorId, productId, published: true });

    const { images } = await productForEditor(database.db, creatorId, productId);
    const imageName = images[0]!.url.replace("/media/products/", "");
    const [file] = await database.db.select().from(productFiles).where(eq(productFiles.productId, productId));
    expect(objectKeys()).toEqual(
      expect.arrayContaining([`shop/product-images/${imageName}`, `shop/${file!.storageKey}`]),
    );
    await expect(fs.readdir(dataDir)).resolves.toEqual([]); // nothing on the local disk

    // Public images: the shop reads them from the private bucket and lets browsers keep them.
    const image = await fetch(`${server.baseUrl}/media/products/${imageName}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe("webp");
    const etag = image.headers.get("etag");
    expect(etag).toBeTruthy();
    // (as a browser revalidates; fetch() would otherwise add Cache-Control: no-cache, which forbids a 304)
    const again = await fetch(`${server.baseUrl}/media/products/${imageName}`, {
      headers: { "If-None-Match": etag!, "Cache-Control": "max-age=0" },
    });
    expect(again.status).toBe(304);
    // A smaller copy is drawn from the bucket's original and kept in the bucket next to it.
    const variantName = imageName.replace(".webp", "-320w.avif");
    const variant = await fetch(`${server.baseUrl}/media/products/${variantName}`);
    expect([variant.status, variant.headers.get("content-type")]).toEqual([200, "image/avif"]);
    expect(objectKeys()).toContain(`shop/product-images/${variantName}`);

    // A buyer's download reads the file back from the bucket.
    const { items } = await createOrder(database.db, { status: "paid", productIds: [productId] });
    const download = await openDownload(database.db, {
      files,
      target: { orderItemId: items[0]!.id, fileId: file!.id },
    });
    expect(Buffer.from(download.body).equals(Buffer.from(PDF))).toBe(true);
    expect(download).toMatchObject({ fileName: "bucket-planner.pdf", contentType: "application/pdf" });

    // A removed image leaves the bucket with its copies and is no longer served.
    await removeProductImage(database.db, { files, creatorId, productId, imageId: images[0]!.id });
    const stem = imageName.replace(".webp", "");
    expect(objectKeys().filter((key) => key.startsWith(`shop/product-images/${stem}`))).toEqual([]);
    expect((await fetch(`${server.baseUrl}/media/products/${imageName}`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/media/products/${variantName}`)).status).toBe(404);
  });

  it("writes the sample catalogue's files into the bucket at start", async () => {
    expect(await ensureSampleProductFiles(database.db, files, { limit: 3 })).toBe(3);
    const samples = await database.db.select({ key: productFiles.storageKey }).from(productFiles).limit(100);
    const bucket = new Set(objectKeys());
    expect(samples.filter(({ key }) => bucket.has(`shop/${key}`)).length).toBeGreaterThanOrEqual(3);
  });

  it("leaves nothing half-written: a failure after the file was stored removes it, no row points at a missing file", async () => {
    const productId = await newPlanner("Half Written Planner");
    const before = objectKeys();
    // The job queue refuses (the database went away between the file and its row's job).
    const failingJobs = { ...recordingJobs(), send: () => Promise.reject(new Error("the queue is away")) };
    await expect(
      addProductFile(database.db, {
        files,
        creatorId,
        productId,
        upload: { name: "Half Written.pdf", bytes: PDF },
        jobs: failingJobs,
      }),
    ).rejects.toThrow("the queue is away");
    expect(objectKeys()).toEqual(before);
    expect(await database.db.select().from(productFiles).where(eq(productFiles.productId, productId))).toEqual([]);
  });
});
