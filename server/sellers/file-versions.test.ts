import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCreator, createOrder, createProduct, createUser } from "../../tests/support/factories.ts";
import { recordingJobs } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { downloads, productFiles, productFileVersions } from "../db/schema.ts";
import { openDownload } from "../delivery/open-download.ts";
import { downloadLibrary, filesForOrder } from "../delivery/order-downloads.ts";
import { QUEUES } from "../jobs/queue.ts";
import { type FileStore, localFileStore } from "../storage/file-store.ts";
import { uploadFileVersion } from "./file-versions.ts";
import { FILE_MAX_BYTES, removeProductFile } from "./product-uploads.ts";
import { deleteProduct } from "./seller-products.ts";

const database = setUpTestDatabase();
let files: FileStore;
let directory = "";
let mine = 0;
let theirs = 0;

const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n% ${text}\n%%EOF\n`);

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), "file-versions-"));
  files = localFileStore(directory);
  [mine, theirs] = [(await createCreator(database.db)).id, (await createCreator(database.db)).id];
});
afterAll(() => fs.rm(directory, { recursive: true, force: true }));

/** A product of `creatorId` with one stored file (version 1, uploaded at `uploadedAt`). */
async function productWithFile(creatorId = mine, uploadedAt = new Date("2026-11-20T10:00:00Z")) {
  const product = await createProduct(database.db, { creatorId });
  const key = `products/${product.id}/first-planner.pdf`;
  await files.put(key, pdf("version 1"));
  const [file] = await database.db
    .insert(productFiles)
    .values({
      productId: product.id,
      storageKey: key,
      fileName: "planner.pdf",
      contentType: "application/pdf",
      sizeBytes: pdf("version 1").byteLength,
      versionUploadedAt: uploadedAt,
    })
    .returning();
  return { product, file: file! };
}

const fileRow = async (id: number) => (await database.db.select().from(productFiles).where(eq(productFiles.id, id)))[0];

describe("a new version of a product file", () => {
  it("replaces the file buyers download, keeps the old one with its row, and queues previews and emails", async () => {
    const { product, file } = await productWithFile();
    const jobs = recordingJobs();
    const services = { db: database.db, files, jobs };
    const answer = await uploadFileVersion(services, {
      creatorId: mine,
      productId: product.id,
      fileId: file.id,
      upload: {
        name: "Planner v2.pdf",
        bytes: pdf("version 2"),
      },
    });
    expect(answer).toEqual({ fileName: "planner-v2.pdf", version: 2 });

    const now = await fileRow(file.id);
    expect(now).toMatchObject({ version: 2, fileName: "planner-v2.pdf", previewsVersion: null });
    expect(now!.storageKey).not.toBe(file.storageKey);
    expect(now!.versionUploadedAt.getTime()).toBeGreaterThan(file.versionUploadedAt.getTime());
    expect(new TextDecoder().decode((await files.read(now!.storageKey))!)).toContain("version 2");
    // The old object stays in the store, named by its history row.
    const history = await database.db.select().from(productFileVersions).where(eq(productFileVersions.fileId, file.id));
    expect(history).toMatchObject([
      {
        version: 1,
        storageKey: file.storageKey,
        fileName: "planner.pdf",
        sizeBytes: file.sizeBytes,
        uploadedAt: file.versionUploadedAt,
      },
    ]);
    expect(new TextDecoder().decode((await files.read(file.storageKey))!)).toContain("version 1");
    expect(jobs.sent).toEqual([
      { name: QUEUES.renderFilePreviews, data: { fileId: file.id } },
      { name: QUEUES.sendProductUpdateEmails, data: { fileId: file.id, version: 2 } },
    ]);

    // A third version: the second joins the history.
    await uploadFileVersion(services, {
      creatorId: mine,
      productId: product.id,
      fileId: file.id,
      upload: { name: "planner.pdf", bytes: pdf("version 3") },
    });
    expect(await fileRow(file.id)).toMatchObject({ version: 3 });
    const versions = await database.db
      .select({ version: productFileVersions.version })
      .from(productFileVersions)
      .where(eq(productFileVersions.fileId, file.id));
    expect(versions.map((row) => row.version).sort()).toEqual([1, 2]);
  });

  it("two versions uploaded at once are numbered one after the other", async () => {
    const { product, file } = await productWithFile();
    const services = { db: database.db, files, jobs: recordingJobs() };
    const answers = await Promise.all(
      ["a", "b"].map((name) =>
        uploadFileVersion(services, {
          creatorId: mine,
          productId: product.id,
          fileId: file.id,
          upload: { name: `${name}.pdf`, bytes: pdf(name) },
        }),
      ),
    );
    expect(answers.map((answer) => answer.version).sort()).toEqual([2, 3]);
    expect(await fileRow(file.id)).toMatchObject({ version: 3 });
  });

  it("is refused, changing nothing, for another seller's product, a file of another product, a removed file or a bad upload", async () => {
    const { product, file } = await productWithFile();
    const other = await productWithFile(theirs);
    const jobs = recordingJobs();
    const services = { db: database.db, files, jobs };
    const upload = { name: "v2.pdf", bytes: pdf("v2") };
    await expect(
      uploadFileVersion(services, { creatorId: theirs, productId: product.id, fileId: file.id, upload }),
    ).rejects.toMatchObject({
      status: 404,
      message: "We could not find this product in your shop.",
    });
    // Its own product, but another's file id.
    await expect(
      uploadFileVersion(services, { creatorId: mine, productId: product.id, fileId: other.file.id, upload }),
    ).rejects.toMatchObject({
      status: 404,
      message: "This file is not part of this product.",
    });
    const refused = [
      [{ name: "notes.pdf", bytes: new TextEncoder().encode("just text") }, 415, "This type of file is not accepted."],
      [{ name: "empty.pdf", bytes: new Uint8Array() }, 400, "This file is empty."],
      [{ name: "huge.pdf", bytes: new Uint8Array(FILE_MAX_BYTES + 1) }, 413, "Each file must be at most 100 MB."],
    ] as const;
    for (const [bad, status, message] of refused) {
      await expect(
        uploadFileVersion(services, { creatorId: mine, productId: product.id, fileId: file.id, upload: bad }),
      ).rejects.toMatchObject({
        status,
        message: expect.stringContaining(message),
      });
    }
    const removed = await productWithFile();
    await removeProductFile(database.db, {
      files,
      creatorId: mine,
      productId: removed.product.id,
      fileId: removed.file.id,
    });
    await expect(
      uploadFileVersion(services, { creatorId: mine, productId: removed.product.id, fileId: removed.file.id, upload }),
    ).rejects.toMatchObject({
      status: 404,
    });

    expect(await fileRow(file.id)).toEqual(file);
    expect(await fileRow(other.file.id)).toEqual(other.file);
    const history = await database.db
      .select()
      .from(productFileVersions)
      .where(inArray(productFileVersions.fileId, [file.id, other.file.id]));
    expect(history).toEqual([]);
    expect(jobs.sent).toEqual([]);
    // No object was left behind by a refused version.
    const stored = await fs.readdir(path.join(directory, "products", String(product.id)));
    expect(stored).toEqual(["first-planner.pdf"]);
  });

  it("must be the same type of file as the one it replaces, read from its bytes, not its name", async () => {
    const { product, file } = await productWithFile();
    const jobs = recordingJobs();
    const services = { db: database.db, files, jobs };
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const refusal =
      "A new version must be the same type of file as the one it replaces: a PDF file. This one is a PNG file.";
    // A PNG, even named .pdf, does not replace a PDF; nor does a ZIP.
    for (const upload of [
      { name: "planner.pdf", bytes: png },
      { name: "planner.png", bytes: png },
    ]) {
      await expect(
        uploadFileVersion(services, { creatorId: mine, productId: product.id, fileId: file.id, upload }),
      ).rejects.toMatchObject({
        status: 415,
        message: refusal,
      });
    }
    await expect(
      uploadFileVersion(services, {
        creatorId: mine,
        productId: product.id,
        fileId: file.id,
        upload: {
          name: "planner.zip",
          bytes: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]),
        },
      }),
    ).rejects.toMatchObject({ status: 415, message: expect.stringContaining("This one is a ZIP file.") });
    expect(await fileRow(file.id)).toEqual(file);
    expect(jobs.sent).toEqual([]);
    expect(await fs.readdir(path.join(directory, "products", String(product.id)))).toEqual(["first-planner.pdf"]);
    // A PDF's bytes under another name are a PDF: accepted, and named as one.
    expect(
      await uploadFileVersion(services, {
        creatorId: mine,
        productId: product.id,
        fileId: file.id,
        upload: { name: "Planner 2027.png", bytes: pdf("v2") },
      }),
    ).toEqual({ fileName: "planner-2027.pdf", version: 2 });
  });

  it("deleting an unsold product answers its files' earlier versions too, for the store to remove", async () => {
    const { product, file } = await productWithFile();
    await uploadFileVersion(
      { db: database.db, files, jobs: recordingJobs() },
      {
        creatorId: mine,
        productId: product.id,
        fileId: file.id,
        upload: {
          name: "v2.pdf",
          bytes: pdf("v2"),
        },
      },
    );
    const current = await fileRow(file.id);
    expect((await deleteProduct(database.db, mine, product.id)).sort()).toEqual(
      [file.storageKey, current!.storageKey].sort(),
    );
  });

  it("removing a file removes its earlier versions' objects too", async () => {
    const { product, file } = await productWithFile();
    const services = { db: database.db, files, jobs: recordingJobs() };
    await uploadFileVersion(services, {
      creatorId: mine,
      productId: product.id,
      fileId: file.id,
      upload: { name: "v2.pdf", bytes: pdf("v2") },
    });
    const current = await fileRow(file.id);
    await removeProductFile(database.db, { files, creatorId: mine, productId: product.id, fileId: file.id });
    expect(await files.read(file.storageKey)).toBeNull();
    expect(await files.read(current!.storageKey)).toBeNull();
  });
});

describe("what buyers see of a new version", () => {
  it("says Updated until the buyer downloads the new version, which is what they get", async () => {
    const paidAt = new Date("2026-11-21T10:00:00Z");
    const { product, file } = await productWithFile(mine, new Date("2026-11-20T10:00:00Z"));
    const { order, items } = await createOrder(database.db, {
      productIds: [product.id],
      userId: null,
      paidAt,
    });
    const item = items[0]!;
    const listed = async () =>
      (await filesForOrder(database.db, { secret: "secret-of-32-characters-or-more!!", orderId: order.id }))[0]!;
    // Version 1, bought after it was uploaded: nothing to say.
    expect((await listed()).files).toMatchObject([{ fileId: file.id, version: 1, updated: false }]);

    await uploadFileVersion(
      { db: database.db, files, jobs: recordingJobs() },
      {
        creatorId: mine,
        productId: product.id,
        fileId: file.id,
        upload: {
          name: "planner.pdf",
          bytes: pdf("version 2"),
        },
      },
    );
    expect((await listed()).files).toMatchObject([{ fileId: file.id, version: 2, updated: true }]);

    // A download before the new version does not count; one after it does.
    await database.db
      .insert(downloads)
      .values({ orderItemId: item.id, fileId: file.id, downloadedAt: new Date("2026-11-22T10:00:00Z") });
    expect((await listed()).files[0]!.updated).toBe(true);
    const opened = await openDownload(database.db, { files, target: { orderItemId: item.id, fileId: file.id } });
    expect(new TextDecoder().decode(opened.body)).toContain("version 2");
    expect((await listed()).files[0]).toMatchObject({ version: 2, updated: false });
  });

  it("in My Downloads too, for an account's purchase", async () => {
    const { product, file } = await productWithFile();
    const buyer = await createUser(database.db);
    await createOrder(database.db, {
      productIds: [product.id],
      userId: buyer.id,
      paidAt: new Date("2026-11-21T10:00:00Z"),
    });
    const library = async () =>
      (await downloadLibrary(database.db, { secret: "secret-of-32-characters-or-more!!", userId: buyer.id }))[0]!;
    expect((await library()).files[0]!.updated).toBe(false);
    await uploadFileVersion(
      { db: database.db, files, jobs: recordingJobs() },
      {
        creatorId: mine,
        productId: product.id,
        fileId: file.id,
        upload: {
          name: "planner.pdf",
          bytes: pdf("version 2"),
        },
      },
    );
    expect((await library()).files[0]).toMatchObject({ version: 2, updated: true });
  });
});
