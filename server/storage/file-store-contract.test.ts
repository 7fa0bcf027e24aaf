import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3StandIn } from "../../tests/support/s3-stand-in.ts";
import { type FileStore, localFileStore } from "./file-store.ts";
import { s3FileStore } from "./s3-file-store.ts";

// What every FileStore promises the shop, run against each store: the local disk and an S3 bucket
// (the stand-in, through the real SDK). A store that passes can replace the other.

interface Subject {
  open(): Promise<{ store: FileStore; close(): Promise<void> }>;
}

const subjects: [string, Subject][] = [
  [
    "the local store",
    {
      async open() {
        const root = await fs.mkdtemp(path.join(os.tmpdir(), "file-store-contract-"));
        return { store: localFileStore(root), close: () => fs.rm(root, { recursive: true, force: true }) };
      },
    },
  ],
  [
    "the S3 store",
    {
      async open() {
        const s3 = await startS3StandIn();
        const store = s3FileStore({
          bucket: s3.bucket,
          region: s3.region,
          endpoint: s3.url,
          credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
          forcePathStyle: true,
          prefix: "contract/",
        });
        return { store, close: () => s3.close() };
      },
    },
  ],
];

describe.each(subjects)("%s", (_name, subject) => {
  let store: FileStore;
  let close = async () => {};
  beforeAll(async () => {
    ({ store, close } = await subject.open());
  });
  afterAll(() => close());

  it("gives back exactly the bytes it was given, every byte value and a larger file", async () => {
    const everyByte = Uint8Array.from({ length: 256 }, (_, index) => index);
    const larger = crypto.randomBytes(3 * 1024 * 1024 + 17);
    await store.put("contract/every-byte.bin", everyByte);
    await store.put("products/7/3f9a-large.pdf", larger);
    const read = await store.read("contract/every-byte.bin");
    expect(Buffer.isBuffer(read)).toBe(true);
    expect(read!.equals(Buffer.from(everyByte))).toBe(true);
    expect((await store.read("products/7/3f9a-large.pdf"))!.equals(larger)).toBe(true);
  });

  it("keeps an empty file as an empty file, not as a missing one", async () => {
    await store.put("contract/empty.txt", new Uint8Array());
    expect(await store.read("contract/empty.txt")).toEqual(Buffer.alloc(0));
  });

  it("answers null for a file it does not have", async () => {
    expect(await store.read("contract/never-written.bin")).toBeNull();
    expect(await store.read("nowhere/at/all.webp")).toBeNull();
  });

  it("replaces a file written again under the same key", async () => {
    await store.put("avatars/u1-000000000001.webp", Buffer.from("first"));
    await store.put("avatars/u1-000000000001.webp", Buffer.from("second"));
    expect((await store.read("avatars/u1-000000000001.webp"))!.toString()).toBe("second");
  });

  it("removes a file, and removing a missing file is not an error", async () => {
    await store.put("contract/removed.bin", Buffer.from("gone soon"));
    await store.put("contract/kept.bin", Buffer.from("stays"));
    await store.remove("contract/removed.bin");
    expect(await store.read("contract/removed.bin")).toBeNull();
    expect((await store.read("contract/kept.bin"))!.toString()).toBe("stays");
    await expect(store.remove("contract/removed.bin")).resolves.toBeUndefined();
    await expect(store.remove("contract/never-written.bin")).resolves.toBeUndefined();
  });

  it("keeps many files written at once apart", async () => {
    const keys = Array.from({ length: 40 }, (_, index) => `product-images/${index}-${"a".repeat(12)}.webp`);
    await Promise.all(keys.map((key) => store.put(key, Buffer.from(key))));
    const read = await Promise.all(keys.map((key) => store.read(key)));
    expect(read.map((body) => body!.toString())).toEqual(keys);
  });

  it.each([
    "../outside.txt",
    "/absolute/path.txt",
    "no-folder.txt",
    "contract/../../etc/passwd",
    "contract//double.txt",
    "contract/.hidden",
    "contract/with space.txt",
    "contract/",
  ])("refuses the key %j before touching anything", async (key) => {
    await expect(store.put(key, Buffer.from("x"))).rejects.toThrow(`Not a file store key: ${key}`);
    await expect(store.read(key)).rejects.toThrow(`Not a file store key: ${key}`);
    await expect(store.remove(key)).rejects.toThrow(`Not a file store key: ${key}`);
  });
});
