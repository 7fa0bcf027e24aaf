import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../tests/support/factories.ts";
import { checkoutServices, paidOrder, recordingJobs, startOrder, TEST_SECRET } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { user } from "../db/schema.ts";
import { readDownloadToken } from "../delivery/download-links.ts";
import { ensureSampleProductFiles } from "../demo/files/sample-files.ts";
import { Refusal } from "../lib/refusal.ts";
import { deriveKey } from "../lib/signing.ts";
import { localFileStore } from "../storage/file-store.ts";
import { findOrderFor, type OrderViewer } from "./find-order.ts";
import { checkOrderAccessToken, ORDER_LINK_DAYS, orderAccessToken, orderPagePath } from "./order-access.ts";
import { loadOrderPage } from "./order-page.ts";
import type { Order } from "./place-order.ts";

const database = setUpTestDatabase();
const jobs = recordingJobs();
const owner = { userId: "order-owner", name: "Olive Owner", email: "olive@example.com" };
const productIds: number[] = [];
let filesDir: string;

beforeAll(async () => {
  // Like the sample catalogue's first products: a PDF, a JPG and a PDF, each with its file.
  for (const format of ["PDF", "JPG", "PDF"]) productIds.push((await createProduct(database.db, { format })).id);
  filesDir = await fs.mkdtemp(path.join(os.tmpdir(), "order-access-"));
  await ensureSampleProductFiles(database.db, localFileStore(filesDir), { allCreators: true });
  await database.db.insert(user).values([
    { id: owner.userId, name: owner.name, email: owner.email },
    { id: "someone-else", name: "Sam", email: "sam@example.com" },
  ]);
});
afterAll(() => fs.rm(filesDir, { recursive: true, force: true }));

const shop = () => checkoutServices(database.db, jobs);
const find = (number: string, viewer: OrderViewer) =>
  findOrderFor(database.db, { secret: TEST_SECRET, orderNumber: number, viewer });

/** What a refused look-up throws, as the buyer sees it. */
async function refusalOf(lookUp: Promise<unknown>) {
  const error = await lookUp.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(Refusal);
  return { message: (error as Refusal).message, status: (error as Refusal).status };
}

const NOT_FOUND = { message: "We could not find this order.", status: 404 };
const DAY = 24 * 60 * 60 * 1000;

describe("a guest order link's token", () => {
  const issuedAt = Date.UTC(2026, 0, 15, 12, 0, 0);
  const token = orderAccessToken(TEST_SECRET, "ABC123XYZ", issuedAt);
  const check = (candidate: unknown, now: number, number = "ABC123XYZ", secret = TEST_SECRET) =>
    checkOrderAccessToken({ secret, orderNumber: number, token: candidate, now });

  it("is short and URL-safe", () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{27}$/);
    expect(encodeURIComponent(token)).toBe(token);
  });

  it("opens its order from the moment it is issued until just before 90 days have passed", () => {
    expect(ORDER_LINK_DAYS).toBe(90);
    expect(check(token, issuedAt)).toBe("valid");
    expect(check(token, issuedAt + 89 * DAY)).toBe("valid");
    expect(check(token, issuedAt + 90 * DAY - 1000)).toBe("valid");
  });

  it("has expired at 90 days, and ever after", () => {
    expect(check(token, issuedAt + 90 * DAY)).toBe("expired");
    expect(check(token, issuedAt + 400 * DAY)).toBe("expired");
  });

  it("is refused when altered anywhere, including the issue time it carries", () => {
    for (let i = 0; i < token.length; i++) {
      const replacement = token[i] === "A" ? "B" : "A";
      const altered = `${token.slice(0, i)}${replacement}${token.slice(i + 1)}`;
      expect(check(altered, issuedAt + DAY), `character ${i}`).toBe("invalid");
    }
    // A later issue time with the old signature: the link cannot be stretched past its 90 days.
    const bytes = Buffer.from(token, "base64url");
    bytes.writeUInt32BE(bytes.readUInt32BE(0) + 80 * 24 * 60 * 60);
    expect(check(bytes.toString("base64url"), issuedAt + 100 * DAY)).toBe("invalid");
    for (const malformed of [`${token}A`, token.slice(0, -1), "", "x".repeat(27), null, undefined, 42, [token]]) {
      expect(check(malformed, issuedAt + DAY)).toBe("invalid");
    }
  });

  it("opens no other order, and no shop but the one that signed it", () => {
    expect(check(token, issuedAt + DAY, "ABC123XYA")).toBe("invalid");
    expect(check(token, issuedAt + DAY, "ABC123XYZ", "another-shop-secret-of-32-characters")).toBe("invalid");
  });

  it("is refused when issued in the future (beyond a few minutes of clock difference)", () => {
    expect(check(token, issuedAt - 60_000)).toBe("valid");
    expect(check(token, issuedAt - DAY)).toBe("invalid");
  });

  it("refuses links of the first format (an HMAC of the number alone, which never expired)", () => {
    const firstFormat = crypto
      .createHmac("sha256", deriveKey(TEST_SECRET, "order-access"))
      .update("ABC123XYZ")
      .digest("base64url");
    expect(check(firstFormat, issuedAt)).toBe("invalid");
  });

  it("is what a guest's order path carries; an account's order path carries none", () => {
    expect(orderPagePath(TEST_SECRET, { number: "ABC123XYZ", userId: null }, issuedAt)).toBe(
      `/orders/ABC123XYZ?access=${token}`,
    );
    expect(orderPagePath(TEST_SECRET, { number: "ABC123XYZ", userId: "u1" }, issuedAt)).toBe(
      "/account/orders/ABC123XYZ",
    );
  });
});

