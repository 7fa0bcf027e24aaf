import { and, eq } from "drizzle-orm";
import type { Config, PayoutPolicy } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import { payoutAccounts, payoutSettings } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { ProviderName } from "../payments/provider.ts";
import { payoutProviderFor } from "./payout-provider-for.ts";
import type { PayoutRunServices } from "./payout-run.ts";

/**
 * Where each seller's payout goes under the shop's rail: on the manual rail, the PayPal address or bank account the
 * seller saved on Earnings; on the transfer rail, their connected account at the shop's provider
 * once it can be paid. Otherwise nowhere: the money stays on their balance.
 */
export function payoutDestinations(policy: PayoutPolicy, provider: ProviderName): PayoutRunServices["destinationOf"] {
  return async (tx, creatorId) => {
    if (policy.rail === "transfer") {
      const [account] = await tx
        .select({ accountRef: payoutAccounts.accountRef })
        .from(payoutAccounts)
        .where(
          and(
            eq(payoutAccounts.creatorId, creatorId),
            eq(payoutAccounts.provider, provider),
            eq(payoutAccounts.payoutsEnabled, true),
          ),
        );
      return account ? { rail: "transfer", accountRef: account.accountRef } : null;
    }
    const [settings] = await tx.select().from(payoutSettings).where(eq(payoutSettings.creatorId, creatorId));
    return settings ? { rail: "manual", method: settings.method, destination: settings.destination } : null;
  };
}

/** What the Friday run needs, from the shop's configuration: the job and `npm run payouts` share it. */
export function payoutRunServices({
  db,
  jobs,
  config,
  secret,
}: {
  db: Database;
  jobs: JobQueue;
  config: Pick<Config, "payouts" | "payments" | "publicUrl">;
  /** The shop's secret (the hosted stand-in signs with keys derived from it). */
  secret: string;
}): PayoutRunServices {
  const provider = payoutProviderFor(config, db, secret);
  return {
    db,
    jobs,
    provider: config.payouts.rail === "transfer" ? provider : null,
    policy: config.payouts,
    destinationOf: payoutDestinations(config.payouts, provider.name),
  };
}
