import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct, createProductImage } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { licenses, type OrderStatus, orderItems, orders, productFiles, productImages, user } from "../db/schema.ts";
import { ensureSampleProductFiles } from "../demo/files/sample-files.ts";
import { localFileStore } from "../storage/file-store.ts";
import { DOWNLOAD_LINK_MINUTES, readDownloadToken } from "./download-links.ts";
import { downloadLibrary, filesForOrder } from "./order-downloads.ts";

const SECRET = "test-secret-for-download-lists";
const NOW = Date.UTC(2026, 2, 1, 9);
const database = setUpTestDatabase();
let directory: string;

beforeAll(async () => {
  // Products 1 to 20 (product 1 a PDF), each with a cover image and its file.
  for (let id = 1; id <= 20; id++) {
    await createProduct(database.db, { id, format: "PDF" });
    await createProductImage(database.db, id);
  }
  directory = await fs.mkdtemp(path.join(os.tmpdir(), "order-downloads-"));
  await ensureSampleProductFiles(database.db, localFileStore(directory), { allCreators: true });
  // A second file for product 1, listed after its PDF.
  await database.db.insert(productFiles).values({
    productId: 1,
    storageKey: "products/1/bonus-stickers.zip",
    fileName: "bonus-stickers.zip",
    contentType: "application/zip",
    sizeBytes: 2048,
    position: 1,
  });
  await database.db.insert(user).values(["ann", "bob"].map((id) => ({ id, name: id, email: `${id}@example.com` })));
});

afterAll(async () => {
  await fs.rm(directory, { recursive: true, force: true });
});

const placeOrder = (userId: string | null, status: OrderStatus, productIds: number[], paidAt = new Date(NOW)) =>
  createOrder(database.db, { userId, status, productIds, paidAt });

async function refund(orderItemId: number) {
  await database.db
    .update(orderItems)
    .set({ status: "refunded", refundedAt: new Date(NOW) })
    .where(eq(orderItems.id, orderItemId));
}

async function filesOf(productId: number) {
  const rows = await database.db
    .select({
      fileId: productFiles.id,
      fileName: productFiles.fileName,
      sizeBytes: productFiles.sizeBytes,
      version: productFiles.version,
      versionUploadedAt: productFiles.versionUploadedAt,
    })
    .from(productFiles)
    .where(eq(productFiles.productId, productId))
    .orderBy(asc(productFiles.position));
  // The first version of each: nothing new to tell (file-versions.test.ts tells of new ones).
  return rows.map((row) => ({ ...row, versionUploadedAt: row.versionUploadedAt.toISOString(), updated: false }));
}

