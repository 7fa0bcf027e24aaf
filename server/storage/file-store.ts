import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * Where the shop keeps files it is given (avatars now; product files later). Keys are
 * slash-separated names like `avatars/u1-3f9a.webp`; nothing outside the store is reachable.
 */
export interface FileStore {
  put(key: string, body: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  read(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9._-]*)+$/i;

function checkKey(key: string) {
  if (!KEY.test(key) || key.includes("..")) throw new Error(`Not a file store key: ${key}`);
  return key;
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

/** The shop's file store as configured: DATA_DIR/files. */
export function fileStoreFor(config: { dataDir: string }): FileStore {
  return localFileStore(path.join(config.dataDir, "files"));
}
