import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connect } from "../../server/db/client.ts";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "../../server/db/embedded-postgres.ts";
import { applyMigrations } from "../../server/db/migrate.ts";
import { connectionFor, quoteIdentifier, type ServerConnection } from "./connection.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresServer: ServerConnection;
    templateDatabase: string;
  }
}

// Once per run: a PostgreSQL server and a template database with every migration applied.
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let server: ServerConnection;
  if (process.env.DATABASE_URL) {
    server = { url: process.env.DATABASE_URL };
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
    fs.chmodSync(dataDir, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir, database: "postgres" });
    const { database: _, ...socket } = embedded.connection;
    server = socket;
  }

  const templateDatabase = `shop_test_template_${process.pid}`;
  const admin = new pg.Client(connectionFor(server, "postgres"));
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(templateDatabase)}`);
  await admin.query(`CREATE DATABASE ${quoteIdentifier(templateDatabase)}`);
  const template = connect(connectionFor(server, templateDatabase), 2);
  await applyMigrations(template);
  await template.close();

  project.provide("postgresServer", server);
  project.provide("templateDatabase", templateDatabase);

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(templateDatabase)} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
