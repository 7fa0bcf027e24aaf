// What the shop needs from whoever pays its sellers: a connected account per seller, onboarded on the
// processor's own page (it collects the seller's identity and bank details: the shop never sees
// them), transfers from the shop's balance to that account, and verified events about both.
// Stripe Connect and the shop's own stand-in (hosted) stand behind this interface, as behind
// PaymentProvider for payments.

import type { ProviderName } from "../payments/provider.ts";

/** A connected account as the processor sees it now. */
export interface PayoutAccountState {
  /** The seller finished the onboarding form. */
  detailsSubmitted: boolean;
  /** Transfers to the account are accepted and reach the seller's bank. */
  payoutsEnabled: boolean;
  /** What the processor still needs from the seller, in its words (empty when nothing is due). */
  requirementsDue: string[];
  /** By when it needs them (then payouts stop); null when nothing is due. */
  requirementsDueBy: Date | null;
  /** Why the account cannot be paid, in the processor's words; null when it can. */
  disabledReason: string | null;
  /**
   * Where the account's money goes on from the processor, in words ("bank account ending 6789"),
   * when the processor says; Stripe does not (its own dashboard guards and announces a new bank
   * account), and then the account itself is the destination.
   */
  payoutMethod?: string | null;
}

export interface CreateAccountRequest {
  /** The shop's own reference: the creator's id. Events about the account carry the account's ref. */
  creatorId: number;
  email: string;
  displayName: string;
  /** ISO 3166-1 alpha-2, as the seller gave it. */
  country: string;
  /** One per seller and attempt: a retry (a lost answer, a double click) returns the same account. */
  idempotencyKey: string;
}

export interface TransferRequest {
  accountRef: string;
  amountCents: number;
  currency: "usd";
  /** Shown to the seller by the processor. */
  description: string;
  /** The shop's payout row: events about the transfer are matched back to it by the transfer's ref. */
  payoutId: number;
  /** One per seller and Friday: a rerun, a crash between the transfer and its record, or a second server makes one transfer. */
  idempotencyKey: string;
  /**
   * When the payout was taken (its first ask): a processor that forgets keys (Stripe, after 24
   * hours) is asked first whether an older ask made the transfer.
   */
  firstAskedAt: Date;
}

/** A verified event, in the shop's terms. */
export type PayoutEvent =
  /** Something about the account changed: read it again (readAccount) rather than trust the event's copy. */
  | { id: string; type: "account_updated"; accountRef: string }
  /** Money of a transfer came back to the shop's balance (all of it or a part). */
  | { id: string; type: "transfer_reversed"; transferRef: string; amountCents: number; reason: string }
  /** A transfer the processor took did not reach the account after all: all of it is back. */
  | { id: string; type: "transfer_failed"; transferRef: string; reason: string }
  /** Genuine, but nothing the shop acts on. */
  | { id: string; type: "other"; providerType: string };

export interface PayoutProvider {
  readonly name: ProviderName;
  createAccount(request: CreateAccountRequest): Promise<{ ref: string }>;
  /**
   * A single-use link to the processor's onboarding page for the account. It expires (`refreshUrl`
   * is where the processor sends a seller whose link has: the shop makes a new one).
   */
  onboardingLink(request: { accountRef: string; returnUrl: string; refreshUrl: string }): Promise<{
    url: string;
    expiresAt: Date;
  }>;
  readAccount(accountRef: string): Promise<PayoutAccountState>;
  /**
   * Moves money from the shop's balance to the account. Throws TransferRefused, with the
   * processor's message, when it says no (the account cannot be paid, the shop's balance is short):
   * nothing moved. Any other error means the processor could not be asked or its answer was lost:
   * a retry with the same idempotency key is safe and returns the first transfer.
   */
  transfer(request: TransferRequest): Promise<{ ref: string }>;
  /**
   * Checks the signature of a webhook delivery about connected accounts and transfers (the raw body
   * exactly as received) and reads it. Throws WebhookRejected (payments/provider.ts) when it is not genuine.
   */
  verifyEvent(rawBody: string, headers: Headers): PayoutEvent;
}

/** The processor declined a transfer; the message says why, in its words. Nothing moved. */
export class TransferRefused extends Error {
  override name = "TransferRefused";
}
