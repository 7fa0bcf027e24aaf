import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { checkoutServices, paidOrder, recordingJobs, seedProducts } from "../../../tests/support/orders.ts";
import { shopSnapshot } from "../../../tests/support/shop-snapshot.ts";
import { connect, type DatabaseHandle } from "../../db/client.ts";
import { applyMigrations } from "../../db/migrate.ts";
import journal from "../../db/migrations/meta/_journal.json" with { type: "json" };
import { orders, productFiles } from "../../db/schema.ts";
import { ensureSampleProductFiles } from "../../demo/files/sample-files.ts";
import { startJobs } from "../../jobs/queue.ts";
import { localFileStore } from "../../storage/file-store.ts";
import { createBackup } from "./create-backup.ts";
import { findPgClientTools } from "./pg-client-tools.ts";
import { RestoreRefused, restoreBackup } from "./restore-backup.ts";

// The DATABASE_URL way: pg_dump and pg_restore. It needs a PostgreSQL server reached by URL (the
// suite's DATABASE_URL, or ALSO_TEST_DATABASE_URL) and a pg_dump at least as new as that server.
// The suite's embedded server is PostgreSQL 18, for which this machine may have no pg_dump.

async function findTarget(): Promise<{ url: string; reason?: undefined } | { url?: undefined; reason: string }> {
  const server = inject("postgresServer");
  const urls = [...("url" in server ? [server.url] : []), process.env.ALSO_TEST_DATABASE_URL].filter(
    (url): url is string => Boolean(url),
  );
  if (urls.length === 0)
    return {
      reason:
        "the suite runs on the embedded PostgreSQL 18 and neither DATABASE_URL nor ALSO_TEST_DATABASE_URL names a server",
    };
  const tools = await findPgClientTools(process.env.PG_BIN);
  const reasons: string[] = [];
  for (const url of urls) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      const major = Math.floor(
        Number((await client.query("SHOW server_version_num")).rows[0].server_version_num) / 10000,
      );
      if (tools.some((found) => found.major >= major)) return { url };
      reasons.push(`no pg_dump ${major} or newer for the server at ${new URL(url).host}`);
    } catch (error) {
      reasons.push(`${new URL(url).host}: ${(error as Error).message}`);
    } finally {
      await client.end().catch(() => {});
    }
  }
  return { reason: reasons.join("; ") };
}

const target = await findTarget();
const name = `shop_backup_${crypto.randomBytes(5).toString("hex")}`;
// Made only when the test runs (hooks of a skipped file do not run).
let work = "";

async function admin(work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
  if (target.url) await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
});

describe.skipIf(!target.url)(
  `backup and restore with pg_dump${target.reason ? ` (skipped: ${target.reason})` : ""}`,
  () => {
    it("restores the same orders and file bytes into a DATABASE_URL database", async () => {
      work = fs.mkdtempSync(path.join(os.tmpdir(), "shop-pg-dump-test-"));
      const dataDir = path.join(work, "data");
      const files = localFileStore(path.join(dataDir, "files"));
      await admin((client) => client.query(`CREATE DATABASE ${name}`));
      const url = new URL(target.url!);
      url.pathname = `/${name}`;
      const databaseUrl = url.href;
      const config = { dataDir, databaseUrl, s3: undefined };

      let database: DatabaseHandle = connect({ connectionString: databaseUrl }, 4);
      await applyMigrations(database);
      const products = await seedProducts(database, 2);
      await ensureSampleProductFiles(database.db, files);
      await paidOrder(checkoutServices(database.db, recordingJobs()), [products[0]!.id, products[1]!.id]);
      const jobs = await startJobs(database.pool, () => {}); // pg-boss's schema belongs in the backup too
      await jobs.send("send-receipt", { orderId: 1 });
      await jobs.stop();
      const before = await shopSnapshot(database.db, files);

      const output = path.join(work, "backups", "dump.tar.gz");
      const manifest = await createBackup({ config, output, pgBin: process.env.PG_BIN });
      expect(manifest.database).toMatchObject({ kind: "pg_dump" });
      expect(manifest.summary.orders).toBe(1);

      const [order] = before.orderRows;
      await database.db.update(orders).set({ status: "refunded" }).where(eq(orders.id, order!.id));
      await database.pool.query("CREATE TABLE added_after_the_backup (id int)");
      const [{ key }] = (await database.db.select({ key: productFiles.storageKey }).from(productFiles).limit(1)) as [
        { key: string },
      ];
      await files.put(key, Buffer.from("changed"));

      // The shop's connections are open: refused, and nothing changed.
      await expect(restoreBackup({ config, archive: output, confirm: async () => true })).rejects.toThrow(
        RestoreRefused,
      );
      await expect(restoreBackup({ config, archive: output, confirm: async () => true })).rejects.toThrow(
        /other connections? (is|are) open on postgresql:\/\/.*: stop the shop's app servers first/,
      );
      await database.close();

      const result = await restoreBackup({
        config,
        archive: output,
        pgBin: process.env.PG_BIN,
        confirm: async () => true,
      });
      expect(result.restored).toBe(true);

      database = connect({ connectionString: databaseUrl }, 2);
      try {
        expect(await shopSnapshot(database.db, files)).toEqual(before);
        const { rows } = await database.pool.query(`SELECT
        (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations,
        (SELECT count(*)::int FROM pgboss.job WHERE name = 'send-receipt') AS jobs,
        to_regclass('added_after_the_backup') IS NULL AS dropped`);
        expect(rows[0]).toEqual({ migrations: journal.entries.length, jobs: 1, dropped: true });
      } finally {
        await database.close();
      }
    }, 120_000);
  },
);