/** Checks that each file's link opens that file of that item, for 10 minutes from NOW. */
function expectLinks(orderItemId: number, files: { fileId: number; url: string }[]) {
  for (const file of files) {
    const token = file.url.replace(/^\/downloads\//, "");
    expect(readDownloadToken(SECRET, token, NOW + DOWNLOAD_LINK_MINUTES * 60_000 - 1)).toEqual({
      orderItemId,
      fileId: file.fileId,
    });
    expect(() => readDownloadToken(SECRET, token, NOW + DOWNLOAD_LINK_MINUTES * 60_000)).toThrow(/expired/);
  }
}

describe("filesForOrder", () => {
  it("lists every item of a paid order with its license and a fresh link to each file", async () => {
    const { order, items } = await placeOrder("ann", "paid", [1, 2]);
    const list = await filesForOrder(database.db, { secret: SECRET, orderId: order.id, now: NOW });
    expect(list.map(({ files, ...item }) => item)).toEqual(
      items.map((item) => ({
        orderItemId: item.id,
        productId: item.productId,
        title: item.title,
        status: "active",
        licenseType: "commercial",
        licenseKey: item.licenseKey,
        license: { tier: "commercial", seats: 1 },
      })),
    );
    expect(list[0]!.files.map(({ url, ...file }) => file)).toEqual(await filesOf(1));
    expect(list[0]!.files.map((file) => file.fileName)).toEqual([
      expect.stringMatching(/\.pdf$/),
      "bonus-stickers.zip",
    ]);
    expect(list[1]!.files.map(({ url, ...file }) => file)).toEqual(await filesOf(2));
    for (const item of list) expectLinks(item.orderItemId, item.files);
  });

  it("lists the items of an unpaid order without files, and a refunded item without files", async () => {
    const unpaid = await placeOrder("ann", "pending_payment", [3]);
    const [pending] = await filesForOrder(database.db, { secret: SECRET, orderId: unpaid.order.id, now: NOW });
    expect(pending).toMatchObject({ productId: 3, status: "active", licenseKey: null, license: null, files: [] });

    const partly = await placeOrder("ann", "partially_refunded", [3, 4]);
    await refund(partly.items[0]!.id);
    const list = await filesForOrder(database.db, { secret: SECRET, orderId: partly.order.id, now: NOW });
    expect(list.map((item) => [item.productId, item.status, item.files.length])).toEqual([
      [3, "refunded", 0],
      [4, "active", 1],
    ]);
    expect(list.map((item) => item.licenseKey === null)).toEqual([true, false]);
    expect(list.map((item) => item.license)).toEqual([null, { tier: "commercial", seats: 1 }]);
    expect(await filesForOrder(database.db, { secret: SECRET, orderId: 987654, now: NOW })).toEqual([]);
  });
});

describe("downloadLibrary", () => {
  it("has the active items of the account's paid orders, newest first, and nothing else", async () => {
    const older = await placeOrder("bob", "paid", [10, 11], new Date(NOW - 5 * 86_400_000));
    const newer = await placeOrder("bob", "partially_refunded", [12, 13], new Date(NOW - 86_400_000));
    await refund(newer.items.find((item) => item.productId === 13)!.id);
    await placeOrder("bob", "pending_payment", [14]);
    await placeOrder("bob", "failed", [15]);
    const refunded = await placeOrder("bob", "refunded", [16]);
    await refund(refunded.items[0]!.id);
    // Other people's orders: another account's, and a guest's with the same address.
    await placeOrder("ann", "paid", [17]);
    await placeOrder(null, "paid", [18]);
    await database.db
      .update(orders)
      .set({ email: "bob@example.com" })
      .where(and(eq(orders.status, "paid"), eq(orders.customerName, "Guest")));

    const library = await downloadLibrary(database.db, { secret: SECRET, userId: "bob", now: NOW });
    expect(library.map((item) => [item.orderNumber, item.productId])).toEqual([
      [newer.order.number, 12],
      [older.order.number, 10],
      [older.order.number, 11],
    ]);

    const [covers, product10Files] = await Promise.all([
      database.db
        .select({ productId: productImages.productId, url: productImages.url })
        .from(productImages)
        .where(and(inArray(productImages.productId, [10, 11, 12]), eq(productImages.position, 0))),
      filesOf(10),
    ]);
    const cover = new Map(covers.map((row) => [row.productId, row.url]));
    const item10 = older.items.find((item) => item.productId === 10)!;
    expect(library[1]).toEqual({
      orderItemId: item10.id,
      orderNumber: older.order.number,
      paidAt: new Date(NOW - 5 * 86_400_000),
      productId: 10,
      title: item10.title,
      imageUrl: cover.get(10),
      licenseType: "commercial",
      licenseKey: item10.licenseKey,
      license: { tier: "commercial", seats: 1 },
      files: product10Files.map((file) => ({ ...file, url: expect.stringMatching(/^\/downloads\//) })),
    });
    for (const item of library) {
      expect(item.imageUrl).toBe(cover.get(item.productId));
      expect(item.files.length).toBeGreaterThan(0);
      expectLinks(item.orderItemId, item.files);
    }
  });

  it("shows the license as it stands now: tier and seats raised by an upgrade", async () => {
    const { items } = await placeOrder("ann", "paid", [19]);
    await database.db
      .update(licenses)
      .set({ tier: "extended", seats: 3 })
      .where(eq(licenses.orderItemId, items[0]!.id));
    const library = await downloadLibrary(database.db, { secret: SECRET, userId: "ann", now: NOW });
    expect(library.find((item) => item.productId === 19)).toMatchObject({
      licenseType: "commercial",
      license: { tier: "extended", seats: 3 },
    });
  });

  it("lists an upgrade's line without files, and leaves it out of the library (the licence it raised is there)", async () => {
    const bought = await placeOrder("ann", "paid", [18]);
    const [license] = await database.db.select().from(licenses).where(eq(licenses.orderItemId, bought.items[0]!.id));
    const upgrade = await placeOrder("ann", "pending_payment", [18]);
    await database.db
      .update(orderItems)
      .set({ upgradesLicenseId: license!.id, upgradeToSeats: 2 })
      .where(eq(orderItems.id, upgrade.items[0]!.id));
    await database.db
      .update(orders)
      .set({ status: "paid", paidAt: new Date(NOW) })
      .where(eq(orders.id, upgrade.order.id));
    const [line] = await filesForOrder(database.db, { secret: SECRET, orderId: upgrade.order.id, now: NOW });
    expect(line).toMatchObject({ productId: 18, files: [], license: null });
    const library = await downloadLibrary(database.db, { secret: SECRET, userId: "ann", now: NOW });
    expect(library.filter((item) => item.productId === 18).map((item) => item.orderItemId)).toEqual([
      bought.items[0]!.id,
    ]);
  });

  it("gives a null image when the product has none, and an empty library to an account with no orders", async () => {
    await database.db.delete(productImages).where(eq(productImages.productId, 20));
    await placeOrder("ann", "paid", [20], new Date(NOW + 1000));
    const [latest] = await downloadLibrary(database.db, { secret: SECRET, userId: "ann", now: NOW });
    expect(latest).toMatchObject({ productId: 20, imageUrl: null });
    expect(await downloadLibrary(database.db, { secret: SECRET, userId: "nobody", now: NOW })).toEqual([]);
  });
});
