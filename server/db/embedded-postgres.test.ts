import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { runningShopConnection, startEmbeddedPostgres } from "./embedded-postgres.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function query(connection: pg.ClientConfig, text: string) {
  const client = new pg.Client(connection);
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

// As root, PostgreSQL runs as the postgres user. A home directory of mode 700 (like /root) keeps that
// user out of a DATA_DIR inside it; the quick start must work there all the same.
describe.skipIf(process.getuid?.() !== 0)("the embedded PostgreSQL started by root", () => {
  it("runs on a DATA_DIR the postgres user cannot enter, keeps its data across restarts, and a script finds it", async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "shop-root-home-")); // mode 700, like /root
    const clustersDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "shop-clusters-")), "clusters");
    dirs.push(home, path.dirname(clustersDir));
    fs.chmodSync(path.dirname(clustersDir), 0o755);
    const dataDir = path.join(home, "shop", "data");

    const first = await startEmbeddedPostgres({ dataDir, clustersDir });
    try {
      await query(first.connection, "CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')");
      // What npm run make-admin does while the shop runs.
      expect(runningShopConnection(dataDir, "shop", clustersDir)).toEqual(first.connection);
    } finally {
      await first.stop();
    }
    const link = fs.readlinkSync(path.join(dataDir, "postgres"));
    expect(path.dirname(path.dirname(link))).toBe(clustersDir);

    const second = await startEmbeddedPostgres({ dataDir, clustersDir });
    try {
      expect(await query(second.connection, "SELECT note FROM kept")).toEqual([{ note: "still here" }]);
    } finally {
      await second.stop();
    }

    // Deleting DATA_DIR starts over: a new, empty database.
    fs.rmSync(dataDir, { recursive: true });
    const fresh = await startEmbeddedPostgres({ dataDir, clustersDir });
    try {
      expect(await query(fresh.connection, "SELECT to_regclass('kept') AS kept")).toEqual([{ kept: null }]);
    } finally {
      await fresh.stop();
    }
  });
});
