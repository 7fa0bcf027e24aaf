// `npm run payouts -- [--friday YYYY-MM-DD]`: runs the weekly payout for the latest Friday (or the
// given one), as the Friday job does. For a run missed while the shop was down: sellers already
// paid for that week are not paid again. Works while the shop runs and with DATABASE_URL.
import { parseArgs } from "node:util";
import { formatPrice } from "../app/lib/format.ts";
import { ConfigError, parseConfig } from "../server/config/env.ts";
import { openDatabaseForScript } from "../server/db/open.ts";
import { payoutRunTime } from "../server/payouts/payout-schedule.ts";
import { runWeeklyPayouts } from "../server/payouts/payouts.ts";

const USAGE = "Usage: npm run payouts -- [--friday YYYY-MM-DD]";

async function main(argv: string[]): Promise<number> {
  let friday: string | undefined;
  let runAt: Date;
  try {
    ({ friday } = parseArgs({ args: argv, options: { friday: { type: "string" } } }).values);
    runAt = payoutRunTime(friday, new Date());
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
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
    const run = await runWeeklyPayouts(database.db, runAt);
    const total = run.paid.reduce((sum, payout) => sum + payout.amountCents, 0);
    console.log(
      `Payout run for Friday ${run.friday}: ${run.paid.length} ${run.paid.length === 1 ? "seller" : "sellers"} paid, ${formatPrice(total)} in all.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
