import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutServices, paidOrder, recordingJobs, seedProducts } from "../../../tests/support/orders.ts";
import { shopSnapshot } from "../../../tests/support/shop-snapshot.ts";
import type { Database } from "../../db/client.ts";
import { type OpenedDatabase, openDatabase } from "../../db/open.ts";
import { orders, productFiles } from "../../db/schema.ts";
import { ensureSampleProductFiles } from "../../demo/files/sample-files.ts";
import { localFileStore } from "../../storage/file-store.ts";
import { createBackup } from "./create-backup.ts";
import { RestoreRefused, restoreBackup } from "./restore-backup.ts";

// The embedded database of a DATA_DIR of its own (under the system's temp folder), as `./shop start`
// makes it: the sample catalogue, its files, paid orders. Backed up, changed, restored.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "shop-backup-test-"));
fs.chmodSync(work, 0o755); // as root, the postgres user must reach the cluster
const dataDir = path.join(work, "data");
const backups = path.join(work, "backups");
const config = { dataDir, databaseUrl: undefined, s3: undefined };
const files = localFileStore(path.join(dataDir, "files"));

let shop: OpenedDatabase | undefined;
async function startShop() {
  shop = await openDatabase(config);
  return shop;
}
async function stopShop() {
  await shop?.close();
  shop = undefined;
}

afterAll(async () => {
  await stopShop();
  fs.rmSync(work, { recursive: true, force: true });
});

const snapshot = (db: Database) => shopSnapshot(db, files);

let before: Awaited<ReturnType<typeof snapshot>>;
let archive: string;
beforeAll(async () => {
  const database = await startShop();
  const products = await seedProducts(database, 3);
  expect(await ensureSampleProductFiles(database.db, files)).toBeGreaterThan(0);
  const services = checkoutServices(database.db, recordingJobs());
  await paidOrder(services, [products[0]!.id, products[1]!.id]);
  await paidOrder(services, [products[2]!.id]);
  before = await snapshot(database.db);
  expect(Object.keys(before.downloads)).toHaveLength(3);
}, 120_000);

