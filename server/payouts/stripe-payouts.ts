import Stripe from "stripe";
import { z } from "zod";
import { WebhookRejected } from "../payments/provider.ts";
import { createStripeClient } from "../payments/stripe-provider.ts";
import { type PayoutEvent, type PayoutProvider, TransferRefused, type TransferRequest } from "./payout-provider.ts";
import { accountStateFromStripe } from "./stripe-account-state.ts";

// Stripe Connect behind the shop's PayoutProvider (docs/decisions/052): each seller is an Accounts v2
// account with the recipient configuration (it receives transfers into its Stripe balance, which
// Stripe pays out to its bank) and the Express dashboard; the shop charges buyers itself and
// transfers each seller's share separately; Stripe's own onboarding page collects who the seller is
// and where the money goes.

export interface StripePayoutsOptions {
  secretKey: string;
  /** The signing secrets of the event destinations that send Connect events (STRIPE_CONNECT_WEBHOOK_SECRET). */
  connectWebhookSecrets: readonly string[];
  /** Where the SDK sends its requests instead of api.stripe.com; only for tests against a stand-in. */
  apiUrl?: string;
}

/** How long Stripe keeps an idempotency key (24 hours), less an hour for clocks and slow requests. */
const KEYS_KEPT_MS = 23 * 3600_000;
/** Each payout's transfers are grouped under its row: how a transfer is found again once its key is forgotten. */
const transferGroupOf = (payoutId: number) => `payout-${payoutId}`;

/** What a retrieved account includes: the recipient configuration and the requirements (v2 leaves them out by default). */
const ACCOUNT_FIELDS = ["configuration.recipient", "requirements"] as const;

export function createStripePayouts(options: StripePayoutsOptions): PayoutProvider {
  const stripe = createStripeClient(options.secretKey, options.apiUrl);
  return {
    name: "stripe",

    async createAccount(request) {
      const account = await stripe.v2.core.accounts.create(
        {
          contact_email: request.email,
          display_name: request.displayName,
          identity: { country: request.country },
          // Earnings, payouts and tax forms on Stripe's light dashboard; the seller never runs payments.
          dashboard: "express",
          defaults: {
            currency: "usd",
            // The shop charges the buyers, so it pays Stripe's fees and answers for refunds and disputes.
            responsibilities: { fees_collector: "application", losses_collector: "application" },
          },
          configuration: { recipient: { capabilities: { stripe_balance: { stripe_transfers: { requested: true } } } } },
          metadata: { creator_id: String(request.creatorId) },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { ref: account.id };
    },

    async onboardingLink({ accountRef, returnUrl, refreshUrl }) {
      const link = await stripe.v2.core.accountLinks.create({
        account: accountRef,
        use_case: {
          type: "account_onboarding",
          account_onboarding: {
            return_url: returnUrl,
            refresh_url: refreshUrl,
            // Everything at once: the seller is not stopped again at the first payout.
            collection_options: { fields: "eventually_due" },
          },
        },
      });
      return { url: link.url, expiresAt: new Date(link.expires_at) };
    },

    async readAccount(accountRef) {
      return accountStateFromStripe(
        await stripe.v2.core.accounts.retrieve(accountRef, { include: [...ACCOUNT_FIELDS] }),
      );
    },

    async transfer(request: TransferRequest) {
      // Stripe forgets an idempotency key after 24 hours: a payout first asked before then (the
      // answer lost, the shop down over a weekend) may have its transfer already, under its group.
      if (Date.now() - request.firstAskedAt.getTime() > KEYS_KEPT_MS) {
        const earlier = await stripe.transfers.list({ transfer_group: transferGroupOf(request.payoutId), limit: 1 });
        if (earlier.data[0]) return { ref: earlier.data[0].id };
      }
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            destination: request.accountRef,
            description: request.description,
            // The payout row, for whoever reads the transfer in the dashboard.
            metadata: { payout_id: String(request.payoutId) },
            transfer_group: transferGroupOf(request.payoutId),
          },
          // A retry (ours, the SDK's, a second server) gets this transfer back, never a second one.
          { idempotencyKey: request.idempotencyKey },
        );
        return { ref: transfer.id };
      } catch (error) {
        // Stripe read the request and said no (an account that cannot be paid, a short balance, the
        // key reused with another amount): nothing moved. Anything else may be retried.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripeIdempotencyError
        ) {
          throw new TransferRefused(error.message, { cause: error });
        }
        throw error;
      }
    },

    verifyEvent(rawBody, headers) {
      const signature = headers.get("stripe-signature");
      if (!signature) throw new WebhookRejected("missing Stripe-Signature header");
      // Account events come as thin events (Accounts v2), transfer reversals as snapshot events; each
      // is verified by the SDK's own reader for it.
      if (objectOf(rawBody) === "v2.core.event") {
        return fromThinEvent(
          verified(options.connectWebhookSecrets, (secret) =>
            stripe.parseEventNotification(rawBody, signature, secret),
          ),
        );
      }
      return fromSnapshotEvent(
        verified(options.connectWebhookSecrets, (secret) => stripe.webhooks.constructEvent(rawBody, signature, secret)),
      );
    },
  };
}

