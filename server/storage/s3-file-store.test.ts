import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type S3StandIn, startS3StandIn } from "../../tests/support/s3-stand-in.ts";
import { fileStoreFor } from "./file-store.ts";
import { type S3FileStoreOptions, s3FileStore } from "./s3-file-store.ts";

// The S3 store against the stand-in (tests/support/s3-stand-in.ts), which checks each request's
// signature and payload hash as S3 does. The behaviour it shares with the local store is in
// file-store-contract.test.ts; here is what is S3's own.

let s3: S3StandIn;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3StandIn({ buckets: ["shop-files", "other-bucket"] });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "s3-file-store-"));
});
afterAll(async () => {
  await s3.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});
afterEach(() => s3.failNext(200, "", 0));

const options = (changes: Partial<S3FileStoreOptions> = {}): S3FileStoreOptions => ({
  bucket: "shop-files",
  region: s3.region,
  endpoint: s3.url,
  credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  forcePathStyle: true,
  prefix: "",
  ...changes,
});
const objectsIn = (bucket = "shop-files") => s3.buckets.get(bucket)!;

describe("fileStoreFor", () => {
  it("keeps files in the bucket when S3 is configured, and on the disk otherwise", async () => {
    await fileStoreFor({ dataDir, s3: options({ prefix: "chosen/" }) }).put(
      "avatars/a-000000000000.webp",
      Buffer.from("s3"),
    );
    expect(objectsIn().get("chosen/avatars/a-000000000000.webp")?.body.toString()).toBe("s3");
    await expect(fs.readdir(dataDir)).resolves.toEqual([]);

    await fileStoreFor({ dataDir, s3: undefined }).put("avatars/a-000000000000.webp", Buffer.from("disk"));
    await expect(fs.readFile(path.join(dataDir, "files/avatars/a-000000000000.webp"), "utf8")).resolves.toBe("disk");
  });
});

describe("the S3 file store", () => {
  it("puts every key under its prefix, and sees only its own prefix", async () => {
    const shop = s3FileStore(options({ prefix: "shop/" }));
    const staging = s3FileStore(options({ prefix: "staging/shop/" }));
    await shop.put("products/1/a-file.pdf", Buffer.from("shop's"));
    await staging.put("products/1/a-file.pdf", Buffer.from("staging's"));
    expect(objectsIn().get("shop/products/1/a-file.pdf")?.body.toString()).toBe("shop's");
    expect(objectsIn().get("staging/shop/products/1/a-file.pdf")?.body.toString()).toBe("staging's");
    expect((await shop.read("products/1/a-file.pdf"))!.toString()).toBe("shop's");
    expect(await s3FileStore(options()).read("products/1/a-file.pdf")).toBeNull();
    await staging.remove("products/1/a-file.pdf");
    expect(objectsIn().has("shop/products/1/a-file.pdf")).toBe(true);
  });

  it("signs each upload's bytes, sends no extra checksum and never asks for a public object", async () => {
    const store = s3FileStore(options({ prefix: "signed/" }));
    const body = crypto.randomBytes(5000);
    const before = s3.requests.length;
    await store.put("product-images/1-0123456789ab.webp", body);
    await store.read("product-images/1-0123456789ab.webp");
    await store.remove("product-images/1-0123456789ab.webp");
    const sent = s3.requests.slice(before);
    expect(sent.map((request) => [request.method, request.key, request.status])).toEqual([
      ["PUT", "signed/product-images/1-0123456789ab.webp", 200],
      ["GET", "signed/product-images/1-0123456789ab.webp", 200],
      ["DELETE", "signed/product-images/1-0123456789ab.webp", 204],
    ]);
    expect(sent[0]!.headers["x-amz-content-sha256"]).toBe(crypto.createHash("sha256").update(body).digest("hex"));
    for (const { headers } of sent) {
      const names = Object.keys(headers);
      expect(names.filter((name) => /^x-amz-(acl|grant-|checksum-|trailer)/.test(name))).toEqual([]);
      expect(headers["content-encoding"]).toBeUndefined();
    }
  });

  it("refuses to work with a wrong secret key, and says so rather than answering 'no such file'", async () => {
    const forged = s3FileStore(
      options({ credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: "not-the-secret-key" } }),
    );
    await expect(forged.put("avatars/b-000000000000.webp", Buffer.from("x"))).rejects.toThrow(
      /S3 upload of avatars\/b-000000000000\.webp in bucket shop-files failed \(SignatureDoesNotMatch: /,
    );
    expect(objectsIn().has("avatars/b-000000000000.webp")).toBe(false);
    await s3FileStore(options()).put("avatars/b-000000000000.webp", Buffer.from("real"));
    await expect(forged.read("avatars/b-000000000000.webp")).rejects.toThrow("SignatureDoesNotMatch");
    await expect(forged.remove("avatars/b-000000000000.webp")).rejects.toThrow("SignatureDoesNotMatch");
    expect(objectsIn().has("avatars/b-000000000000.webp")).toBe(true);
  });

  it("treats a missing bucket as an error, not as a missing file", async () => {
    const lost = s3FileStore(options({ bucket: "no-such-bucket" }));
    await expect(lost.read("avatars/c-000000000000.webp")).rejects.toThrow("NoSuchBucket");
    await expect(lost.remove("avatars/c-000000000000.webp")).rejects.toThrow("NoSuchBucket");
    await expect(lost.put("avatars/c-000000000000.webp", Buffer.from("x"))).rejects.toThrow("NoSuchBucket");
  });

  it("retries a busy server, and gives up on one that keeps failing", async () => {
    const store = s3FileStore(options());
    s3.failNext(503, "SlowDown", 1);
    await store.put("contract/busy.bin", Buffer.from("made it"));
    expect((await store.read("contract/busy.bin"))!.toString()).toBe("made it");

    s3.failNext(500, "InternalError", 10);
    const before = s3.requests.length;
    await expect(store.read("contract/busy.bin")).rejects.toThrow("InternalError");
    expect(s3.requests.length - before).toBe(3); // the SDK's standard retries: 3 attempts in all
  });
});