describe("npm run backup and npm run restore (embedded database)", () => {
  it("backs up while the shop runs, and restores the same orders and file bytes once it is stopped", async () => {
    // Through the script, as an operator would, while this process holds DATA_DIR as the shop does.
    archive = path.join(backups, "running.tar.gz");
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    for (const name of Object.keys(env)) if (name === "DATABASE_URL" || name.startsWith("S3_")) delete env[name];
    const backedUp = await run(process.execPath, [path.join(root, "scripts/backup.ts"), "--output", archive], { env });
    expect(backedUp.stdout).toContain("The shop is running: copying its database while it serves");
    expect(backedUp.stdout).toMatch(
      /Backup written to .*running\.tar\.gz .*: 2 orders, \d+ accounts, \d+ products, \d+ files\./,
    );

    // Changes after the backup: an order gone, another refunded, a file removed and another rewritten.
    const db = shop!.db;
    const [first, second] = before.orderRows;
    await db.delete(orders).where(eq(orders.id, first!.id));
    await db.update(orders).set({ status: "refunded" }).where(eq(orders.id, second!.id));
    const keys = await db.select({ key: productFiles.storageKey }).from(productFiles).limit(2);
    await files.remove(keys[0]!.key);
    await files.put(keys[1]!.key, Buffer.from("not the file that was sold"));

    await expect(restoreBackup({ config, archive, confirm: async () => true })).rejects.toThrow(
      new RestoreRefused(
        `The shop is running on ${dataDir} (pid ${process.pid}). Stop it first: a restore never replaces the data of a running shop.`,
      ),
    );

    await stopShop();
    // Asked, and answered no: nothing changes.
    let asked: string[] = [];
    const declined = await restoreBackup({
      config,
      archive,
      confirm: async (plan) => {
        asked = plan.replaces;
        expect(plan.restored.orders).toBe(2);
        return false;
      },
    });
    expect(declined).toEqual({ restored: false, setAside: [] });
    expect(asked).toEqual([
      `the embedded database ${fs.realpathSync(path.join(dataDir, "postgres"))}`,
      `the file store ${path.join(dataDir, "files")}`,
    ]);
    expect(await files.read(keys[0]!.key)).toBeNull();

    const restored = await restoreBackup({ config, archive, confirm: async () => true });
    expect(restored.restored).toBe(true);
    expect(restored.setAside).toHaveLength(2);
    for (const aside of restored.setAside) expect(fs.existsSync(aside)).toBe(true);
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith(".restore-"))).toEqual([]);

    const after = await startShop();
    expect(await snapshot(after.db)).toEqual(before);
  }, 120_000);

  it("backs up a stopped shop with a database server of its own, holding DATA_DIR meanwhile", async () => {
    await stopShop();
    const output = path.join(backups, "stopped.tar.gz");
    const messages: string[] = [];
    const manifest = await createBackup({ config, output, log: (message) => messages.push(message) });
    expect(manifest.database).toEqual({ kind: "embedded-cluster", postgresMajor: 18 });
    expect(manifest.summary.orders).toBe(2);
    expect(manifest.files).toMatchObject({ included: true });
    expect(messages.join("\n")).not.toContain("The shop is running");
    expect(fs.existsSync(path.join(dataDir, "server.pid"))).toBe(false); // the lock was released
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith(".backup-"))).toEqual([]);
    await expect(createBackup({ config, output })).rejects.toThrow("already exists");
  }, 120_000);

  it("refuses a damaged backup before replacing anything", async () => {
    await stopShop();
    const unpacked = path.join(work, "unpacked");
    fs.mkdirSync(unpacked);
    await run("tar", ["-xzf", archive, "-C", unpacked]);
    const someFile = fs
      .readdirSync(path.join(unpacked, "files"), { recursive: true, withFileTypes: true })
      .find((e) => e.isFile())!;
    fs.appendFileSync(path.join(someFile.parentPath, someFile.name), "x");
    const damaged = path.join(backups, "damaged.tar.gz");
    await run("tar", ["-czf", damaged, "-C", unpacked, "manifest.json", "postgres", "files"]);
    const confirm = async () => {
      throw new Error("must not be asked");
    };
    await expect(restoreBackup({ config, archive: damaged, confirm })).rejects.toThrow(
      /The backup is damaged: files\/.* does not have the bytes it was saved with\./,
    );

    const truncated = path.join(backups, "truncated.tar.gz");
    fs.writeFileSync(truncated, fs.readFileSync(archive).subarray(0, 4096));
    await expect(restoreBackup({ config, archive: truncated, confirm })).rejects.toThrow(/not a readable backup/);

    const stranger = path.join(backups, "stranger.tar.gz");
    await run("tar", ["-czf", stranger, "-C", root, "package.json"]);
    await expect(restoreBackup({ config, archive: stranger, confirm })).rejects.toThrow(
      /unexpected path: package.json/,
    );

    const after = await startShop();
    expect(await snapshot(after.db)).toEqual(before);
  }, 120_000);

  it("asks before restoring, from a terminal or through --yes", async () => {
    await stopShop();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const restore = (args: string[]) =>
      run(process.execPath, [path.join(root, "scripts/restore.ts"), ...args], { env }).then(
        (done) => ({ code: 0, output: done.stdout + done.stderr }),
        (failed) => ({ code: failed.code as number, output: `${failed.stdout}${failed.stderr}` }),
      );
    expect(await restore([archive])).toEqual({
      code: 2,
      output: expect.stringContaining("run it in a terminal to be asked, or add --yes"),
    });

    await startShop(); // running again: refused
    const refused = await restore([archive, "--yes"]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`The shop is running on ${dataDir} (pid ${process.pid})`);
    await stopShop();

    const done = await restore([archive, "--yes"]);
    expect(done.output).toContain("is complete and sound: 2 orders");
    expect(done.code).toBe(0);
    const after = await startShop();
    expect(await snapshot(after.db)).toEqual(before);
  }, 120_000);

  it("makes a consistent copy of a database being written to during the backup", async () => {
    const { pool } = await startShop();
    await pool.query("CREATE TABLE backup_probe (id int PRIMARY KEY, payload text NOT NULL)");
    await pool.query("CREATE INDEX backup_probe_payload_idx ON backup_probe (payload)");
    let written = 0;
    let writing = true;
    let failure: unknown;
    const writer = (async () => {
      while (writing) {
        written++;
        await pool.query("INSERT INTO backup_probe VALUES ($1::int, repeat(md5($1::int::text), 60))", [written]);
        if (written % 7 === 0)
          await pool.query("UPDATE backup_probe SET payload = payload WHERE id = $1", [written - 3]);
      }
    })().catch((error) => {
      failure = error;
    });
    await vi.waitFor(
      () => {
        if (failure) throw failure;
        expect(written).toBeGreaterThanOrEqual(200);
      },
      { timeout: 60_000, interval: 10 },
    );
    const committedBefore = written - 1;
    const output = path.join(backups, "busy.tar.gz");
    await createBackup({ config, output });
    writing = false;
    await writer;
    if (failure) throw failure;
    expect(written).toBeGreaterThan(committedBefore + 1); // it wrote while the copy was made
    await stopShop();

    await restoreBackup({ config, archive: output, confirm: async () => true });
    const restored = await startShop();
    const { rows } = await restored.pool.query(
      "SELECT count(*)::int AS count, min(id) AS min, max(id) AS max, bool_and(payload = repeat(md5(id::text), 60)) AS intact FROM backup_probe",
    );
    expect(rows[0].count).toBeGreaterThanOrEqual(committedBefore);
    expect(rows[0]).toMatchObject({ min: 1, max: rows[0].count, intact: true });
    await restored.pool.query("CREATE EXTENSION IF NOT EXISTS amcheck");
    for (const index of ["backup_probe_pkey", "backup_probe_payload_idx"]) {
      await restored.pool.query("SELECT bt_index_check($1::regclass, true)", [index]);
    }
    expect(await snapshot(restored.db)).toEqual(before);
  }, 120_000);
});
