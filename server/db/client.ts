import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { PgTransaction } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema.ts";

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

export type ConnectionOptions = { connectionString: string } | pg.PoolConfig;

// What must end before a database's pool does (connections of their own, like the search index's
// listener), by database.
const closers = new WeakMap<Database, (() => Promise<void>)[]>();

/** Runs `close` when the database is closed, before its pool ends. */
export function onDatabaseClose(db: Database, close: () => Promise<void>) {
  closers.get(db)?.push(close);
}

/**
 * A pool on `connection`. A request never waits without end for the database: a connection not
 * opened, or not freed by another, within CONNECTION_WAIT_MS fails as the database away (a 503 with
 * Retry-After), as one to an address that takes connections and never answers would (a failover's
 * old address). TCP keep-alive finds a server gone silent under a connection in use.
 * `connection` may set its own connectionTimeoutMillis.
 */
export function connect(connection: ConnectionOptions, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({
    connectionTimeoutMillis: CONNECTION_WAIT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...connection,
    max: poolSize,
    idleTimeoutMillis: 30_000,
  });
  // A client that loses its server (a restart, a failover) must not crash the process: an idle one
  // says so on the pool, one checked out (a transaction, an advisory lock) on itself, between its
  // queries, where nobody listens. Its next query fails as the database away (a 503).
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzle(pool, { schema });
  closers.set(db, []);
  return {
    db,
    pool,
    async close() {
      await Promise.all((closers.get(db) ?? []).map((close) => close().catch(() => {})));
      await pool.end();
    },
  };
}

// Far longer than any page waits for a connection under a real load, far shorter than a visitor waits.
const CONNECTION_WAIT_MS = 10_000;

/** The database or an open transaction: what a function that may run inside one takes. */
export type Queryable = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The results of `queries`: asked at once of a pool, one after another in a transaction, whose one
 * connection runs one query at a time (pg warns of a query sent before the last one ended; pg 9
 * will refuse it).
 */
export async function allQueries<const Results extends readonly unknown[]>(
  db: Queryable,
  queries: readonly [...{ [K in keyof Results]: () => PromiseLike<Results[K]> }],
): Promise<Results> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(queries.map((query) => query()))) as unknown as Results;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as unknown as Results;
}