/** The `object` of a JSON body, to pick its reader; undefined when it is not JSON (the reader then refuses it). */
function objectOf(rawBody: string): unknown {
  try {
    return (JSON.parse(rawBody) as { object?: unknown } | null)?.object;
  } catch {
    return undefined;
  }
}

/** What `read` makes of the body with the first secret that verifies its signature. */
function verified<Read>(secrets: readonly string[], read: (secret: string) => Read): Read {
  let refusal: string | undefined;
  for (const secret of secrets) {
    try {
      return read(secret);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) {
        throw new WebhookRejected("unreadable event body");
      }
      // The SDK's messages run on with advice and links; the first sentence is the reason. A
      // signature that matched one secret but is too old says more than the others' mismatch.
      const reason = error.message.split(/[.\n]/)[0] || "invalid signature";
      if (!refusal || !reason.startsWith("No signatures found")) refusal = reason;
    }
  }
  throw new WebhookRejected(refusal ?? "invalid signature");
}

// The fields of a thin event the shop reads, checked before it reads them: a genuine signature on
// a malformed event is refused as unreadable, never a 500.
const thinEventShape = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  related_object: z.looseObject({ id: z.string().min(1).max(255), type: z.string().max(255) }).nullish(),
});

function fromThinEvent(notification: unknown): PayoutEvent {
  const event = thinEventShape.safeParse(notification);
  if (!event.success) throw new WebhookRejected("unreadable event");
  const { id, type, related_object: related } = event.data;
  // v2.core.account.updated, v2.core.account[requirements].updated,
  // v2.core.account[configuration.recipient].capability_status_updated...: read the account again.
  if (/^v2\.core\.account[.[]/.test(type) && related?.type === "v2.core.account") {
    return { id, type: "account_updated", accountRef: related.id };
  }
  return { id, type: "other", providerType: type };
}

const snapshotEventShape = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.looseObject({ object: z.unknown() }),
});

const money = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const reversedTransferShape = z.looseObject({
  id: z.string().min(1).max(255),
  amount_reversed: money,
  reversals: z
    .looseObject({
      data: z
        .array(
          z.looseObject({
            amount: money,
            created: z.number(),
            metadata: z.record(z.string(), z.string()).nullish(),
            source_refund: z.union([z.string(), z.looseObject({ id: z.string() })]).nullish(),
          }),
        )
        .max(100),
    })
    .nullish(),
});

function fromSnapshotEvent(raw: unknown): PayoutEvent {
  const event = snapshotEventShape.safeParse(raw);
  if (!event.success) throw new WebhookRejected("unreadable event");
  const { id, type } = event.data;
  if (type !== "transfer.reversed") return { id, type: "other", providerType: type };
  const transfer = reversedTransferShape.safeParse(event.data.data.object);
  if (!transfer.success) throw new WebhookRejected("unreadable transfer");
  // The event is about the newest reversal (a transfer can be reversed in parts, one event each).
  const reversals = [...(transfer.data.reversals?.data ?? [])].sort((a, b) => b.created - a.created);
  const newest = reversals[0];
  return {
    id,
    type: "transfer_reversed",
    transferRef: transfer.data.id,
    amountCents: newest?.amount ?? transfer.data.amount_reversed,
    reason:
      newest?.metadata?.reason ??
      (newest?.source_refund ? "The charge it paid for was refunded." : "Reversed on Stripe."),
  };
}
