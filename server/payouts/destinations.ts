import { eq } from "drizzle-orm";
import type { Config, PayoutPolicy } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import { payoutSettings } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { PayoutRunServices } from "./payout-run.ts";

/**
 * Where each seller's payout goes under the shop's rail: on the manual rail, the PayPal address or
 * bank account the seller saved on Earnings; on the transfer rail, their connected account once
 * it can be paid (none yet: the money stays on their balance).
 */
export function payoutDestinations(policy: PayoutPolicy): PayoutRunServices["destinationOf"] {
  return async (tx, creatorId) => {
    if (policy.rail === "transfer") return null;
    const [settings] = await tx.select().from(payoutSettings).where(eq(payoutSettings.creatorId, creatorId));
    return settings ? { rail: "manual", method: settings.method, destination: settings.destination } : null;
  };
}

/** What the Friday run needs, from the shop's configuration: the job and `npm run payouts` share it. */
export function payoutRunServices({
  db,
  jobs,
  config,
}: {
  db: Database;
  jobs: JobQueue;
  config: Pick<Config, "payouts">;
}): PayoutRunServices {
  return { db, jobs, provider: null, policy: config.payouts, destinationOf: payoutDestinations(config.payouts) };
}
