// What the shop's command-line tools (make-admin, payouts) share: the configuration, and the
// database of the shop (the running shop's, through its socket, or DATABASE_URL).

import type pg from "pg";
import { type Config, ConfigError, parseConfig } from "../server/config/env.ts";
import type { Database } from "../server/db/client.ts";
import { openDatabaseForScript } from "../server/db/open.ts";

/** The shop's configuration, or undefined (after saying what is wrong) when it is bad. */
export function readShopConfig(): Config | undefined {
  try {
    return parseConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return undefined;
  }
}

/** Runs `work` on the shop's database; answers its exit code, or 1 when the configuration is bad. */
export async function withShopDatabase(work: (db: Database, pool: pg.Pool) => Promise<number>): Promise<number> {
  const config = readShopConfig();
  if (!config) return 1;
  const database = await openDatabaseForScript(config, (message) => console.log(message));
  try {
    return await work(database.db, database.pool);
  } finally {
    await database.close();
  }
}
