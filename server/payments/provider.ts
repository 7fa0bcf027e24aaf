// What the shop needs from whoever takes the money: a page to send the buyer to, and
// verified events about the payment. The shop's own hosted page (server/payments/hosted) and
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

export interface CheckoutSession {
  /** The provider's id of this payment session. */
  ref: string;
  /** The page the buyer pays on. */
  url: string;
}

/** A verified event, in the shop's terms. */
export type PaymentEvent =
  | {
      id: string;
      type: "payment_succeeded";
      reference: string;
      sessionRef: string;
      amountCents: number;
      currency: string;
    }
  | { id: string; type: "payment_failed"; reference: string; sessionRef: string; reason: string }
  | { id: string; type: "session_expired"; reference: string; sessionRef: string }
  /** Genuine, but nothing the shop acts on. */
  | { id: string; type: "other"; providerType: string };

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Checks the signature of a webhook delivery (the raw body exactly as received) and reads its
   * event. Throws WebhookRejected when it is not genuine, is too old, or cannot be read.
   */
  verifyWebhook(rawBody: string, headers: Headers): PaymentEvent;
}

export class WebhookRejected extends Error {
  override name = "WebhookRejected";
}
