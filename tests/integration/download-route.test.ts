import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "../../app/routes/download.ts";
import { downloads, type OrderStatus, orderItems, productFiles, products } from "../../server/db/schema.ts";
import { type DownloadTarget, downloadUrl, readDownloadToken } from "../../server/delivery/download-links.ts";
import { openDownload } from "../../server/delivery/open-download.ts";
import { ensureSampleProductFiles } from "../../server/demo/files/sample-files.ts";
import { type RequestServices, servicesContext } from "../../server/http/context.ts";
import { Refusal } from "../../server/lib/refusal.ts";
import { type FileStore, localFileStore } from "../../server/storage/file-store.ts";
import { createOrder, createProduct } from "../support/factories.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

const SECRET = "test-secret-for-download-links";
const database = setUpTestDatabase();
let directory: string;
let files: FileStore;

beforeAll(async () => {
  // Products 1 to 6, of the sample catalogue's formats (4 is a course), each with its file.
  for (const [index, format] of ["PDF", "JPG", "PSD", "Video", "PDF", "PDF"].entries()) {
    await createProduct(database.db, { id: index + 1, format });
  }
  directory = await fs.mkdtemp(path.join(os.tmpdir(), "open-download-"));
  files = localFileStore(directory);
  await ensureSampleProductFiles(database.db, files, { allCreators: true });
});

afterAll(async () => {
  await fs.rm(directory, { recursive: true, force: true });
});

const placeOrder = (status: OrderStatus, productIds: number[]) => createOrder(database.db, { status, productIds });

async function fileOf(productId: number) {
  const [file] = await database.db.select().from(productFiles).where(eq(productFiles.productId, productId));
  return file!;
}

async function downloadsOf(productId: number) {
  const [product] = await database.db
    .select({ downloads: products.downloads })
    .from(products)
    .where(eq(products.id, productId));
  const [rows] = await database.db
    .select({ value: count() })
    .from(downloads)
    .innerJoin(productFiles, eq(productFiles.id, downloads.fileId))
    .where(eq(productFiles.productId, productId));
  return { figure: product!.downloads, rows: rows!.value };
}

