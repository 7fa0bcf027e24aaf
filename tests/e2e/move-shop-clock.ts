// `node tests/e2e/move-shop-clock.ts <shop name> <days>` (run by the e2e fixtures against the run's
// own server, as runScript runs the shop's scripts): the test clock of one shop's money. Its ledger
// entries (sales, refunds, payouts) move `days` back in time, as if that many days had passed since
// they were made, so that a browser test sees the shop's hold end without waiting a week.
import { eq, sql } from "drizzle-orm";
import { withShopDatabase } from "../../scripts/shop-database.ts";
import { creators, ledgerEntries } from "../../server/db/schema.ts";

const [shopName, days] = process.argv.slice(2);
if (!shopName || !/^\d+$/.test(days ?? ""))
  throw new Error("Usage: node tests/e2e/move-shop-clock.ts <shop name> <days>");

process.exitCode = await withShopDatabase(async (db) => {
  const [shop] = await db.select({ id: creators.id }).from(creators).where(eq(creators.name, shopName));
  if (!shop) throw new Error(`No shop is called "${shopName}"`);
  const moved = await db
    .update(ledgerEntries)
    .set({ createdAt: sql`${ledgerEntries.createdAt} - make_interval(days => ${Number(days)})` })
    .where(eq(ledgerEntries.creatorId, shop.id))
    .returning({ id: ledgerEntries.id });
  console.log(`${shopName}: ${moved.length} ledger entries moved ${days} days back`);
  return 0;
});
