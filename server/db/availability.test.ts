import { EventEmitter } from "node:events";
import net from "node:net";
import { sql } from "drizzle-orm";
import { describe, expect, inject, it, vi } from "vitest";
import { connectionFor } from "../../tests/support/connection.ts";
import { fallBackToPrimary, isDatabaseUnavailable, reportDatabaseAway, reportDatabaseReturn } from "./availability.ts";
import { connect } from "./client.ts";

describe("a database that cannot be reached", () => {
  it("is told apart from a fault, through Drizzle's wrapping, from what pg really throws", async () => {
    // Nothing listens on port 1: the pool's connection is refused.
    const away = connect({ host: "127.0.0.1", port: 1, user: "shop", database: "shop" }, 1);
    const thrown = await away.db.execute(sql`SELECT 1`).catch((error: unknown) => error);
    await away.close();
    expect(thrown).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(thrown)).toBe(true);
  });

  it("knows the server's own ways of saying it is going or full, and nothing else", () => {
    const withCode = (code: string) => Object.assign(new Error("pg"), { code });
    for (const code of ["57P01", "57P03", "53300", "08006", "ECONNRESET", "ENOENT"]) {
      expect(isDatabaseUnavailable(new Error("query failed", { cause: withCode(code) })), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    for (const code of ["23505", "22P02", "42P01", "40001"])
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    // pg-boss emits a plain copy of the error it met.
    const copied = { ...withCode("57P01"), message: "terminating connection (Queue: q, Worker: w)", queue: "q" };
    expect(isDatabaseUnavailable(copied)).toBe(true);
  });
});

describe("an outage in the log", () => {
  it("is one line, not one per request, and said again only if it lasts past a minute", () => {
    const lines: unknown[] = [];
    const logger = { warn: (...args: unknown[]) => void lines.push(args) };
    const start = 1_000_000_000;
    for (let request = 0; request < 50; request++)
      reportDatabaseAway(logger, new Error("ECONNREFUSED"), start + request * 100);
    expect(lines).toHaveLength(1);
    reportDatabaseAway(logger, new Error("ECONNREFUSED"), start + 61_000);
    expect(lines).toHaveLength(2);
  });

  it("ends with one line saying how long it lasted, at the pool's first connection after it", () => {
    const lines: unknown[][] = [];
    const logger = {
      warn: (...args: unknown[]) => void lines.push(args),
      info: (...args: unknown[]) => void lines.push(args),
    };
    const pool = new EventEmitter();
    let now = 2_000_000_000;
    reportDatabaseReturn(pool as never, logger, () => now);
    pool.emit("connect"); // ends what the test above left open
    lines.length = 0;
    pool.emit("connect");
    expect(lines).toEqual([]);
    reportDatabaseAway(logger, new Error("ECONNREFUSED"), now);
    now += 7_000;
    pool.emit("connect");
    pool.emit("connect");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toEqual([{ awaySeconds: 7 }, "The database is back after about 7 s"]);
    // The next outage is reported at once, not a minute after the last one.
    reportDatabaseAway(logger, new Error("ECONNREFUSED"), now + 1_000);
    expect(lines).toHaveLength(3);
  });
});

describe("an outage met through two copies of this module", () => {
  it("is one line when it begins and one when it ends, whichever copy meets it", async () => {
    // The app's build and server/serve.ts (the job queue) each load their own copy.
    vi.resetModules();
    const appCopy = await import("./availability.ts");
    vi.resetModules();
    const jobQueueCopy = await import("./availability.ts");
    expect(jobQueueCopy.reportDatabaseAway).not.toBe(appCopy.reportDatabaseAway);
    const lines: unknown[][] = [];
    const logger = {
      warn: (...args: unknown[]) => void lines.push(args),
      info: (...args: unknown[]) => void lines.push(args),
    };
    const pool = new EventEmitter();
    let now = 3_000_000_000;
    appCopy.reportDatabaseReturn(pool as never, logger, () => now);
    pool.emit("connect"); // ends what the tests above left open
    lines.length = 0;
    const refused = new Error("ECONNREFUSED");
    jobQueueCopy.reportDatabaseAway(logger, refused, now);
    appCopy.reportDatabaseAway(logger, refused, now + 100);
    jobQueueCopy.reportDatabaseAway(logger, refused, now + 200);
    reportDatabaseAway(logger, refused, now + 300);
    now += 5_000;
    pool.emit("connect");
    expect(lines).toEqual([
      [{ err: refused }, "The database cannot be reached: pages and forms answer 503 until it is back"],
      [{ awaySeconds: 5 }, "The database is back after about 5 s"],
    ]);
    // The end seen by one copy opens the gate of the other: the next outage is warned of at once.
    jobQueueCopy.reportDatabaseAway(logger, refused, now + 1_000);
    expect(lines).toHaveLength(3);
  });
});

describe("a read replica that goes away", () => {
  it("has its reads answered by the primary meanwhile", async () => {
    const primary = connect(connectionFor(inject("postgresServer"), "postgres"), 1);
    // Nothing listens on port 1: the replica is away.
    const replica = connect({ host: "127.0.0.1", port: 1, user: "shop", database: "shop" }, 1);
    fallBackToPrimary(replica.pool, primary.pool);
    try {
      const { rows } = await replica.db.execute<{ answer: number }>(sql`SELECT 42 AS answer`);
      expect(rows).toEqual([{ answer: 42 }]);
    } finally {
      await replica.close();
      await primary.close();
    }
  });
});

describe("a connection the server ends", () => {
  it("checked out (a transaction, a lock) and idle between queries: no crash, its next query fails as the database away", async () => {
    const handle = connect(connectionFor(inject("postgresServer"), "postgres"), 2);
    const admin = connect(connectionFor(inject("postgresServer"), "postgres"), 1);
    const client = await handle.pool.connect();
    try {
      const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      const ended = new Promise((resolve) => client.once("end", resolve));
      // What a stopping server (pg_ctl stop -m fast) does to each session.
      await admin.pool.query("SELECT pg_terminate_backend($1)", [rows[0]!.pid]);
      await ended;
      const next = await client.query("SELECT 1").catch((error: unknown) => error);
      expect(isDatabaseUnavailable(next)).toBe(true);
    } finally {
      client.release(true);
      await handle.close();
      await admin.close();
    }
  });
});

describe("a database that does not answer in time", () => {
  it("an address that takes the connection and never answers (a failover's old one): the query fails as the database away, not never", async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const handle = connect(
      { host: "127.0.0.1", port, user: "shop", database: "shop", connectionTimeoutMillis: 300 },
      1,
    );
    try {
      const thrown = await handle.db.execute(sql`SELECT 1`).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(thrown)).toBe(true);
    } finally {
      await handle.close();
      silent.close();
    }
  });

  it("every connection of the pool held by others: the next query waits a bounded time, then fails as the database away", async () => {
    const handle = connect({ ...connectionFor(inject("postgresServer"), "postgres"), connectionTimeoutMillis: 300 }, 1);
    const held = await handle.pool.connect();
    try {
      const thrown = await handle.db.execute(sql`SELECT 1`).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(thrown)).toBe(true);
    } finally {
      held.release();
      await handle.close();
    }
  });

  it("by default waits ten seconds at most", () => {
    const handle = connect({ host: "127.0.0.1", port: 1, user: "shop", database: "shop" }, 1);
    expect(handle.pool.options.connectionTimeoutMillis).toBe(10_000);
    void handle.close();
  });
});
