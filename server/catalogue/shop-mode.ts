import type pg from "pg";
import { disarmDemoShops, retireDemoAccounts, seedDemoAccountsIfMissing } from "../accounts/demo-accounts.ts";
import type { Config } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import {
  seedCategoriesIfEmpty,
  seedSampleCatalogue,
  seedSampleCatalogueIfEmpty,
  withdrawSampleProducts,
} from "./seed-sample-catalogue.ts";

// SHOP_MODE (docs/decisions/017-demo-and-live-modes.md). A demo shop has the sample catalogue and
// the demo accounts that every visitor shares; a live shop has neither, so that nothing published
// in this repository (the demo passwords, the sample shop) can touch a real shop.

/** At start: makes the database what its mode needs. Returns what it did, for the log. */
export async function prepareShop(db: Database, pool: pg.Pool, mode: Config["shopMode"]): Promise<string[]> {
  const done: string[] = [];
  if (mode === "demo") {
    const seeded = await seedSampleCatalogueIfEmpty(db, pool);
    if (seeded) done.push(`Loaded the sample catalogue (${seeded.products} products)`);
    else if (await seedDemoAccountsIfMissing(db)) done.push("Created the demo accounts");
    await disarmDemoShops(db);
    return done;
  }
  const categories = await seedCategoriesIfEmpty(db, pool);
  if (categories) done.push(`Created the shop's ${categories} categories`);
  const revoked = await retireDemoAccounts(db);
  const withdrawn = await withdrawSampleProducts(db);
  if (revoked || withdrawn) {
    done.push(
      `Live shop: demo accounts disabled (${revoked} sessions revoked), ${withdrawn} sample products withdrawn`,
    );
  }
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
