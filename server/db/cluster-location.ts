import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Where the embedded PostgreSQL of a DATA_DIR keeps its cluster and its socket.
//
// Normally both live in DATA_DIR (`postgres/` and `run/`). PostgreSQL refuses to run as root, so
// as root it runs as the `postgres` user; when that user cannot enter DATA_DIR (a clone in /root,
// mode 700), the cluster lives in CLUSTERS_DIR/<id>/ instead and DATA_DIR/postgres is a symlink
// to it. The link is what ties the cluster to DATA_DIR: deleting DATA_DIR drops the link, and the
// next start makes a new cluster with a new id. The PostgreSQL binaries, when the shop itself is
// where that user cannot enter, are run from a copy there too (copyOfBinaries).
// See docs/decisions/015-embedded-postgres-as-root.md.

/** Clusters of DATA_DIRs, and copies of the binaries, that the postgres user could not reach where they were. */
export const CLUSTERS_DIR = "/var/lib/marketplace-postgres";
/** In a cluster's directory: the real path of the DATA_DIR it belongs to. */
const OWNER_FILE = "data-dir";
const SOCKET_FILE = ".s.PGSQL.5432";

export interface ClusterLocation {
  /** The cluster (PostgreSQL's data directory), as PostgreSQL is given it. */
  pgData: string;
  /** Where PostgreSQL puts its Unix socket. */
  socketDir: string;
  /** True when the cluster lives in CLUSTERS_DIR, linked from DATA_DIR/postgres. */
  external: boolean;
}

export class SharedClusterError extends Error {
  override name = "SharedClusterError";
}

// Unix socket paths are limited to about 107 bytes.
function socketDirFor(dataDir: string): string {
  const preferred = path.join(dataDir, "run");
  if (path.join(preferred, SOCKET_FILE).length < 100) return preferred;
  const hash = Buffer.from(dataDir).toString("base64url").slice(-24);
  return path.join(os.tmpdir(), `shop-pg-${hash}`);
}

/** The target of DATA_DIR/postgres when it is a link to a cluster of ours in `clustersDir`. */
function externalTarget(dataDir: string, clustersDir: string): string | undefined {
  const link = path.join(dataDir, "postgres");
  let target: string;
  try {
    target = path.resolve(dataDir, fs.readlinkSync(link));
  } catch {
    return undefined; // missing, or a real directory
  }
  // Another link (a cluster someone keeps on another disk) is followed by PostgreSQL as before.
  const ours = path.dirname(path.dirname(target)) === path.resolve(clustersDir) && path.basename(target) === "pgdata";
  return ours ? target : undefined;
}

/** Where the cluster of `dataDir` is, creating nothing: how another process finds a running shop's socket. */
export function findCluster(dataDir: string, clustersDir = CLUSTERS_DIR): ClusterLocation {
  const target = externalTarget(dataDir, clustersDir);
  if (target) return { pgData: target, socketDir: path.join(path.dirname(target), "run"), external: true };
  return { pgData: path.join(dataDir, "postgres"), socketDir: socketDirFor(dataDir), external: false };
}

export interface PlaceOptions {
  /** Whether the user PostgreSQL runs as can enter DATA_DIR (always true when it runs as the shop's own user). */
  dataDirReachable: boolean;
  clustersDir?: string;
}

/**
 * Where to start the cluster of `dataDir`: the one it already has, or for a new one DATA_DIR/postgres
 * if PostgreSQL's user can reach it, else a new directory in `clustersDir` linked from there. Refuses a
 * DATA_DIR copied from another, whose link names the other's cluster: two shops never share one.
 */
