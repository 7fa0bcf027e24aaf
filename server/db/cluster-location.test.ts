import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  abandonedClusters,
  copyOfBinaries,
  findCluster,
  placeCluster,
  SharedClusterError,
} from "./cluster-location.ts";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "shop-cluster-")));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A DATA_DIR (as the lock makes it) and a directory for clusters the postgres user could not reach. */
function setUp() {
  const home = tempDir();
  const dataDir = path.join(home, "data");
  fs.mkdirSync(dataDir);
  return { home, dataDir, clustersDir: path.join(tempDir(), "clusters") };
}

describe("placeCluster", () => {
  it("keeps the cluster and its socket in DATA_DIR when PostgreSQL's user can enter it", () => {
    const { dataDir, clustersDir } = setUp();
    const placed = placeCluster(dataDir, { dataDirReachable: true, clustersDir });
    expect(placed).toEqual({
      pgData: path.join(dataDir, "postgres"),
      socketDir: path.join(dataDir, "run"),
      external: false,
    });
    expect(fs.existsSync(clustersDir)).toBe(false);
  });

  it("puts a new cluster out of DATA_DIR when PostgreSQL's user cannot enter it, linked from DATA_DIR/postgres", () => {
    const { dataDir, clustersDir } = setUp();
    const placed = placeCluster(dataDir, { dataDirReachable: false, clustersDir });
    expect(placed.external).toBe(true);
    expect(path.dirname(path.dirname(placed.pgData))).toBe(clustersDir);
    expect(placed.socketDir).toBe(path.join(path.dirname(placed.pgData), "run"));
    expect(fs.readlinkSync(path.join(dataDir, "postgres"))).toBe(placed.pgData);
    // The next start, and a script reaching the running shop, find the same place.
    expect(placeCluster(dataDir, { dataDirReachable: false, clustersDir })).toEqual(placed);
    expect(findCluster(dataDir, clustersDir)).toEqual(placed);
  });

  it("keeps using an outside cluster even once DATA_DIR becomes reachable", () => {
    const { dataDir, clustersDir } = setUp();
    const placed = placeCluster(dataDir, { dataDirReachable: false, clustersDir });
    expect(placeCluster(dataDir, { dataDirReachable: true, clustersDir })).toEqual(placed);
  });

  it("gives two data directories two clusters", () => {
    const { home, dataDir, clustersDir } = setUp();
    const other = path.join(home, "other-data");
    fs.mkdirSync(other);
    const first = placeCluster(dataDir, { dataDirReachable: false, clustersDir });
    const second = placeCluster(other, { dataDirReachable: false, clustersDir });
    expect(second.pgData).not.toBe(first.pgData);
    expect(second.socketDir).not.toBe(first.socketDir);
  });

  it("starts over with a new cluster when DATA_DIR was deleted, and reports the old one as abandoned", () => {
    const { dataDir, clustersDir } = setUp();
    const before = placeCluster(dataDir, { dataDirReachable: false, clustersDir });
    expect(abandonedClusters(clustersDir)).toEqual([]);
    fs.rmSync(dataDir, { recursive: true });
    fs.mkdirSync(dataDir);
    const after = placeCluster(dataDir, { dataDirReachable: false, clustersDir });
    expect(after.pgData).not.toBe(before.pgData);
    expect(abandonedClusters(clustersDir)).toEqual([{ clusterDir: path.dirname(before.pgData), dataDir }]);
  });

  it("refuses a copy of DATA_DIR that links to the original's cluster, and lets a moved one keep it", () => {
    const { home, dataDir, clustersDir } = setUp();
    const placed = placeCluster(dataDir, { dataDirReachable: false, clustersDir });
    const copy = path.join(home, "copy");
    fs.cpSync(dataDir, copy, { recursive: true, verbatimSymlinks: true });
    expect(() => placeCluster(copy, { dataDirReachable: false, clustersDir })).toThrow(SharedClusterError);
    expect(() => placeCluster(copy, { dataDirReachable: false, clustersDir })).toThrow(
      `The data directory ${copy} is a copy of ${dataDir}`,
    );
    // The original still starts; once it is gone (the copy was really a move), the copy takes the cluster over.
    expect(placeCluster(dataDir, { dataDirReachable: false, clustersDir })).toEqual(placed);
    fs.rmSync(dataDir, { recursive: true });
    expect(placeCluster(copy, { dataDirReachable: false, clustersDir }).pgData).toBe(placed.pgData);
    expect(abandonedClusters(clustersDir)).toEqual([]);
  });

  it("refuses an existing cluster in DATA_DIR that PostgreSQL's user can no longer enter", () => {
    const { dataDir, clustersDir } = setUp();
    fs.mkdirSync(path.join(dataDir, "postgres"));
    expect(() => placeCluster(dataDir, { dataDirReachable: false, clustersDir })).toThrow(
      `The embedded PostgreSQL runs as the "postgres" user, which cannot enter ${dataDir}`,
    );
  });

  it("leaves a link to a cluster kept elsewhere by hand alone", () => {
    const { dataDir, clustersDir } = setUp();
    const elsewhere = tempDir();
    fs.symlinkSync(elsewhere, path.join(dataDir, "postgres"));
    expect(placeCluster(dataDir, { dataDirReachable: true, clustersDir })).toEqual({
      pgData: path.join(dataDir, "postgres"),
      socketDir: path.join(dataDir, "run"),
      external: false,
    });
  });

  it("puts the socket of a DATA_DIR with a long path in the temporary directory", () => {
    const { home, clustersDir } = setUp();
    const deep = path.join(home, "a".repeat(60), "b".repeat(40));
    fs.mkdirSync(deep, { recursive: true });
    const placed = placeCluster(deep, { dataDirReachable: true, clustersDir });
    expect(path.dirname(placed.socketDir)).toBe(os.tmpdir());
  });
});

describe("copyOfBinaries", () => {
  it("copies an installation once, with its relative links, and reuses the copy", () => {
    const native = tempDir();
    fs.mkdirSync(path.join(native, "bin"));
    fs.mkdirSync(path.join(native, "lib"));
    fs.writeFileSync(path.join(native, "bin", "pg_ctl"), "#!/bin/sh\n", { mode: 0o755 });
    fs.writeFileSync(path.join(native, "lib", "libpq.so.5.18"), "library");
    fs.symlinkSync("libpq.so.5.18", path.join(native, "lib", "libpq.so.5"));
    const clustersDir = path.join(tempDir(), "clusters");

    const copy = copyOfBinaries(native, "18.4.0", clustersDir);
    expect(copy).toBe(path.join(clustersDir, "postgresql-18.4.0"));
    expect(fs.statSync(path.join(copy, "bin", "pg_ctl")).mode & 0o777).toBe(0o755);
    expect(fs.readlinkSync(path.join(copy, "lib", "libpq.so.5"))).toBe("libpq.so.5.18");
    expect(fs.readdirSync(clustersDir)).toEqual(["postgresql-18.4.0"]);

    fs.writeFileSync(path.join(copy, "bin", "marker"), "kept");
    expect(copyOfBinaries(native, "18.4.0", clustersDir)).toBe(copy);
    expect(fs.existsSync(path.join(copy, "bin", "marker"))).toBe(true);
    // Not a cluster: never reported as an abandoned one.
    expect(abandonedClusters(clustersDir)).toEqual([]);
  });
});
