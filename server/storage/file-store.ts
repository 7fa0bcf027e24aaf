import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { checkKey } from "./file-key.ts";
import { type S3FileStoreOptions, s3FileStore } from "./s3-file-store.ts";

/**
 * Where the shop keeps files it is given: avatars, product images, product files. Keys are
 * slash-separated names like `avatars/u1-3f9a.webp` (file-key.ts); nothing outside the store is reachable.
 * On the local disk (below) or in an S3 bucket (s3-file-store.ts).
 */
export interface FileStore {
  put(key: string, body: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  read(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
}

/** Files on the local disk under `root` (DATA_DIR/files). Writes are atomic: a reader sees the old file or the new one. */
export function localFileStore(root: string): FileStore {
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split("/"));
  return {
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${crypto.randomBytes(4).toString("hex")}.partial`;
      await fs.writeFile(partial, body, { mode: 0o600 });
      await fs.rename(partial, file);
    },
    async read(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

/** The shop's file store as configured: the S3 bucket when S3_BUCKET is set, else DATA_DIR/files. */
export function fileStoreFor(config: { dataDir: string; s3?: S3FileStoreOptions | undefined }): FileStore {
  return config.s3 ? s3FileStore(config.s3) : localFileStore(path.join(config.dataDir, "files"));
}
