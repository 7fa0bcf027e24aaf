// `npm run payouts -- [--friday YYYY-MM-DD]`: runs the weekly payout for the latest Friday (or the
// given one), as the Friday job does. For a run missed while the shop was down: sellers already
// paid for that week are not paid again. Works while the shop runs and with DATABASE_URL.
import { parseArgs } from "node:util";
import { loadAuthSecret } from "../server/accounts/auth-secret.ts";
import { parseConfig } from "../server/config/env.ts";
import { startJobs } from "../server/jobs/queue.ts";
import { payoutRunServices } from "../server/payouts/destinations.ts";
import { runWeeklyPayouts } from "../server/payouts/payout-run.ts";
import { payoutRunTime } from "../server/payouts/payout-schedule.ts";
import { formatPrice } from "../shared/format.ts";
import { withShopDatabase } from "./shop-database.ts";

const USAGE = "Usage: npm run payouts -- [--friday YYYY-MM-DD]";

async function main(argv: string[]): Promise<number> {
  let runAt: Date;
  try {
    const { friday } = parseArgs({ args: argv, options: { friday: { type: "string" } } }).values;
    runAt = payoutRunTime(friday, new Date());
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  return withShopDatabase(async (db, pool) => {
    // Sellers' payout webhooks are queued as the Friday job queues them.
    const jobs = await startJobs(pool, (error) => console.error(error.message));
    const config = parseConfig();
    const secret = await loadAuthSecret(db, config.authSecret);
    const run = await runWeeklyPayouts(payoutRunServices({ db, jobs, config, secret }), { now: runAt }).finally(() =>
      jobs.stop(),
    );
    const total = run.taken.reduce((sum, payout) => sum + payout.amountCents, 0);
    const sellers = run.taken.length === 1 ? "1 seller" : `${run.taken.length} sellers`;
    console.log(
      `Payout run for Friday ${run.friday}: ${sellers} paid, ${formatPrice(total)} in all; ${run.sent.length} transfers sent, ${run.refused.length} refused.`,
    );
    return 0;
  });
}

process.exitCode = await main(process.argv.slice(2));
