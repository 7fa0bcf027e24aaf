import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Config } from "../../config/env.ts";
import { findCluster } from "../../db/cluster-location.ts";
import { DataDirInUseError, dataDirOwner, isAlive, lockDataDir } from "../../db/data-dir-lock.ts";
import { startEmbeddedPostgres } from "../../db/embedded-postgres.ts";
import {
  ArchiveError,
  extractArchive,
  listArchive,
  type Manifest,
  readManifest,
  type Summary,
  verifyChecksums,
} from "./archive.ts";
import { S3_FILES_NOTE, withoutPassword } from "./create-backup.ts";
import { checkDump, otherSessions, restoreDump } from "./dump-restore.ts";
import { pgClientToolsFor } from "./pg-client-tools.ts";

/** A restore that must not go ahead: the shop is running, the backup does not fit, ... */
export class RestoreRefused extends Error {
  override name = "RestoreRefused";
}

export interface RestorePlan {
  manifest: Manifest;
  /** What the verified backup holds. */
  restored: Summary;
  /** What it replaces, for the question asked before anything is. */
  replaces: string[];
  notes: string[];
}

export interface RestoreOptions {
  config: Pick<Config, "dataDir" | "databaseUrl" | "s3">;
  archive: string;
  pgBin?: string | undefined;
  /** Asked once the backup is verified and before anything is replaced; false leaves everything as it is. */
  confirm: (plan: RestorePlan) => Promise<boolean>;
  log?: (message: string) => void;
}

export interface RestoreResult {
  restored: boolean;
  /** Where what was replaced now is (delete it once the restored shop is checked). */
  setAside: string[];
}

/**
 * Replaces the shop's database and file store with a backup's, refusing while the shop runs on
 * DATA_DIR (it holds the data directory lock, which this takes for the whole restore). The backup is
 * verified first (its files against their checksums, and the database by starting a copy of it or
 * by reading the whole dump), then `confirm` is asked; what is replaced is set aside, not deleted.
 */
export async function restoreBackup({
  config,
  archive,
  pgBin,
  confirm,
  log = () => {},
}: RestoreOptions): Promise<RestoreResult> {
  if (!fs.existsSync(archive)) throw new RestoreRefused(`There is no file ${archive}.`);
  await listArchive(archive);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const lock = lockShop(config.dataDir);
  const stagings: string[] = [];
  const staging = (parent: string) => {
    const dir = fs.mkdtempSync(path.join(parent, ".restore-"));
    fs.chmodSync(dir, 0o755); // the postgres user (as root) starts the verification copy in it
    stagings.push(dir);
    return dir;
  };
  try {
    const main = staging(config.dataDir);
    await extractArchive(archive, main, ["manifest.json"]);
    const manifest = readManifest(main);
    const notes: string[] = [];
    const filesIncluded = manifest.files.included && !config.s3;
    if (manifest.files.included && config.s3) {
      notes.push("S3_BUCKET is set: the backup's files are not restored (they are in its files/ folder).");
    }
    if (!manifest.files.included) notes.push(S3_FILES_NOTE);
    if (filesIncluded) {
      await extractArchive(archive, main, ["files"]);
      await verifyChecksums(main, manifest, ["files"]);
    }
    const filesTarget = path.join(config.dataDir, "files");
    const filesLine = filesIncluded ? [`the file store ${filesTarget}`] : [];

    if (manifest.database.kind === "embedded-cluster") {
      if (config.databaseUrl) {
        throw new RestoreRefused(
          "This backup holds the embedded database, and DATABASE_URL is set: unset it to restore into DATA_DIR.",
        );
      }
      const pgData = await clusterLocation(config.dataDir, log);
      const clusterStaging = staging(path.dirname(pgData));
      await extractArchive(archive, clusterStaging, ["postgres"]);
      await verifyChecksums(clusterStaging, manifest, ["postgres"]);
      log("The backup's files match their checksums; starting its database to check it");
      const restored = await startCopy(clusterStaging, pgData);
      const plan = { manifest, restored, replaces: [`the embedded database ${pgData}`, ...filesLine], notes };
      if (!(await confirm(plan))) return { restored: false, setAside: [] };
      const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "");
      const setAside = [moveAside(pgData, stamp)];
      fs.renameSync(path.join(clusterStaging, "postgres"), pgData);
      if (filesIncluded) setAside.push(...replaceFiles(main, filesTarget, stamp));
      return { restored: true, setAside: setAside.filter(Boolean) as string[] };
    }

    if (!config.databaseUrl) {
      throw new RestoreRefused(
        "This backup holds a pg_dump of a DATABASE_URL server: set DATABASE_URL to the database to restore it into.",
      );
    }
    await extractArchive(archive, main, ["database.dump"]);
    await verifyChecksums(main, manifest, ["database.dump"]);
    const tools = await pgClientToolsFor(manifest.database.pgDumpMajor, pgBin);
    const dump = path.join(main, "database.dump");
    await checkDump(tools, dump);
    log(`The backup's files match their checksums and pg_restore ${tools.major} read the whole dump`);
    const target = withoutPassword(config.databaseUrl).url;
    const plan = { manifest, restored: manifest.summary, replaces: [`the database ${target}`, ...filesLine], notes };
    const busy = await otherSessions(config.databaseUrl);
    if (busy > 0) {
      throw new RestoreRefused(
        `${busy} other connection${busy === 1 ? " is" : "s are"} open on ${target}: stop the shop's app servers first (a restore never replaces the data of a running shop).`,
      );
    }
    if (!(await confirm(plan))) return { restored: false, setAside: [] };
    await restoreDump(tools, dump, config.databaseUrl);
    const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "");
    return { restored: true, setAside: filesIncluded ? replaceFiles(main, filesTarget, stamp) : [] };
  } finally {
    for (const dir of stagings.reverse()) fs.rmSync(dir, { recursive: true, force: true });
    lock.release();
  }
}

