import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Summary } from "./archive.ts";

// A consistent copy of a running PostgreSQL cluster without pg_basebackup (the embedded
// PostgreSQL ships only initdb, pg_ctl and postgres): PostgreSQL's low-level base backup, as its
// manual describes it. pg_backup_start forces a checkpoint; the files are copied while the server
// runs (pages torn by concurrent writes are repaired by the full-page images in the WAL);
// pg_backup_stop returns the backup_label that makes the copy start by replaying the WAL from that
// checkpoint, and the WAL from start to stop is copied in. A temporary replication slot keeps the
// server from recycling that WAL meanwhile. See docs/decisions/014-backup-and-restore.md.

// Emptied (but kept) folders, and files left out, as pg_basebackup does.
const EMPTIED = new Set([
  "pg_wal",
  "pg_dynshmem",
  "pg_notify",
  "pg_replslot",
  "pg_serial",
  "pg_snapshots",
  "pg_stat_tmp",
  "pg_subtrans",
]);
const LEFT_OUT = new Set([
  "postmaster.pid",
  "postmaster.opts",
  "pg_internal.init",
  "backup_label",
  "tablespace_map",
  "current_logfiles",
  "server.log", // the embedded server's log (embedded-postgres.ts), not data
]);

export interface ClusterCopy {
  postgresMajor: number;
  summary: Summary;
  walSegments: number;
}

/** Copies the cluster at `pgData`, served by `connection` (a superuser), into the new folder `target`. */
export async function copyRunningCluster(
  connection: pg.ClientConfig,
  pgData: string,
  target: string,
): Promise<ClusterCopy> {
  const client = new pg.Client(connection);
  await client.connect();
  try {
    const major = Number((await client.query("SHOW server_version_num")).rows[0].server_version_num) / 10000;
    // Held by this session only: dropped when it ends, even if this process dies.
    await client.query("SELECT pg_create_physical_replication_slot($1, true, true)", [`shop_backup_${process.pid}`]);
    await client.query("SELECT pg_backup_start($1, true)", [`shop backup ${new Date().toISOString()}`]);
    const summary = await summarise(client);

    fs.mkdirSync(target, { mode: 0o700 });
    copyTree(pgData, target, "");

    const stopped = await client.query(
      "SELECT lsn, labelfile, spcmapfile, pg_walfile_name(lsn) AS stop_file FROM pg_backup_stop(false)",
    );
    const { labelfile, spcmapfile, stop_file: stopFile } = stopped.rows[0];
    fs.writeFileSync(path.join(target, "backup_label"), labelfile, { mode: 0o600 });
    if (spcmapfile) fs.writeFileSync(path.join(target, "tablespace_map"), spcmapfile, { mode: 0o600 });
    const segmentBytes = Number(
      (await client.query("SELECT setting FROM pg_settings WHERE name = 'wal_segment_size'")).rows[0].setting,
    );
    const walSegments = copyWal(pgData, target, startFile(labelfile), stopFile, segmentBytes);
    return { postgresMajor: Math.floor(major), summary, walSegments };
  } finally {
    await client.end();
  }
}

async function summarise(client: pg.Client): Promise<Summary> {
  const { rows } = await client.query(`SELECT
    (SELECT count(*) FROM orders)::int AS orders,
    (SELECT count(*) FROM "user")::int AS accounts,
    (SELECT count(*) FROM products)::int AS products`);
  return rows[0];
}

function copyTree(source: string, target: string, relative: string) {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(path.join(source, relative), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return; // dropped while we copied
    throw error;
  }
  for (const entry of entries) {
    const name = path.join(relative, entry.name);
    if (LEFT_OUT.has(entry.name) || entry.name.startsWith("pgsql_tmp")) continue;
    if (entry.isDirectory()) {
      fs.mkdirSync(path.join(target, name), { mode: 0o700 });
      // pg_wal keeps its sub-folders (archive_status, summaries), empty; the others are left empty.
      if (relative === "" && entry.name === "pg_wal") copySubfolders(source, target, name);
      else if (!(relative === "" && EMPTIED.has(entry.name))) copyTree(source, target, name);
    } else if (entry.isFile()) {
      try {
        fs.copyFileSync(path.join(source, name), path.join(target, name));
        fs.chmodSync(path.join(target, name), 0o600);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    } else {
      throw new Error(
        `The database folder holds ${name}, which is neither a file nor a folder (a tablespace?): not supported`,
      );
    }
  }
}

function copySubfolders(source: string, target: string, relative: string) {
  for (const entry of fs.readdirSync(path.join(source, relative), { withFileTypes: true })) {
    if (entry.isDirectory()) fs.mkdirSync(path.join(target, relative, entry.name), { mode: 0o700 });
  }
}

/** The backup's first WAL file, from its label: "START WAL LOCATION: 0/2000028 (file 000000010000000000000002)". */
function startFile(labelfile: string): string {
  const file = /^START WAL LOCATION: .* \(file ([0-9A-F]{24})\)$/m.exec(labelfile)?.[1];
  if (!file) throw new Error(`The backup label names no WAL file:\n${labelfile}`);
  return file;
}

function segmentNumber(file: string, segmentBytes: number): bigint {
  const perLogId = 0x1_0000_0000n / BigInt(segmentBytes);
  return BigInt(`0x${file.slice(8, 16)}`) * perLogId + BigInt(`0x${file.slice(16, 24)}`);
}

/** Copies the WAL files from `first` to `last` (and any timeline history) into the copy; all must be there. */
function copyWal(pgData: string, target: string, first: string, last: string, segmentBytes: number): number {
  const wal = path.join(pgData, "pg_wal");
  const timeline = first.slice(0, 8);
  const names = fs.readdirSync(wal);
  const wanted = names.filter(
    (name) => /^[0-9A-F]{24}$/.test(name) && name.startsWith(timeline) && name >= first && name <= last,
  );
  const expected = Number(segmentNumber(last, segmentBytes) - segmentNumber(first, segmentBytes)) + 1;
  if (wanted.length !== expected) {
    throw new Error(`The WAL of the backup (${first} to ${last}) is incomplete: ${wanted.length} of ${expected} files`);
  }
  for (const name of [...wanted, ...names.filter((name) => name.endsWith(".history"))]) {
    fs.copyFileSync(path.join(wal, name), path.join(target, "pg_wal", name));
    fs.chmodSync(path.join(target, "pg_wal", name), 0o600);
  }
  return wanted.length;
}
