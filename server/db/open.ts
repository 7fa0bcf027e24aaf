import type pg from "pg";
import type { Config } from "../config/env.ts";
import { fallBackToPrimary } from "./availability.ts";
import { connect, type Database, type DatabaseHandle } from "./client.ts";
import { dataDirOwner, lockDataDir } from "./data-dir-lock.ts";
import { runningShopConnection, startEmbeddedPostgres } from "./embedded-postgres.ts";
import { applyMigrations } from "./migrate.ts";

export interface OpenedDatabase extends DatabaseHandle {
  embedded: boolean;
  /**
   * The replica at DATABASE_READ_URL, or else the same object as `db`. A replica lags its primary
   * (by a second, say): a page read just after its visitor wrote (a seller saving a product, then
   * opening it) may come out old. So only public catalogue pages, which may be a second stale, read
   * here; actions, sessions, carts, orders, jobs and seller, admin and account pages use `db`.
   */
  readDb: Database;
  /** readDb's pool (the pool of `db` when there is no replica). */
  readPool: pg.Pool;
}

// The shop's database: the server at DATABASE_URL (with its replica at DATABASE_READ_URL for
// reads, when set), or else an embedded PostgreSQL under DATA_DIR that this process owns (and
// stops on close). Migrations are applied either way, on the primary only.
export async function openDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir"> & Partial<Pick<Config, "databaseReadUrl">>,
  log: (message: string) => void = () => {},
): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const handle = connect({ connectionString: config.databaseUrl });
    await applyMigrations(handle);
    if (!config.databaseReadUrl) return { ...handle, embedded: false, readDb: handle.db, readPool: handle.pool };
    const replica = connect({ connectionString: config.databaseReadUrl });
    try {
      await replica.pool.query("SELECT 1");
    } catch (error) {
      await replica.close();
      await handle.close();
      throw new Error(`The replica at DATABASE_READ_URL could not be reached: ${(error as Error).message}`);
    }
    log("Catalogue pages read from the replica at DATABASE_READ_URL");
    fallBackToPrimary(replica.pool, handle.pool);
    return {
      ...handle,
      embedded: false,
      readDb: replica.db,
      readPool: replica.pool,
      async close() {
        await Promise.all([replica.close(), handle.close()]);
      },
    };
  }

  const lock = lockDataDir(config.dataDir);
  try {
    if (lock.tookOverStaleLock) log("The previous server on this data directory did not stop cleanly; recovering");
    const server = await startEmbeddedPostgres({ dataDir: config.dataDir, log });
    const handle = connect(server.connection);
    try {
      await applyMigrations(handle);
    } catch (error) {
      await handle.close();
      await server.stop();
      throw error;
    }
    return {
      ...handle,
      embedded: true,
      readDb: handle.db,
      readPool: handle.pool,
      async close() {
        try {
          await handle.close();
          await server.stop();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * The shop's database for a command-line script: DATABASE_URL; or, while the shop is running, its
 * embedded PostgreSQL through the socket under DATA_DIR; or else an embedded PostgreSQL of its own.
 */
export async function openDatabaseForScript(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  log: (message: string) => void = () => {},
): Promise<DatabaseHandle> {
  if (!config.databaseUrl && dataDirOwner(config.dataDir)) {
    log("The shop is running: using its database");
    return connect(runningShopConnection(config.dataDir), 2);
  }
  // A script reads and writes the primary: never DATABASE_READ_URL.
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, log);
}
