import net from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { serveForTests } from "../../tests/support/test-server.ts";
import { connect } from "../db/client.ts";
import journal from "../db/migrations/meta/_journal.json" with { type: "json" };
import { requestLog } from "../http/request-log.ts";
import { operationsRoutes } from "./operations-routes.ts";
import { checkReadiness } from "./readiness.ts";

const database = setUpTestDatabase();
const logLines: string[] = [];
const shop = serveForTests(() => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const app = express();
  app.use(requestLog(pino({ level: "info" }, sink)));
  app.use(operationsRoutes({ db: database.db, metrics: undefined, metricsToken: undefined, routes: {} }));
  app.use((_req, res) => {
    res.status(404).send("not found");
  });
  return app;
});

const lastTag = journal.entries.at(-1)!.tag;

describe("GET /readyz", () => {
  it("answers 200 when the database answers and every migration is applied", async () => {
    const response = await fetch(`${shop.baseUrl}/readyz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ready", database: "ok", migrations: "applied" });
  });

  it("answers 503 naming the migrations not applied", async () => {
    const { rows } = await database.pool.query(
      "DELETE FROM drizzle.__drizzle_migrations WHERE created_at = $1 RETURNING hash, created_at",
      [journal.entries.at(-1)!.when],
    );
    expect(rows).toHaveLength(1);
    try {
      const response = await fetch(`${shop.baseUrl}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: "not ready",
        database: "ok",
        migrations: "pending",
        pending: [lastTag],
      });
    } finally {
      await database.pool.query("INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)", [
        rows[0].hash,
        rows[0].created_at,
      ]);
    }
    expect((await fetch(`${shop.baseUrl}/readyz`)).status).toBe(200);
  });

  it("counts every migration pending in a database never migrated", async () => {
    await database.pool.query("ALTER SCHEMA drizzle RENAME TO drizzle_aside");
    try {
      const readiness = await checkReadiness(database.db);
      expect(readiness).toMatchObject({ ready: false, database: "ok", migrations: "pending" });
      expect(readiness.ready === false && "pending" in readiness && readiness.pending).toEqual(
        journal.entries.map((entry) => entry.tag),
      );
    } finally {
      await database.pool.query("ALTER SCHEMA drizzle_aside RENAME TO drizzle");
    }
  });

  it("is not logged by the request log, like /healthz", async () => {
    logLines.length = 0;
    await fetch(`${shop.baseUrl}/readyz`);
    await fetch(`${shop.baseUrl}/metrics`);
    await fetch(`${shop.baseUrl}/somewhere-else`);
    expect(logLines.join("")).not.toContain("/readyz");
    expect(logLines.join("")).not.toContain('"/metrics"');
    expect(logLines.join("")).toContain("/somewhere-else");
  });
});

describe("readiness without a database", () => {
  it("is 'unreachable' when nothing listens at the database's address", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const handle = connect({ connectionString: `postgresql://shop@127.0.0.1:${port}/shop` }, 1);
    try {
      expect(await checkReadiness(handle.db)).toEqual({ ready: false, database: "unreachable" });
    } finally {
      await handle.close();
    }
  });

  // A server that accepts connections and never answers: the probe still gets its answer in time.
  const sockets: net.Socket[] = [];
  const silent = net.createServer((socket) => sockets.push(socket));
  afterAll(() => {
    silent.close();
  });
  it("is 'unreachable' when the database does not answer in time", async () => {
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const handle = connect({ connectionString: `postgresql://shop@127.0.0.1:${port}/shop` }, 1);
    const started = Date.now();
    expect(await checkReadiness(handle.db, { timeoutMs: 300 })).toEqual({ ready: false, database: "unreachable" });
    expect(Date.now() - started).toBeLessThan(2000);
    for (const socket of sockets) socket.destroy();
    await handle.close().catch(() => {});
  });
});