export function placeCluster(dataDir: string, { dataDirReachable, clustersDir = CLUSTERS_DIR }: PlaceOptions) {
  const found = findCluster(dataDir, clustersDir);
  const link = path.join(dataDir, "postgres");
  if (found.external) {
    claimCluster(dataDir, path.dirname(found.pgData), clustersDir);
    return found;
  }
  const exists = fs.existsSync(link);
  if (exists && !dataDirReachable) {
    throw new Error(
      `The embedded PostgreSQL runs as the "postgres" user, which cannot enter ${dataDir}, where its cluster is (${link}). ` +
        "Let that user enter the directories above it, or move DATA_DIR somewhere it can.",
    );
  }
  if (exists || dataDirReachable) return found;

  const clusterDir = path.join(clustersDir, crypto.randomBytes(8).toString("hex"));
  fs.mkdirSync(clustersDir, { recursive: true, mode: 0o755 });
  fs.mkdirSync(clusterDir, { mode: 0o755 });
  fs.writeFileSync(path.join(clusterDir, OWNER_FILE), `${fs.realpathSync(dataDir)}\n`);
  fs.symlinkSync(path.join(clusterDir, "pgdata"), link);
  return findCluster(dataDir, clustersDir);
}

/** Records `dataDir` as the owner of the cluster in `clusterDir`, unless another DATA_DIR still links to it. */
function claimCluster(dataDir: string, clusterDir: string, clustersDir: string) {
  const self = fs.realpathSync(dataDir);
  const ownerFile = path.join(clusterDir, OWNER_FILE);
  const owner = readOwner(clusterDir);
  if (owner === self) return;
  if (owner !== undefined && stillLinked(owner, clusterDir, clustersDir)) {
    throw new SharedClusterError(
      `The data directory ${dataDir} is a copy of ${owner}: both link to the database in ${clusterDir}, ` +
        `and two shops cannot share one. Remove ${path.join(dataDir, "postgres")} to start this copy with a new, empty database.`,
    );
  }
  // The DATA_DIR was moved (or the cluster's directory removed, and a new cluster is made in its place).
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o755 });
  fs.writeFileSync(ownerFile, `${self}\n`);
}

function readOwner(clusterDir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(clusterDir, OWNER_FILE), "utf8").trim();
  } catch {
    return undefined;
  }
}

function stillLinked(dataDir: string, clusterDir: string, clustersDir: string): boolean {
  const target = externalTarget(dataDir, clustersDir);
  return target !== undefined && path.dirname(target) === clusterDir;
}

/**
 * Clusters in `clustersDir` that the DATA_DIR they were made for no longer links to: left behind when
 * that folder was deleted (or moved and not started since). Never removed here: only reported.
 */
export function abandonedClusters(clustersDir = CLUSTERS_DIR): { clusterDir: string; dataDir: string }[] {
  let names: string[];
  try {
    names = fs.readdirSync(clustersDir);
  } catch {
    return [];
  }
  const abandoned: { clusterDir: string; dataDir: string }[] = [];
  for (const name of names) {
    const clusterDir = path.join(clustersDir, name);
    const owner = readOwner(clusterDir);
    if (owner !== undefined && !stillLinked(owner, clusterDir, clustersDir)) {
      abandoned.push({ clusterDir, dataDir: owner });
    }
  }
  return abandoned;
}

/**
 * A copy of the PostgreSQL installation in `nativeDir` (bin, lib, share: it finds its libraries and
 * files relative to its binaries) in `clustersDir`, made once per version; returns its directory.
 */
export function copyOfBinaries(nativeDir: string, version: string, clustersDir = CLUSTERS_DIR): string {
  const copy = path.join(clustersDir, `postgresql-${version}`);
  if (fs.existsSync(path.join(copy, "bin"))) return copy;
  fs.mkdirSync(clustersDir, { recursive: true, mode: 0o755 });
  // Copied aside, then renamed: a copy cut short is never taken for a whole one.
  const partial = fs.mkdtempSync(`${copy}.partial-`);
  try {
    fs.cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(partial, 0o755);
    fs.renameSync(partial, copy);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    // Another shop starting at the same moment made it first.
    if (!fs.existsSync(path.join(copy, "bin"))) throw error;
  }
  return copy;
}
