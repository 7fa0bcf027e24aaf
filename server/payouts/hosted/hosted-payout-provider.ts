import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { deriveKey } from "../../lib/signing.ts";
import { SIGNATURE_HEADER, signatureProblem } from "../../payments/hosted/webhook-signature.ts";
import { WebhookRejected } from "../../payments/provider.ts";
import type { PayoutEvent, PayoutProvider } from "../payout-provider.ts";
import {
  createOnboardingLink,
  openHostedAccount,
  readHostedAccount,
  transferToHostedAccount,
} from "./hosted-payouts.ts";

/** The secret the stand-in signs its webhooks with, derived from the shop's secret (not the payment page's). */
export const hostedPayoutWebhookSecret = (shopSecret: string) =>
  deriveKey(shopSecret, "hosted-payouts-webhook").toString("hex");

/**
 * The shop's side of its own payout stand-in (PAYMENT_PROVIDER=hosted): accounts, links and
 * transfers are made in the stand-in's tables, and its events arrive as signed webhooks at the
 * same Connect webhook as Stripe's would, so every step of a payout runs in the demo and the tests.
 */
export function createHostedPayouts(options: { db: Database; publicUrl: string; secret: string }): PayoutProvider {
  const { db, publicUrl } = options;
  const webhookSecret = hostedPayoutWebhookSecret(options.secret);
  return {
    name: "hosted",
    createAccount(request) {
      return openHostedAccount(db, { ...request, webhookUrl: `${publicUrl}/api/v1/payments/webhook/hosted/connect` });
    },
    onboardingLink(request) {
      return createOnboardingLink(db, { ...request, publicUrl });
    },
    readAccount(accountRef) {
      return readHostedAccount(db, accountRef);
    },
    transfer(request) {
      return transferToHostedAccount(db, request);
    },
    verifyEvent(rawBody, headers) {
      const problem = signatureProblem({ secret: webhookSecret, body: rawBody, header: headers.get(SIGNATURE_HEADER) });
      if (problem) throw new WebhookRejected(problem);
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        throw new WebhookRejected("unreadable body");
      }
      return toPayoutEvent(body);
    },
  };
}

// What a signed event must hold before the shop acts on it: a genuine signature on a malformed
// body is refused as unreadable, never a 500.
const id = z.string().min(1).max(200);
const eventSchema = z.object({ id, type: z.string().max(100), data: z.unknown() });
const accountData = z.object({ accountId: id });
const reversalData = accountData.extend({
  transferId: id,
  amountCents: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  reason: z.string().max(500),
});

function toPayoutEvent(raw: unknown): PayoutEvent {
  const event = eventSchema.safeParse(raw);
  if (!event.success) throw new WebhookRejected("unreadable event");
  const { type } = event.data;
  if (type === "account.updated") {
    const data = accountData.safeParse(event.data.data);
    if (!data.success) throw new WebhookRejected("unreadable event");
    return { id: event.data.id, type: "account_updated", accountRef: data.data.accountId };
  }
  if (type === "transfer.reversed") {
    const data = reversalData.safeParse(event.data.data);
    if (!data.success) throw new WebhookRejected("unreadable event");
    const { transferId, amountCents, reason } = data.data;
    return { id: event.data.id, type: "transfer_reversed", transferRef: transferId, amountCents, reason };
  }
  return { id: event.data.id, type: "other", providerType: type };
}
