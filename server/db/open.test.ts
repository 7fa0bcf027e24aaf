import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connectionFor, quoteIdentifier, type ServerConnection } from "../../tests/support/connection.ts";
import { onTestServer } from "../../tests/support/test-database.ts";
import type { DatabaseHandle } from "./client.ts";
import { openDatabase } from "./open.ts";

// DATABASE_READ_URL (docs/decisions/020): a second handle, readDb, on the replica; migrations and
// writes stay on DATABASE_URL. Both are new, empty databases on the test server here.

/** A postgres:// URL for one database of the test server (a socket directory goes in ?host=). */
function urlFor(server: ServerConnection, database: string): string {
  if ("url" in server) return (connectionFor(server, database) as { connectionString: string }).connectionString;
  return `postgresql://${encodeURIComponent(server.user)}@localhost:${server.port}/${database}?host=${encodeURIComponent(server.host)}`;
}

describe("openDatabase with DATABASE_READ_URL", () => {
  const suffix = crypto.randomBytes(6).toString("hex");
  const primaryName = `shop_test_primary_${suffix}`;
  const replicaName = `shop_test_replica_${suffix}`;
  beforeAll(() =>
    onTestServer(async (client) => {
      for (const name of [primaryName, replicaName]) await client.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
    }),
  );
  afterAll(() =>
    onTestServer(async (client) => {
      for (const name of [primaryName, replicaName]) {
        await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
      }
    }),
  );

  const currentDatabase = async (db: DatabaseHandle["db"]) =>
    (await db.execute<{ name: string }>(sql`SELECT current_database() AS name`)).rows[0]!.name;
  const tablesOf = async (pool: pg.Pool) =>
    Number((await pool.query("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")).rows[0].count);

  it("migrates DATABASE_URL and works on it through db, reads the replica through readDb, and closes both", async () => {
    const server = inject("postgresServer");
    const opened = await openDatabase({
      databaseUrl: urlFor(server, primaryName),
      databaseReadUrl: urlFor(server, replicaName),
      dataDir: "/nonexistent",
    });
    try {
      expect(opened.readDb).not.toBe(opened.db);
      expect(await currentDatabase(opened.db)).toBe(primaryName);
      expect(await currentDatabase(opened.readDb)).toBe(replicaName);
      // Migrations ran on the primary only (a hot standby refuses them; it has them from its primary).
      expect(await tablesOf(opened.pool)).toBeGreaterThan(0);
      expect(await tablesOf(opened.readPool)).toBe(0);
    } finally {
      await opened.close();
    }
    expect(opened.pool.ended).toBe(true);
    expect(opened.readPool.ended).toBe(true);
  });

  it("without DATABASE_READ_URL, readDb is db", async () => {
    const opened = await openDatabase({
      databaseUrl: urlFor(inject("postgresServer"), primaryName),
      dataDir: "/nonexistent",
    });
    try {
      expect(opened.readDb).toBe(opened.db);
      expect(opened.readPool).toBe(opened.pool);
    } finally {
      await opened.close();
    }
  });

  it("stops at start, naming DATABASE_READ_URL, when the replica cannot be reached", async () => {
    const server = inject("postgresServer");
    await expect(
      openDatabase({
        databaseUrl: urlFor(server, primaryName),
        databaseReadUrl: urlFor(server, "shop_test_no_such_database"),
        dataDir: "/nonexistent",
      }),
    ).rejects.toThrow(/^The replica at DATABASE_READ_URL could not be reached: .*shop_test_no_such_database/);
  });
});
