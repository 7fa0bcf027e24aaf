import type { Config } from "../config/env.ts";
import type { Database } from "../db/client.ts";
import { createHostedProvider } from "./hosted/hosted-provider.ts";
import type { PaymentProvider } from "./provider.ts";
import { createStripeProvider } from "./stripe-provider.ts";

/** The payment provider PAYMENT_PROVIDER names: the shop's hosted page (default) or Stripe. */
export function paymentProviderFor(
  config: Pick<Config, "payments" | "publicUrl">,
  db: Database,
  secret: string,
): PaymentProvider {
  const payments = config.payments;
  return payments.provider === "stripe"
    ? createStripeProvider(payments)
    : createHostedProvider({ db, publicUrl: config.publicUrl, secret });
}
