import { and, eq, inArray, sql } from "drizzle-orm";
import type pg from "pg";
import { retireDemoAccounts } from "../accounts/shared-demo-accounts.ts";
import type { Database } from "../db/client.ts";
import { products } from "../db/schema.ts";
import { seedCategoriesIfEmpty } from "./shop-categories.ts";

// SHOP_MODE (docs/decisions/017-demo-and-live-modes.md). A demo shop has the sample catalogue and
// the demo accounts that every visitor shares; a live shop has neither, so that nothing published
// in this repository (the demo passwords, the sample shop) can touch a real shop. What a demo shop
// adds is in server/demo/, which a live shop never loads (docs/decisions/049).

/** At the start of a live shop: makes the database what it needs. Returns what it did, for the log. */
export async function prepareLiveShop(db: Database, pool: pg.Pool): Promise<string[]> {
  const done: string[] = [];
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
 * A live shop sells nothing of the sample catalogue (a database that was a demo shop's): its
 * products on sale go back to drafts, which nobody can buy. Returns how many were withdrawn.
 */
async function withdrawSampleProducts(db: Database): Promise<number> {
  const withdrawn = await db
    .update(products)
    .set({ status: "draft", updatedAt: sql`now()` })
    .where(and(eq(products.isSample, true), inArray(products.status, ["published", "hidden"])))
    .returning({ id: products.id });
  return withdrawn.length;
}