const tokenOf = (url: string) => url.replace(/^\/downloads\//, "");

function refusalOf(work: () => unknown): Promise<Refusal> {
  return Promise.resolve()
    .then(work)
    .then(
      () => {
        throw new Error("expected a refusal");
      },
      (error: unknown) => {
        if (!(error instanceof Refusal)) throw error;
        return error;
      },
    );
}

/** Calls the route's loader as React Router would, with the shop's services in the context. */
async function requestDownload(url: string, method = "GET") {
  const context = new RouterContextProvider();
  context.set(servicesContext, { db: database.db, files, secret: SECRET } as RequestServices);
  const request = new Request(`http://shop.test${url}`, { method });
  return (await loader({ request, params: { token: tokenOf(url) }, context } as unknown as Parameters<
    typeof loader
  >[0])) as Response;
}

describe("openDownload", () => {
  it("returns the file and counts each download on the product, exactly once", async () => {
    const { items } = await placeOrder("paid", [1]);
    const file = await fileOf(1);
    const before = await downloadsOf(1);
    const target = readDownloadToken(
      SECRET,
      tokenOf(downloadUrl(SECRET, { orderItemId: items[0]!.id, fileId: file.id })),
    );
    const opened = await openDownload(database.db, { files, target });
    expect(opened.fileName).toBe(file.fileName);
    expect(opened.contentType).toBe("application/pdf");
    expect(opened.body.equals((await files.read(file.storageKey))!)).toBe(true);
    expect(await downloadsOf(1)).toEqual({ figure: before.figure + 1, rows: before.rows + 1 });
    await openDownload(database.db, { files, target });
    expect(await downloadsOf(1)).toEqual({ figure: before.figure + 2, rows: before.rows + 2 });
  });

  it("refuses a file of another product, an unpaid order, a refunded item and a missing file, counting nothing", async () => {
    const paid = await placeOrder("paid", [2, 3]);
    const unpaid = await placeOrder("pending_payment", [2]);
    const failed = await placeOrder("failed", [2]);
    const partly = await placeOrder("partially_refunded", [2, 3]);
    const refunded = await placeOrder("refunded", [2]);
    await database.db
      .update(orderItems)
      .set({ status: "refunded", refundedAt: new Date() })
      .where(eq(orderItems.id, partly.items[0]!.id));
    await database.db
      .update(orderItems)
      .set({ status: "refunded", refundedAt: new Date() })
      .where(eq(orderItems.orderId, refunded.order.id));
    const fileOf2 = await fileOf(2);
    const fileOf3 = await fileOf(3);
    const itemFor = (order: Awaited<ReturnType<typeof placeOrder>>, productId: number) =>
      order.items.find((item) => item.productId === productId)!.id;
    const before = await downloadsOf(2);

    const cases: [DownloadTarget, number, string][] = [
      [{ orderItemId: itemFor(paid, 2), fileId: fileOf3.id }, 403, "This download link is not valid."],
      [{ orderItemId: itemFor(unpaid, 2), fileId: fileOf2.id }, 403, "This order has not been paid."],
      [{ orderItemId: itemFor(failed, 2), fileId: fileOf2.id }, 403, "This order has not been paid."],
      [
        { orderItemId: itemFor(partly, 2), fileId: fileOf2.id },
        410,
        "This item was refunded, so its files can no longer be downloaded.",
      ],
      [
        { orderItemId: itemFor(refunded, 2), fileId: fileOf2.id },
        410,
        "This item was refunded, so its files can no longer be downloaded.",
      ],
      [{ orderItemId: 987654, fileId: fileOf2.id }, 403, "This download link is not valid."],
      [{ orderItemId: itemFor(paid, 2), fileId: 987654 }, 404, "This file is no longer available."],
    ];
    for (const [target, status, message] of cases) {
      const refusal = await refusalOf(() => openDownload(database.db, { files, target }));
      expect({ target, status: refusal.status, message: refusal.message }).toEqual({ target, status, message });
    }
    expect(await downloadsOf(2)).toEqual(before);

    // The other item of the partly refunded order is still delivered.
    await openDownload(database.db, { files, target: { orderItemId: itemFor(partly, 3), fileId: fileOf3.id } });

    // A row whose bytes are gone from the store.
    const bytes = (await files.read(fileOf2.storageKey))!;
    await files.remove(fileOf2.storageKey);
    const missing = await refusalOf(() =>
      openDownload(database.db, { files, target: { orderItemId: itemFor(paid, 2), fileId: fileOf2.id } }),
    );
    await files.put(fileOf2.storageKey, bytes);
    expect(missing).toMatchObject({ status: 404, message: "This file is no longer available." });
    expect(await downloadsOf(2)).toEqual(before);
  });
});

describe("GET /downloads/:token", () => {
  it("answers the file as a private attachment, and counts a GET but not a HEAD", async () => {
    const { items } = await placeOrder("paid", [4]);
    const file = await fileOf(4);
    const url = downloadUrl(SECRET, { orderItemId: items[0]!.id, fileId: file.id });
    const before = await downloadsOf(4);

    const head = await requestDownload(url, "HEAD");
    expect(head.status).toBe(200);
    expect(await downloadsOf(4)).toEqual(before);

    const response = await requestDownload(url);
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals((await files.read(file.storageKey))!)).toBe(true);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "video/mp4", // product 4 is a course
      "content-length": String(file.sizeBytes),
      "content-disposition": `attachment; filename="${file.fileName}"; filename*=UTF-8''${file.fileName}`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    });
    expect(await downloadsOf(4)).toEqual({ figure: before.figure + 1, rows: before.rows + 1 });
  });

  it("gives a name outside ASCII as a safe filename and an RFC 5987 filename*", async () => {
    const { items } = await placeOrder("paid", [5]);
    const file = await fileOf(5);
    await database.db.update(productFiles).set({ fileName: 'Café "menu" (2).pdf' }).where(eq(productFiles.id, file.id));
    const response = await requestDownload(downloadUrl(SECRET, { orderItemId: items[0]!.id, fileId: file.id }));
    await database.db.update(productFiles).set({ fileName: file.fileName }).where(eq(productFiles.id, file.id));
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Cafe _menu_ _2_.pdf"; filename*=UTF-8''Caf%C3%A9%20%22menu%22%20%282%29.pdf`,
    );
  });

  it("answers a refusal as a readable page with its status, message and the way to the downloads", async () => {
    const { items } = await placeOrder("pending_payment", [6]);
    const file = await fileOf(6);
    const before = await downloadsOf(6);
    const unpaid = await requestDownload(downloadUrl(SECRET, { orderItemId: items[0]!.id, fileId: file.id }));
    expect(unpaid.status).toBe(403);
    expect(unpaid.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(unpaid.headers.get("cache-control")).toBe("private, no-store");
    const page = await unpaid.text();
    expect(page).toContain("<p>This order has not been paid.</p>");
    expect(page).toContain('<a href="/account/downloads">');

    const expired = await requestDownload(
      downloadUrl(SECRET, { orderItemId: items[0]!.id, fileId: file.id }, Date.now() - 11 * 60_000),
    );
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("This download link has expired. Open your order again for a fresh link.");

    const forged = await requestDownload(downloadUrl("another-secret", { orderItemId: items[0]!.id, fileId: file.id }));
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain("This download link is not valid.");
    expect(await downloadsOf(6)).toEqual(before);
  });
});