function lockShop(dataDir: string) {
  const running = `The shop is running on ${dataDir}`;
  const advice = "Stop it first: a restore never replaces the data of a running shop.";
  const owner = dataDirOwner(dataDir);
  if (owner !== null) throw new RestoreRefused(`${running} (pid ${owner}). ${advice}`);
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new RestoreRefused(`${running}. ${advice}`);
    throw error;
  }
}

/** The real folder of DATA_DIR's cluster, made (as the shop's first start would) when there is none yet. */
async function clusterLocation(dataDir: string, log: (message: string) => void): Promise<string> {
  const found = findCluster(dataDir).pgData;
  if (!fs.existsSync(path.join(found, "PG_VERSION"))) {
    log("DATA_DIR has no database yet: creating one to restore into");
    const server = await startEmbeddedPostgres({ dataDir, log });
    await server.stop();
  }
  const pgData = fs.realpathSync(findCluster(dataDir).pgData);
  const postmaster = Number.parseInt(readFirstLine(path.join(pgData, "postmaster.pid")) ?? "", 10);
  if (Number.isInteger(postmaster) && isAlive(postmaster)) {
    throw new RestoreRefused(
      `A PostgreSQL server (pid ${postmaster}) still runs on ${pgData}, left by a shop that did not stop cleanly. ` +
        "Start the shop and stop it with Ctrl-C (or stop that process), then restore.",
    );
  }
  return pgData;
}

/** Starts the backup's cluster where it was extracted (recovering it from its WAL), reads what it holds, stops it. */
async function startCopy(stagingDir: string, livePgData: string): Promise<Summary> {
  const copy = path.join(stagingDir, "postgres");
  if (process.getuid?.() === 0) {
    // As root the server runs as the owner of the live cluster (the postgres user): the copy must be its.
    const { uid, gid } = fs.statSync(livePgData);
    chownTree(copy, uid, gid);
  }
  fs.chmodSync(copy, 0o700);
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  try {
    server = await startEmbeddedPostgres({ dataDir: stagingDir });
  } catch (error) {
    throw new ArchiveError(`The backup's database does not start: ${(error as Error).message}`);
  }
  try {
    const client = new pg.Client(server.connection);
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT
        (SELECT count(*) FROM orders)::int AS orders,
        (SELECT count(*) FROM "user")::int AS accounts,
        (SELECT count(*) FROM products)::int AS products`);
      return rows[0];
    } finally {
      await client.end();
    }
  } finally {
    await server.stop();
  }
}

function chownTree(dir: string, uid: number, gid: number) {
  fs.lchownSync(dir, uid, gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(child, uid, gid);
    else fs.lchownSync(child, uid, gid);
  }
}

/** Renames `target` to `<target>.before-restore-<stamp>`; answers the new name, or undefined when there was nothing. */
function moveAside(target: string, stamp: string): string | undefined {
  if (!fs.existsSync(target)) return undefined;
  const aside = `${target}.before-restore-${stamp}`;
  fs.renameSync(target, aside);
  return aside;
}

function replaceFiles(staging: string, target: string, stamp: string): string[] {
  const restored = path.join(staging, "files");
  // Run as root for a shop that runs as another user: the files stay that user's.
  const owner = fs.statSync(fs.existsSync(target) ? target : path.dirname(target));
  if (process.getuid?.() === 0) chownTree(restored, owner.uid, owner.gid);
  const aside = moveAside(target, stamp);
  fs.renameSync(restored, target);
  return aside ? [aside] : [];
}

function readFirstLine(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8").split("\n")[0];
  } catch {
    return undefined;
  }
}
