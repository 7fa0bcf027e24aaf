import type pg from "pg";
import type { Database } from "../db/client.ts";
import { disarmDemoShops, seedDemoAccountsIfMissing } from "./accounts/demo-accounts.ts";
import { seedSampleCatalogue, seedSampleCatalogueIfEmpty } from "./catalogue/seed-sample-catalogue.ts";

// A demo shop (SHOP_MODE=demo, docs/decisions/017-demo-and-live-modes.md): the sample catalogue, its
// files and the demo accounts that every visitor shares. The entry of server/demo/, which only the
// entry points load, and only in a demo shop (server/serve.ts; docs/decisions/049).

export { DEMO_ACCOUNTS } from "./accounts/demo-accounts.ts";
export { ensureSampleProductFiles } from "./files/sample-files.ts";
export { queueSamplePreviews } from "./files/sample-previews.ts";

/** At the start of a demo shop: makes the database what it needs. Returns what it did, for the log. */
export async function prepareDemoShop(db: Database, pool: pg.Pool): Promise<string[]> {
  const done: string[] = [];
  const seeded = await seedSampleCatalogueIfEmpty(db, pool);
  if (seeded) done.push(`Loaded the sample catalogue (${seeded.products} products)`);
  else if (await seedDemoAccountsIfMissing(db)) done.push("Created the demo accounts");
  await disarmDemoShops(db);
  return done;
}

/**
 * The demo shop's daily restore: the sample products are as they were written, and on sale, and
 * the demo accounts have their published passwords and nothing anyone changed.
 */
export async function restoreDemoShop(db: Database): Promise<void> {
  await seedSampleCatalogue(db); // the demo accounts with it
  await disarmDemoShops(db);
}