describe("who may see an account's order", () => {
  let order: Order;
  beforeAll(async () => {
    ({ order } = await startOrder(shop(), [productIds[0]!], owner));
  });

  it("its owner, signed in", async () => {
    expect(await find(order.number, { userId: owner.userId })).toMatchObject({ id: order.id, number: order.number });
  });

  it("nobody else: another account gets the same answer as for an unknown or malformed number", async () => {
    const otherAccount = await refusalOf(find(order.number, { userId: "someone-else" }));
    const unknown = await refusalOf(find("ZZZZZZZZZ", { userId: owner.userId }));
    const malformed = await refusalOf(find("not-a-number'--", { userId: owner.userId }));
    const lowerCase = await refusalOf(find(order.number.toLowerCase(), { userId: owner.userId }));
    const signedOut = await refusalOf(find(order.number, { userId: null }));
    expect(otherAccount).toEqual(NOT_FOUND);
    expect([unknown, malformed, lowerCase, signedOut]).toEqual([
      otherAccount,
      otherAccount,
      otherAccount,
      otherAccount,
    ]);
  });
});

describe("who may see a guest's order", () => {
  let order: Order;
  let other: Order;
  beforeAll(async () => {
    ({ order } = await startOrder(shop(), [productIds[0]!]));
    ({ order: other } = await startOrder(shop(), [productIds[1]!]));
  });

  it("whoever holds its link, signed in or not", async () => {
    const accessToken = orderAccessToken(TEST_SECRET, order.number);
    expect((await find(order.number, { userId: null, accessToken })).id).toBe(order.id);
    expect((await find(order.number, { userId: "someone-else", accessToken })).id).toBe(order.id);
  });

  it("nobody with a wrong token, another order's token, a token of another shop, an expired token, or no token", async () => {
    const token = orderAccessToken(TEST_SECRET, order.number);
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const tokens = [
      flipped,
      `${token}x`,
      token.slice(0, -1),
      orderAccessToken(TEST_SECRET, other.number),
      orderAccessToken("another-shop-secret-of-32-characters", order.number),
      orderAccessToken(TEST_SECRET, order.number, Date.now() - 91 * DAY),
      "",
      null,
      undefined,
    ];
    for (const accessToken of tokens) {
      expect(await refusalOf(find(order.number, { userId: null, accessToken }))).toEqual(NOT_FOUND);
    }
    // The guest order has no account: a signed-in stranger without the link is refused too.
    expect(await refusalOf(find(order.number, { userId: "someone-else" }))).toEqual(NOT_FOUND);
  });
});

describe("the order page", () => {
  it("lists a paid order's items with their license keys and fresh links to their files", async () => {
    const { order } = await paidOrder(shop(), [productIds[0]!, productIds[1]!]);
    const now = new Date();
    const page = await loadOrderPage(database.db, {
      secret: TEST_SECRET,
      orderNumber: order.number,
      viewer: { userId: null, accessToken: orderAccessToken(TEST_SECRET, order.number) },
      now,
    });
    expect(page.order).toMatchObject({
      number: order.number,
      status: "paid",
      totalCents: order.totalCents,
      paidAt: order.paidAt!.toISOString(),
      paymentUrl: null,
    });
    expect(page.items.map((item) => item.productId)).toEqual([productIds[0], productIds[1]]);
    for (const item of page.items) {
      expect(item.licenseKey).toMatch(/^DGM(-[A-Z0-9]{4}){4}$/);
      expect(item.canRequestRefund).toBe(true);
      expect(item.files).toHaveLength(1);
      const [file] = item.files;
      expect(file!.fileName).toMatch(/\.(pdf|jpg)$/); // products 1 and 2: a PDF and a JPG
      expect(file!.sizeBytes).toBeGreaterThan(0);
      expect(file!.url).toMatch(/^\/downloads\//);
      const target = readDownloadToken(TEST_SECRET, file!.url.slice("/downloads/".length), now.getTime());
      expect(target).toEqual({ orderItemId: item.id, fileId: file!.fileId });
    }
    expect(new Set(page.items.map((item) => item.licenseKey)).size).toBe(2);
  });

  it("shows an unpaid order without files or license keys, with its payment link", async () => {
    const { order } = await startOrder(shop(), [productIds[2]!], owner);
    const page = await loadOrderPage(database.db, {
      secret: TEST_SECRET,
      orderNumber: order.number,
      viewer: { userId: owner.userId },
    });
    expect(page.order).toMatchObject({
      status: "pending_payment",
      paidAt: null,
      paymentUrl: order.paymentUrl,
      refundDeadline: null,
    });
    expect(order.paymentUrl).toMatch(/\/pay\/hps_/);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ licenseKey: null, files: [], canRequestRefund: false, refund: null });
  });

  it("is refused to whoever may not see the order", async () => {
    const { order } = await paidOrder(shop(), [productIds[2]!], owner);
    expect(
      await refusalOf(
        loadOrderPage(database.db, {
          secret: TEST_SECRET,
          orderNumber: order.number,
          viewer: { userId: "someone-else" },
        }),
      ),
    ).toEqual(NOT_FOUND);
  });
});
