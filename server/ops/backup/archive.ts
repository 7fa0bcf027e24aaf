import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

// A backup is one gzipped tar (made and read by the system's `tar`, GNU or BSD) holding:
//   manifest.json   what it is, when, what it holds, and the SHA-256 of every other file in it
//   postgres/       the embedded database: a physical copy of the cluster (backup_label + its WAL)
//   database.dump   or a database of DATABASE_URL: pg_dump's custom format
//   files/          DATA_DIR/files (absent when the files live in an S3 bucket)

export const FORMAT = "marketplace-backup";
export const FORMAT_VERSION = 1;

export type DatabasePart =
  | { kind: "embedded-cluster"; postgresMajor: number }
  | { kind: "pg_dump"; serverVersion: string; pgDumpMajor: number };

export interface Manifest {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  createdAt: string;
  database: DatabasePart;
  /** included: DATA_DIR/files is in files/; else why not (the S3 bucket). */
  files: { included: true; count: number; bytes: number } | { included: false; reason: string };
  /** What the database held when it was copied, for the person who restores it. */
  summary: Summary;
  /** Path inside the archive (with /) to its SHA-256, for every file but the manifest. */
  checksums: Record<string, string>;
}

export interface Summary {
  orders: number;
  accounts: number;
  products: number;
}

export class ArchiveError extends Error {
  override name = "ArchiveError";
}

async function sha256(file: string): Promise<string> {
  const hash = crypto.createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk);
  return hash.digest("hex");
}

/** Every regular file that `top` (a file or a folder in `root`) is or holds, as archive paths (`files/avatars/x.webp`). */
export function filesUnder(root: string, top: string): string[] {
  const found: string[] = [];
  const visit = (relative: string, entry: fs.Stats | fs.Dirent) => {
    if (entry.isDirectory()) {
      for (const child of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
        visit(`${relative}/${child.name}`, child);
      }
    } else if (entry.isFile()) found.push(relative);
    else throw new ArchiveError(`${relative} is neither a file nor a folder`);
  };
  const stats = fs.lstatSync(path.join(root, top), { throwIfNoEntry: false });
  if (stats) visit(top, stats);
  return found.sort();
}

export async function checksumsOf(root: string, archivePaths: string[]): Promise<Record<string, string>> {
  const checksums: Record<string, string> = {};
  for (const archivePath of archivePaths) checksums[archivePath] = await sha256(path.join(root, archivePath));
  return checksums;
}

/** Writes the manifest into `staging`, then the gzipped tar of `staging` to `output` (via a partial file). */
export async function writeArchive(staging: string, manifest: Manifest, output: string): Promise<void> {
  fs.writeFileSync(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 1)}\n`);
  const members = ["manifest.json", ...fs.readdirSync(staging).filter((name) => name !== "manifest.json")];
  const partial = `${output}.partial`;
  try {
    await run("tar", ["-czf", partial, "-C", staging, ...members], { maxBuffer: 16 * 1024 * 1024 });
    fs.renameSync(partial, output);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

const TOP_LEVEL = new Set(["manifest.json", "postgres", "database.dump", "files"]);

/**
 * Checks what the archive would write before anything is extracted: only files and folders, and
 * only under the names a backup has (no absolute path, no `..`, no link pointing elsewhere).
 */
export async function listArchive(archive: string): Promise<void> {
  let listing: string;
  try {
    listing = (await run("tar", ["-tvzf", archive], { maxBuffer: 512 * 1024 * 1024 })).stdout;
  } catch (error) {
    throw new ArchiveError(`${archive} is not a readable backup: ${(error as Error).message.split("\n")[0]}`);
  }
  const names = (await run("tar", ["-tzf", archive], { maxBuffer: 512 * 1024 * 1024 })).stdout.split("\n");
  for (const line of listing.split("\n").filter(Boolean)) {
    if (line[0] !== "-" && line[0] !== "d")
      throw new ArchiveError(`The backup holds something other than files: ${line}`);
  }
  for (const name of names.filter(Boolean)) {
    const parts = name.replace(/^\.\//, "").split("/").filter(Boolean);
    if (name.startsWith("/") || parts.includes("..") || (parts[0] && !TOP_LEVEL.has(parts[0]))) {
      throw new ArchiveError(`The backup holds an unexpected path: ${name}`);
    }
  }
}

/** Extracts `members` of the archive (all when none are given) into `dir`. */
export async function extractArchive(archive: string, dir: string, members: string[] = []): Promise<void> {
  await run("tar", ["-xzf", archive, "-C", dir, ...members], { maxBuffer: 16 * 1024 * 1024 });
}

export function readManifest(dir: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
  } catch {
    throw new ArchiveError("This is not a backup of the shop: it has no readable manifest.json.");
  }
  if (manifest.format !== FORMAT) throw new ArchiveError("This is not a backup of the shop (unknown manifest).");
  if (manifest.version !== FORMAT_VERSION) {
    throw new ArchiveError(
      `This backup has format version ${manifest.version}; this shop reads version ${FORMAT_VERSION}.`,
    );
  }
  return manifest;
}

/**
 * Every file extracted under `dir` for these top-level parts is the one the backup listed, byte
 * for byte, and none is missing or added.
 */
export async function verifyChecksums(dir: string, manifest: Manifest, parts: string[]): Promise<void> {
  const expected = Object.keys(manifest.checksums).filter((name) => parts.includes(name.split("/")[0]!));
  const present = new Set(parts.flatMap((part) => filesUnder(dir, part)));
  for (const name of expected) {
    if (!present.has(name)) throw new ArchiveError(`The backup is incomplete: ${name} is missing.`);
    if ((await sha256(path.join(dir, name))) !== manifest.checksums[name]) {
      throw new ArchiveError(`The backup is damaged: ${name} does not have the bytes it was saved with.`);
    }
    present.delete(name);
  }
  if (present.size > 0) throw new ArchiveError(`The backup holds files it does not list: ${[...present][0]}`);
}
