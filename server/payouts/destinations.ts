import { and, eq } from "drizzle-orm";
import type { Config, PayoutPolicy } from "../config/env.ts";
import type { Database, Queryable } from "../db/client.ts";
import { payoutAccounts, payoutSettings } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { ProviderName } from "../payments/provider.ts";
import { payoutPauseOf } from "./destination-changes.ts";
import { payoutProviderFor } from "./payout-provider-for.ts";
import type { PayoutDestination, PayoutRunServices } from "./payout-run.ts";
import { sellerTaxDetailsComplete } from "./tax-details.ts";

/** Why a seller who has somewhere to be paid is not paid now. */
export type PayoutBlock = { kind: "tax-details" } | { kind: "paused"; until: Date; changedAt: Date };

/**
 * What keeps a seller's payout back at `now` besides a hold: tax details missing or no longer
 * complete (docs/decisions/054), or the pause after a change of payout destination (056).
 */
export async function payoutBlockOf(db: Queryable, creatorId: number, now: Date): Promise<PayoutBlock | null> {
  if (!(await sellerTaxDetailsComplete(db, creatorId))) return { kind: "tax-details" };
  const pause = await payoutPauseOf(db, creatorId, now);
  return pause ? { kind: "paused", ...pause } : null;
}

/**
 * Where the Friday run pays each seller: their destination (below), unless a block keeps the
 * payout back; then nowhere, and the money stays on their balance.
 */
function payoutDestinations(policy: PayoutPolicy, provider: ProviderName): PayoutRunServices["destinationOf"] {
  const destinationOf = payoutDestinationOf(policy, provider);
  return async (tx, creatorId, now) =>
    (await payoutBlockOf(tx, creatorId, now)) ? null : destinationOf(tx, creatorId);
}

/**
 * Where a seller's payout goes under the shop's rail: on the manual rail, the PayPal address or bank account the
 * seller saved on Earnings; on the transfer rail, their connected account at the shop's provider
 * once it can be paid. Otherwise nowhere.
 */
export function payoutDestinationOf(
  policy: PayoutPolicy,
  provider: ProviderName,
): (tx: Queryable, creatorId: number) => Promise<PayoutDestination | null> {
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
