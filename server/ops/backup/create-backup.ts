import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import type { Config } from "../../config/env.ts";
import { findCluster } from "../../db/cluster-location.ts";
import { DataDirInUseError, dataDirOwner, lockDataDir } from "../../db/data-dir-lock.ts";
import { runningShopConnection, startEmbeddedPostgres } from "../../db/embedded-postgres.ts";
import {
  checksumsOf,
  type DatabasePart,
  FORMAT,
  FORMAT_VERSION,
  filesUnder,
  type Manifest,
  type Summary,
  writeArchive,
} from "./archive.ts";
import { copyRunningCluster } from "./cluster-copy.ts";
import { copyFileStore } from "./file-store-copy.ts";
import { pgClientToolsFor } from "./pg-client-tools.ts";

const run = promisify(execFile);

export interface BackupOptions {
  config: Pick<Config, "dataDir" | "databaseUrl" | "s3">;
  /** The archive to write (a .tar.gz); it must not exist yet. */
  output: string;
  /** PG_BIN: the folder of pg_dump for a DATABASE_URL server. */
  pgBin?: string | undefined;
  log?: (message: string) => void;
}

export const S3_FILES_NOTE =
  "The files live in the S3 bucket (S3_BUCKET), which this backup does not copy: give the bucket its own versioning or backup.";

/** Writes a backup of the shop's database and file store to `output`; answers what it holds. */
export async function createBackup({ config, output, pgBin, log = () => {} }: BackupOptions): Promise<Manifest> {
  if (fs.existsSync(output)) throw new Error(`${output} already exists: choose another name.`);
  fs.mkdirSync(path.dirname(output), { recursive: true });
  // In DATA_DIR when it exists, so that the file store's files can be hard links (see file-store-copy.ts).
  const stagingParent = fs.existsSync(config.dataDir) ? config.dataDir : path.dirname(output);
  const staging = fs.mkdtempSync(path.join(stagingParent, ".backup-"));
  try {
    const { database, summary } = config.databaseUrl
      ? await dumpDatabase(config.databaseUrl, path.join(staging, "database.dump"), pgBin, log)
      : await copyEmbeddedDatabase(config.dataDir, path.join(staging, "postgres"), log);

    let files: Manifest["files"];
    if (config.s3) {
      files = { included: false, reason: S3_FILES_NOTE };
      log(S3_FILES_NOTE);
    } else {
      files = { included: true, ...copyFileStore(path.join(config.dataDir, "files"), path.join(staging, "files")) };
      log(`Copied the file store: ${files.count} files`);
    }

    const members = ["postgres", "database.dump", "files"].flatMap((top) => filesUnder(staging, top));
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database,
      files,
      summary,
      checksums: await checksumsOf(staging, members),
    };
    await writeArchive(staging, manifest, output);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** The embedded database: through the running shop's socket, or a server of our own while the shop is stopped. */
async function copyEmbeddedDatabase(dataDir: string, target: string, log: (message: string) => void) {
  const pgData = findCluster(dataDir).pgData;
  if (!fs.existsSync(path.join(pgData, "PG_VERSION"))) {
    throw new Error(`There is no shop database in ${dataDir} to back up (set DATA_DIR, or DATABASE_URL).`);
  }
  const copy = async (connection: pg.ClientConfig) => {
    const copied = await copyRunningCluster(connection, fs.realpathSync(pgData), target);
    log(`Copied the embedded PostgreSQL ${copied.postgresMajor} database and ${copied.walSegments} WAL files`);
    const database: DatabasePart = { kind: "embedded-cluster", postgresMajor: copied.postgresMajor };
    return { database, summary: copied.summary };
  };
  if (dataDirOwner(dataDir) !== null) {
    log("The shop is running: copying its database while it serves");
    return copy(runningShopConnection(dataDir));
  }
  let lock: ReturnType<typeof lockDataDir>;
  try {
    // Held until the copy is done: the shop cannot start on this DATA_DIR meanwhile.
    lock = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    return copy(runningShopConnection(dataDir)); // it started just now
  }
  try {
    const server = await startEmbeddedPostgres({ dataDir, log });
    try {
      return await copy(server.connection);
    } finally {
      await server.stop();
    }
  } finally {
    lock.release();
  }
}

/** A DATABASE_URL server: pg_dump's custom format, by a pg_dump at least as new as the server. */
async function dumpDatabase(databaseUrl: string, target: string, pgBin: string | undefined, log: (m: string) => void) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let serverVersion: string;
  let serverMajor: number;
  let summary: Summary;
  try {
    serverVersion = (await client.query("SHOW server_version")).rows[0].server_version;
    serverMajor = Math.floor(
      Number((await client.query("SHOW server_version_num")).rows[0].server_version_num) / 10000,
    );
    summary = (
      await client.query(`SELECT
        (SELECT count(*) FROM orders)::int AS orders,
        (SELECT count(*) FROM "user")::int AS accounts,
        (SELECT count(*) FROM products)::int AS products`)
    ).rows[0];
  } finally {
    await client.end();
  }
  const tools = await pgClientToolsFor(serverMajor, pgBin);
  const { url, env } = withoutPassword(databaseUrl);
  await run(
    path.join(tools.binDir, "pg_dump"),
    ["--format=custom", "--no-password", `--file=${target}`, `--dbname=${url}`],
    {
      env,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  log(`Dumped the database (PostgreSQL ${serverVersion}) with pg_dump ${tools.major} from ${tools.binDir}`);
  const database: DatabasePart = { kind: "pg_dump", serverVersion, pgDumpMajor: tools.major };
  return { database, summary };
}

/** The URL without its password, which goes in PGPASSWORD instead: a command line is visible to `ps`. */
export function withoutPassword(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { url: url.href, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}
