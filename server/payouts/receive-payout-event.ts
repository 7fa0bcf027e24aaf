import { and, eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../db/client.ts";
import { payoutAccounts } from "../db/schema.ts";
import type { ProviderName } from "../payments/provider.ts";
import type { DestinationChangeServices } from "./destination-changes.ts";
import { storePayoutAccountState } from "./payout-accounts.ts";
import type { PayoutEvent, PayoutProvider } from "./payout-provider.ts";

/** An event about a transfer: money of a payout came back, or never arrived. */
export type TransferEvent = Extract<PayoutEvent, { type: "transfer_reversed" | "transfer_failed" }>;

/**
 * Where transfer events go: the payouts' own records (the ledger entry that gives the money back,
 * the payout row's status), which this module does not keep. It must be safe to call twice with
 * the same event: the provider delivers again when unsure the first delivery arrived.
 */
export type OnTransferEvent = (received: { provider: ProviderName; event: TransferEvent }) => Promise<void>;

/**
 * Applies one webhook delivery about connected accounts and transfers, verified first (a
 * WebhookRejected is thrown for one that is not genuine). An account event is not trusted for
 * the account's state: the account is read again from the provider and stored. An event about an
 * account the shop does not know (made elsewhere on the same platform, or one the shop replaced)
 * is acknowledged and logged. Transfer events are handed to `onTransferEvent`.
 */
export async function receivePayoutEvent(
  db: Database,
  {
    payouts,
    rawBody,
    headers,
    onTransferEvent,
    destinationChanges,
    logger,
  }: {
    payouts: PayoutProvider;
    rawBody: string;
    headers: Headers;
    onTransferEvent: OnTransferEvent;
    /** What noting a new payout destination needs (an account now paid, a new bank account behind it). */
    destinationChanges: DestinationChangeServices & { providerName: string };
    logger: Pick<Logger, "warn">;
  },
): Promise<{ event: PayoutEvent; outcome: string }> {
  const event = payouts.verifyEvent(rawBody, headers);
  switch (event.type) {
    case "account_updated": {
      const known = await storeIfKnown(db, { ...destinationChanges, payouts }, event.accountRef);
      if (!known) {
        logger.warn(
          { provider: payouts.name, accountRef: event.accountRef, eventId: event.id },
          "A payout account event about an account the shop does not know: acknowledged, nothing stored",
        );
        return { event, outcome: "ignored: unknown account" };
      }
      return { event, outcome: "account updated" };
    }
    case "transfer_reversed":
    case "transfer_failed":
      await onTransferEvent({ provider: payouts.name, event });
      return { event, outcome: "handed to the payouts" };
    default:
      return { event, outcome: "ignored" };
  }
}

/** Reads the account again and stores it; false, without asking the provider, when the shop does not know it. */
async function storeIfKnown(
  db: Database,
  services: DestinationChangeServices & { providerName: string; payouts: PayoutProvider },
  accountRef: string,
): Promise<boolean> {
  const { payouts } = services;
  const [known] = await db
    .select({ creatorId: payoutAccounts.creatorId })
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.provider, payouts.name), eq(payoutAccounts.accountRef, accountRef)));
  if (!known) return false;
  const state = await payouts.readAccount(accountRef);
  return storePayoutAccountState(db, services, { provider: payouts.name, accountRef, state });
}
