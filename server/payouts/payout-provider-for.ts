import type { Config } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import { createHostedPayouts } from "./hosted/hosted-payout-provider.ts";
import type { PayoutProvider } from "./payout-provider.ts";
import { createStripePayouts } from "./stripe-payouts.ts";

/** Who pays the sellers: the provider that takes the payments (PAYMENT_PROVIDER), Stripe Connect or the shop's stand-in. */
export function payoutProviderFor(
  config: Pick<Config, "payments" | "publicUrl">,
  db: Database,
  secret: string,
): PayoutProvider {
  const payments = config.payments;
  return payments.provider === "stripe"
    ? createStripePayouts({
        secretKey: payments.secretKey,
        connectWebhookSecrets: payments.connectWebhookSecrets,
        apiUrl: payments.apiUrl,
      })
    : createHostedPayouts({ db, publicUrl: config.publicUrl, secret });
}
