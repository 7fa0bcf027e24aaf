import Stripe from "stripe";
import { z } from "zod";
import {
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
  RefundRefused,
  type RefundRequest,
  WebhookRejected,
} from "./provider.ts";

// Stripe Checkout behind the shop's PaymentProvider: the buyer pays on Stripe's page, and
// Stripe's signed webhooks tell the shop how it went.

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its requests instead of api.stripe.com; only for tests against a stand-in. */
  apiUrl?: string;
}

const PAYMENT_FAILED_REASON = "Your payment did not go through. Please try another payment method.";

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = createStripeClient(options.secretKey, options.apiUrl);
  return {
    name: "stripe",

    async createCheckout(request) {
      assertLinesAddUp(request);
      const metadata = { order_number: request.reference };
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: request.lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: request.currency,
              unit_amount: line.unitAmountCents,
              product_data: { name: line.title },
            },
          })),
          client_reference_id: request.reference,
          metadata,
          // Also on the payment itself, so the order number shows in the dashboard's payment view.
          payment_intent_data: { metadata },
          customer_email: request.customerEmail,
          success_url: request.returnUrl,
          cancel_url: request.cancelUrl,
        },
        // One session per order: a retried checkout (double click, lost response) gets the same one back.
        { idempotencyKey: `checkout-${request.reference}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a payment page URL`);
      // Stripe's default lifetime: 24 hours.
      return { ref: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },

    async closeCheckout(sessionRef) {
      try {
        await stripe.checkout.sessions.expire(sessionRef);
        return "closed";
      } catch (error) {
        // Only an open session can be expired: one that is not open has expired or been paid.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const session = await stripe.checkout.sessions.retrieve(sessionRef);
        if (session.status === "expired") return "closed";
        if (session.status === "complete") return "completed";
        throw error;
      }
    },

    verifyWebhook(rawBody, headers) {
      return toPaymentEvent(readSignedEvent(stripe, rawBody, headers, options.webhookSecret));
    },

    async withCardCountry(event) {
      // A session paid with nothing to pay names no PaymentIntent, and so no card.
      if (event.type !== "payment_succeeded" || !event.captureRef) return event;
      return { ...event, cardCountry: await cardCountryOf(stripe, event.captureRef) };
    },

    async refund(request) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.captureRef ?? (await paymentIntentOf(stripe, request)),
            amount: request.amountCents,
            metadata: { order_number: request.reference },
          },
          // A retry (ours, the SDK's, or a second admin's at the same moment) gets this refund back.
          { idempotencyKey: request.idempotencyKey },
        );
        if (refund.status === "failed" || refund.status === "canceled") {
          throw new RefundRefused(`Stripe could not make refund ${refund.id} (${refund.status}).`);
        }
        return { ref: refund.id };
      } catch (error) {
        // 4xx: Stripe looked at the request and said no (too much, already refunded, no such payment).
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          throw new RefundRefused(error.message, { cause: error });
        }
        throw error;
      }
    },
  };
}

/**
 * The PaymentIntent a paid Checkout Session captured, for orders whose payment event did not name
 * it (paid before the shop kept it).
 */
async function paymentIntentOf(stripe: Stripe, request: RefundRequest): Promise<string> {
  const session = await stripe.checkout.sessions.retrieve(request.sessionRef);
  const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
  if (!intent) throw new RefundRefused(`Checkout Session ${session.id} has no captured payment to refund.`);
  return intent;
}

/**
 * The issuing country of the card a PaymentIntent was paid with: its latest charge's
 * `payment_method_details.card.country`, the charge expanded in the one request. Null when it was
 * paid otherwise (a bank debit) or Stripe does not know the country.
 */
async function cardCountryOf(stripe: Stripe, paymentIntentId: string): Promise<string | null> {
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge"] });
  const charge = intent.latest_charge;
  if (!charge || typeof charge === "string") return null;
  return charge.payment_method_details?.card?.country ?? null;
}

