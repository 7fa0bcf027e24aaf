import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadedImageSrcSets } from "../../shared/image-variants.ts";
import { serveForTests } from "../../tests/support/test-server.ts";
import { uploadedProductImages } from "../http/generated-media.ts";
import { type FileStore, localFileStore } from "../storage/file-store.ts";
import { parseProductImageName, storedImageKeys } from "./image-variants.ts";

// Uploaded product pictures in smaller sizes and in AVIF (decision 023), drawn when first asked for.

let root = "";
let files: FileStore;
let puts: string[] = [];
const counted = (): FileStore => ({
  put: (key, body) => {
    puts.push(key);
    return files.put(key, body);
  },
  read: (key) => files.read(key),
  remove: (key) => files.remove(key),
});
const server = serveForTests(() =>
  express()
    .get("/media/products/:name", uploadedProductImages(counted()))
    // No variant may wait: the original stands in for it.
    .get("/busy/:name", uploadedProductImages(counted(), { maxWaiting: 0 })),
);

const ORIGINAL = "7-0123456789ab.webp";
let original: Buffer;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "image-variants-"));
  files = localFileStore(root);
  // As an upload is stored: WebP, here 1000x500 (uploads keep their proportions).
  original = await sharp({ create: { width: 1000, height: 500, channels: 3, background: "#3366aa" } })
    .webp({ quality: 82 })
    .toBuffer();
  await files.put(`product-images/${ORIGINAL}`, original);
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

const get = (name: string, at = "/media/products/") => fetch(`${server.baseUrl}${at}${name}`);
async function picture(response: Response) {
  const { width, height, format, compression } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return { width, height, format: format === "heif" ? compression : format };
}
const YEAR = "public, max-age=31536000, immutable";

describe("the addresses of an uploaded picture's variants", () => {
  it("are listed in a srcset per format, the original last, for uploaded pictures only", () => {
    expect(uploadedImageSrcSets(`/media/products/${ORIGINAL}`)).toEqual({
      avif:
        "/media/products/7-0123456789ab-320w.avif 320w, /media/products/7-0123456789ab-640w.avif 640w, " +
        "/media/products/7-0123456789ab-960w.avif 960w, /media/products/7-0123456789ab-1280w.avif 1280w, " +
        "/media/products/7-0123456789ab.avif 1600w",
      webp:
        "/media/products/7-0123456789ab-320w.webp 320w, /media/products/7-0123456789ab-640w.webp 640w, " +
        "/media/products/7-0123456789ab-960w.webp 960w, /media/products/7-0123456789ab-1280w.webp 1280w, " +
        "/media/products/7-0123456789ab.webp 1600w",
    });
    expect(uploadedImageSrcSets("/media/generated/planner-17.svg")).toBeNull();
    expect(uploadedImageSrcSets("/media/products/7-0123456789ab-640w.webp")).toBeNull();
  });

  it("are parsed strictly: the fixed widths, two formats, no other spelling", () => {
    expect(parseProductImageName("7-0123456789ab-640w.avif")).toEqual({
      stem: "7-0123456789ab",
      width: 640,
      format: "avif",
    });
    expect(parseProductImageName(ORIGINAL)).toEqual({ stem: "7-0123456789ab", width: null, format: "webp" });
    for (const name of [
      "7-0123456789ab-641w.webp",
      "7-0123456789ab-0640w.webp",
      "7-0123456789ab-1600w.webp",
      "7-0123456789ab-99999999999999999999w.webp",
      "7-0123456789ab-640.webp",
      "7-0123456789ab-640w.png",
      "7-0123456789AB.webp",
      "7-0123456789ab.webp.webp",
      "../7-0123456789ab.webp",
      "x-0123456789ab.webp",
    ]) {
      expect(parseProductImageName(name), name).toBeNull();
    }
  });

  it("name the original and all nine variants as its stored files, to be removed with it", () => {
    const keys = storedImageKeys(ORIGINAL);
    expect(keys).toHaveLength(10);
    expect(keys).toContain(`product-images/${ORIGINAL}`);
    expect(keys).toContain("product-images/7-0123456789ab-320w.avif");
    expect(keys).toContain("product-images/7-0123456789ab.avif");
    expect(keys).toContain("product-images/7-0123456789ab-1280w.webp");
  });
});

describe("/media/products/:name", () => {
  it("serves the original as it was stored", async () => {
    const response = await get(ORIGINAL);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe(YEAR);
    expect(Buffer.from(await response.arrayBuffer()).equals(original)).toBe(true);
  });

  it("draws a variant at the width and in the format its name says, keeps it, and serves it for a year", async () => {
    puts = [];
    const webp = await get("7-0123456789ab-640w.webp");
    expect(webp.status).toBe(200);
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect(webp.headers.get("cache-control")).toBe(YEAR);
    expect(await picture(webp)).toEqual({ width: 640, height: 320, format: "webp" });

    const avif = await get("7-0123456789ab-320w.avif");
    expect(avif.status).toBe(200);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(avif.headers.get("cache-control")).toBe(YEAR);
    expect(await picture(avif)).toEqual({ width: 320, height: 160, format: "av1" });
    expect(puts).toEqual(["product-images/7-0123456789ab-640w.webp", "product-images/7-0123456789ab-320w.avif"]);

    // Asked for again, it is read back, not drawn again.
    expect((await get("7-0123456789ab-640w.webp")).status).toBe(200);
    expect(puts).toHaveLength(2);
  });

  it("never makes a picture larger than the original: the largest sizes are the original's", async () => {
    expect(await picture(await get("7-0123456789ab-1280w.webp"))).toEqual({ width: 1000, height: 500, format: "webp" });
    expect(await picture(await get("7-0123456789ab.avif"))).toEqual({ width: 1000, height: 500, format: "av1" });
  });

  it("draws a variant asked for by many at once only once", async () => {
    puts = [];
    const responses = await Promise.all(Array.from({ length: 5 }, () => get("7-0123456789ab-960w.avif")));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(puts).toEqual(["product-images/7-0123456789ab-960w.avif"]);
  });

  it("sends the original, not to be kept, while too many variants wait to be drawn", async () => {
    puts = [];
    const response = await get("7-0123456789ab-960w.webp", "/busy/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(Buffer.from(await response.arrayBuffer()).equals(original)).toBe(true);
    expect(puts).toEqual([]);
  });

  it("answers 404 (or 400 for an undecodable name), never 500, to names it does not give, and stores nothing", async () => {
    puts = [];
    const names = [
      "7-0123456789ab-641w.webp",
      "7-0123456789ab-99999999999999999999w.webp",
      "7-0123456789ab-0640w.avif",
      "7-0123456789ab-640w.png",
      "7-0123456789ab-640w.webp.webp",
      "8-0123456789ab-640w.webp", // no such original
      "8-0123456789ab.avif",
      "8-0123456789ab.webp",
      "..%2F..%2Fetc%2Fpasswd",
      "%2e%2e%2F7-0123456789ab.webp",
      "7-0123456789ab.webp%00",
      `7-${"0".repeat(5000)}.webp`,
      "%E0%A4",
    ];
    for (const name of names) {
      const { status } = await get(name);
      expect([400, 404], name).toContain(status);
    }
    expect((await get("%E0%A4")).status).toBe(400);
    expect(puts).toEqual([]);
  });
});
