import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema.ts";

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

export type ConnectionOptions = { connectionString: string } | pg.PoolConfig;

export function connect(connection: ConnectionOptions, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ ...connection, max: poolSize, idleTimeoutMillis: 30_000 });
  // An idle client that loses its server (restart, failover) must not crash the process.
  pool.on("error", () => {});
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/** The database or an open transaction: what a function that may run inside one takes. */
export type Queryable = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];