/** The SDK's client, for payments and for the sellers' connected accounts (server/payouts/stripe-payouts.ts). */
export function createStripeClient(secretKey: string, apiUrl: string | undefined): Stripe {
  const endpoint = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    // A buyer or seller waits on this request; with two retries the worst case stays around half a minute.
    timeout: 10_000,
    // Retries are safe: every POST carries an idempotency key (ours for checkouts, refunds and transfers).
    maxNetworkRetries: 2,
    ...(endpoint && {
      protocol: endpoint.protocol === "https:" ? "https" : "http",
      host: endpoint.hostname.replace(/^\[|\]$/g, ""), // IPv6 literals come bracketed
      port: endpoint.port || (endpoint.protocol === "https:" ? 443 : 80),
    }),
  });
}

/** The shop must never ask Stripe for a different amount than its order total. */
function assertLinesAddUp(request: CheckoutRequest) {
  for (const line of request.lines) {
    if (!Number.isInteger(line.unitAmountCents) || !Number.isInteger(line.quantity)) {
      throw new Error(`Checkout ${request.reference}: line "${line.title}" has a fractional amount or quantity`);
    }
  }
  const sum = request.lines.reduce((total, line) => total + line.unitAmountCents * line.quantity, 0);
  if (sum !== request.amountCents) {
    throw new Error(`Checkout ${request.reference}: the lines add up to ${sum} cents, not ${request.amountCents}`);
  }
}

function readSignedEvent(stripe: Stripe, rawBody: string, headers: Headers, secret: string): Stripe.Event {
  const signature = headers.get("stripe-signature");
  if (!signature) throw new WebhookRejected("missing Stripe-Signature header");
  let event: unknown;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      // The SDK's messages run on with advice and links; the first sentence is the reason.
      throw new WebhookRejected(error.message.split(/[.\n]/)[0] || "invalid signature");
    }
    throw new WebhookRejected("unreadable event body");
  }
  // Correctly signed but not an event: Stripe never sends this, but the shop must not crash on it.
  if (!isEvent(event)) throw new WebhookRejected("not a Stripe event");
  return event;
}

function isEvent(value: unknown): value is Stripe.Event {
  if (typeof value !== "object" || value === null) return false;
  const { id, type, data } = value as Record<string, unknown>;
  return typeof id === "string" && typeof type === "string" && typeof data === "object" && data !== null;
}

type SessionEventType =
  | "checkout.session.completed"
  | "checkout.session.async_payment_succeeded"
  | "checkout.session.async_payment_failed"
  | "checkout.session.expired";

// The fields of a Checkout Session the shop reads, checked before it reads them: a signed event
// with a malformed session is refused as unreadable, never a 500.
const sessionShape = z.looseObject({
  id: z.string().min(1).max(255),
  client_reference_id: z.string().max(255).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  amount_total: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
  currency: z.string().max(10).nullish(),
  payment_intent: z.union([z.string(), z.looseObject({ id: z.string() })]).nullish(),
  payment_status: z.string().nullish(),
});

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const session = sessionShape.safeParse(event.data.object);
      if (!session.success) throw new WebhookRejected("unreadable Checkout Session");
      return fromSession(event.id, event.type, session.data);
    }
    default:
      return { id: event.id, type: "other", providerType: event.type };
  }
}

function fromSession(id: string, type: SessionEventType, session: z.infer<typeof sessionShape>): PaymentEvent {
  // Sessions made elsewhere on the same Stripe account carry no order number: not the shop's business.
  const reference = session.client_reference_id ?? session.metadata?.order_number;
  if (!reference) return { id, type: "other", providerType: type };
  const ours = { id, reference, sessionRef: session.id };
  const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
  const succeeded: PaymentEvent = {
    ...ours,
    type: "payment_succeeded",
    // Never null for payment-mode sessions; 0 would not match the order total, which the shop checks.
    amountCents: session.amount_total ?? 0,
    currency: session.currency ?? "",
    // What a refund names later.
    ...(intent && { captureRef: intent }),
  };

  switch (type) {
    case "checkout.session.completed":
      // "unpaid": a delayed method (a bank debit) has only started; async_payment_* tells how it ends.
      return session.payment_status === "paid" || session.payment_status === "no_payment_required"
        ? succeeded
        : { id, type: "other", providerType: type };
    case "checkout.session.async_payment_succeeded":
      return succeeded;
    case "checkout.session.async_payment_failed":
      return { ...ours, type: "payment_failed", reason: PAYMENT_FAILED_REASON };
    case "checkout.session.expired":
      return { ...ours, type: "session_expired" };
  }
}
