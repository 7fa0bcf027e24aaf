// What the shop needs from whoever takes the money: a page to send the buyer to, verified
// events about the payment, and refunds of (part of) a captured payment. The shop's own hosted page (server/payments/hosted) and
// Stripe Checkout (stripe-provider.ts) both stand behind this interface.

export type ProviderName = "hosted" | "stripe";

export interface CheckoutRequest {
  /** The shop's reference for the payment: the order number. Every event carries it back. */
  reference: string;
  amountCents: number;
  currency: "usd";
  /** What the payment page lists; the amounts add up to amountCents (tax is its own line). */
  lines: { title: string; unitAmountCents: number; quantity: number }[];
  customerEmail: string;
  /** Where the buyer goes after paying, and after giving up. */
  returnUrl: string;
  cancelUrl: string;
}

interface CheckoutSession {
  /** The provider's id of this payment session. */
  ref: string;
  /** The page the buyer pays on. */
  url: string;
  /** When the session stops taking payment (both providers: 24 hours after it was made). */
  expiresAt: Date;
}

/**
 * What closing a session found: `closed`, it takes no payment from now on (it was open, or had
 * already expired); `completed`, the buyer had already paid (its event is on its way).
 */
export type CloseOutcome = "closed" | "completed";

/** A verified event, in the shop's terms. */
export type PaymentEvent =
  | {
      id: string;
      type: "payment_succeeded";
      reference: string;
      sessionRef: string;
      amountCents: number;
      currency: string;
      /** The provider's id of the captured payment (a Stripe PaymentIntent), when it has one. */
      captureRef?: string;
      /**
       * The issuing country of the card paid with, ISO 3166-1 alpha-2 as the provider reports it
       * (evidence of where the buyer lives, docs/decisions/057); null when the payment had no card
       * or the provider did not know; absent from providers and events that never say.
       */
      cardCountry?: string | null;
    }
  | { id: string; type: "payment_failed"; reference: string; sessionRef: string; reason: string }
  | { id: string; type: "session_expired"; reference: string; sessionRef: string }
  /** Genuine, but nothing the shop acts on. */
  | { id: string; type: "other"; providerType: string };

export interface RefundRequest {
  /** The shop's reference of the payment: the order number. */
  reference: string;
  /** The payment session the order was paid through (CheckoutSession.ref). */
  sessionRef: string;
  /** The captured payment, when the payment event named one (orders.payment_capture_ref). */
  captureRef: string | null;
  /** What to give back, in cents: at most what is left of the payment. */
  amountCents: number;
  /** A retry with the same key returns the first refund instead of making a second one. */
  idempotencyKey: string;
}

export interface Refund {
  /** The provider's id of the refund. */
  ref: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Closes an open payment session (the buyer cancelled), so that it can no longer be paid; the
   * provider then sends its session_expired event, as for a session whose time ran out.
   */
  closeCheckout(sessionRef: string): Promise<CloseOutcome>;
  /**
   * Checks the signature of a webhook delivery (the raw body exactly as received) and reads its
   * event. Throws WebhookRejected when it is not genuine, is too old, or cannot be read.
   */
  verifyWebhook(rawBody: string, headers: Headers): PaymentEvent;
  /**
   * The verified event with the card's issuing country where the provider must be asked for it
   * (Stripe's events name the payment, whose charge holds the card); other events as they are.
   * Throws when the provider cannot be asked: the delivery fails, and its redelivery tries again,
   * so the evidence of where the buyer lives is not lost to a passing outage.
   */
  withCardCountry(event: PaymentEvent): Promise<PaymentEvent>;
  /**
   * Gives money back from a paid session. Throws RefundRefused when the provider says no (more
   * than is left of the payment, an unknown or unpaid payment); any other error means the provider
   * could not be asked, and a retry with the same idempotency key is safe.
   */
  refund(request: RefundRequest): Promise<Refund>;
}

/** The provider declined a refund; the message says why, in the provider's words. */
export class RefundRefused extends Error {
  override name = "RefundRefused";
}

export class WebhookRejected extends Error {
  override name = "WebhookRejected";
}
