import type { Config } from "../config/env.ts";
import { connect, type DatabaseHandle } from "./client.ts";
import { dataDirOwner, lockDataDir } from "./data-dir-lock.ts";
import { runningShopConnection, startEmbeddedPostgres } from "./embedded-postgres.ts";
import { applyMigrations } from "./migrate.ts";

export interface OpenedDatabase extends DatabaseHandle {
  embedded: boolean;
}

// The shop's database: the server at DATABASE_URL, or else an embedded PostgreSQL under
// DATA_DIR that this process owns (and stops on close). Migrations are applied either way.
export async function openDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  log: (message: string) => void = () => {},
): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const handle = connect({ connectionString: config.databaseUrl });
    await applyMigrations(handle);
    return { ...handle, embedded: false };
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
  return openDatabase(config, log);
}
