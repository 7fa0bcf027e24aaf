import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { connect, type DatabaseHandle } from "../../server/db/client.ts";
import { connectionFor, quoteIdentifier } from "./connection.ts";

/** `work` with a client of the test server's own `postgres` database (to create and drop databases). */
export async function onTestServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(connectionFor(inject("postgresServer"), "postgres"));
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for this test file, cloned from the migrated template, dropped after
 * the file's last test. Use its `db` inside tests (it is set in beforeAll).
 */
export function setUpTestDatabase() {
  const name = `shop_test_${crypto.randomBytes(6).toString("hex")}`;
  const state = {} as DatabaseHandle & { name: string };
  beforeAll(async () => {
    await onTestServer((client) =>
      client.query(`CREATE DATABASE ${quoteIdentifier(name)} TEMPLATE ${quoteIdentifier(inject("templateDatabase"))}`),
    );
    Object.assign(state, connect(connectionFor(inject("postgresServer"), name), 4), { name });
  });
  afterAll(async () => {
    await state.close?.();
    await onTestServer((client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`));
  });
  return state;
}
