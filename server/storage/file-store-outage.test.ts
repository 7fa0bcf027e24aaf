import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startS3StandIn } from "../../tests/support/s3-stand-in.ts";
import { asRefusal } from "../http/error-answers.ts";
import { localFileStore } from "./file-store.ts";
import { FileStoreUnavailable } from "./file-store-unavailable.ts";
import { s3FileStore } from "./s3-file-store.ts";

// The file store away: S3 stopped (the stand-in closed), a full local disk. What fails says so as
// FileStoreUnavailable, which every request answers 503 (try again later), and leaves nothing behind.

afterEach(() => vi.restoreAllMocks());

describe("the file store away", () => {
  it("S3 that stopped answering: a write and a read fail as FileStoreUnavailable, a 503 for the request", async () => {
    const s3 = await startS3StandIn();
    const options = {
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.url,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      forcePathStyle: true,
      prefix: "",
    };
    const store = s3FileStore(options);
    await store.put("products/1/kept.pdf", Buffer.from("kept"));
    await s3.close();

    const write = await store.put("products/1/new.pdf", Buffer.from("new")).catch((error: unknown) => error);
    expect(write).toBeInstanceOf(FileStoreUnavailable);
    expect(asRefusal(write)).toMatchObject({ kind: "unavailable", status: 503 });
    expect(asRefusal(write)?.message).toMatch(/^Files cannot be stored or opened right now\./);
    await expect(store.read("products/1/kept.pdf")).rejects.toBeInstanceOf(FileStoreUnavailable);
  });

  it("a full local disk: the write fails as FileStoreUnavailable and leaves no partial file", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), "file-store-full-"));
    const store = localFileStore(root);
    const writeFile = fs.writeFile;
    // The disk fills half-way through the file: part of it is written, then ENOSPC.
    vi.spyOn(fs, "writeFile").mockImplementation(async (file, data, options) => {
      await writeFile(file, (data as Uint8Array).subarray(0, 2), options);
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    });
    const failed = await store.put("products/2/big.pdf", Buffer.from("four")).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(FileStoreUnavailable);
    expect(asRefusal(failed)?.status).toBe(503);
    expect(await fs.readdir(path.join(root, "products/2"))).toEqual([]);
    vi.restoreAllMocks();

    await store.put("products/2/big.pdf", Buffer.from("four"));
    expect((await store.read("products/2/big.pdf"))?.toString()).toBe("four");
    await fs.rm(root, { recursive: true, force: true });
  });

  it("a key that is not one stays the shop's fault, not an outage", async () => {
    const store = localFileStore(os.tmpdir());
    const failed = await store.put("../outside", Buffer.from("x")).catch((error: unknown) => error);
    expect(failed).not.toBeInstanceOf(FileStoreUnavailable);
  });
});
