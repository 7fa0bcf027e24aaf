// What the shop's command-line tools (make-admin, payouts) share: the configuration, and the
// database of the shop (the running shop's, through its socket, or DATABASE_URL).
import { ConfigError, parseConfig } from "../server/config/env.ts";
import type { Database } from "../server/db/client.ts";
import { openDatabaseForScript } from "../server/db/open.ts";

/** Runs `work` on the shop's database; answers its exit code, or 1 when the configuration is bad. */
export async function withShopDatabase(work: (db: Database) => Promise<number>): Promise<number> {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  const database = await openDatabaseForScript(config, (message) => console.log(message));
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}
