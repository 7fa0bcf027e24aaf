import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { checkKey } from "./file-key.ts";
import { FileStoreUnavailable } from "./file-store-unavailable.ts";
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

// What a disk says when it cannot take or give a file, as opposed to a fault of the shop's.
const DISK_FAILING = new Set(["ENOSPC", "EDQUOT", "EROFS", "EIO", "EMFILE", "ENFILE"]);

function diskFailure(error: unknown, what: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  return code && DISK_FAILING.has(code)
    ? new FileStoreUnavailable(`The disk refused to ${what} (${code})`, { cause: error })
    : error;
}

/** Files on the local disk under `root` (DATA_DIR/files). Writes are atomic: a reader sees the old file or the new one. */
export function localFileStore(root: string): FileStore {
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split("/"));
  return {
    async put(key, body) {
      const file = fileOf(key);
      const partial = `${file}.${crypto.randomBytes(4).toString("hex")}.partial`;
      try {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(partial, body, { mode: 0o600 });
        await fs.rename(partial, file);
      } catch (error) {
        // A full disk leaves nothing half-written behind.
        await fs.rm(partial, { force: true }).catch(() => {});
        throw diskFailure(error, `write ${key}`);
      }
    },
    async read(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw diskFailure(error, `read ${key}`);
      }
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

/**
 * Runs `work`, which stores files through `put` as it writes the rows that refer to them: if it
 * fails (a refusal, the database away, a conflict), the files it stored are removed again, so the
 * store keeps nothing no row refers to and no row points at a file that is not there.
 */
export async function storingFiles<T>(
  files: FileStore,
  work: (put: (key: string, body: Uint8Array) => Promise<void>) => Promise<T>,
): Promise<T> {
  const stored: string[] = [];
  try {
    return await work(async (key, body) => {
      await files.put(key, body);
      stored.push(key);
    });
  } catch (error) {
    await Promise.all(stored.map((key) => files.remove(key).catch(() => {})));
    throw error;
  }
}

/** The shop's file store as configured: the S3 bucket when S3_BUCKET is set, else DATA_DIR/files. */
export function fileStoreFor(config: { dataDir: string; s3?: S3FileStoreOptions | undefined }): FileStore {
  return config.s3 ? s3FileStore(config.s3) : localFileStore(path.join(config.dataDir, "files"));
}
