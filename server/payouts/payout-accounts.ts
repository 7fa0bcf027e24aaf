import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { payoutAccounts } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { type DestinationChangeServices, notePayoutDestination } from "./destination-changes.ts";
import type { PayoutAccountState, PayoutProvider } from "./payout-provider.ts";

// Each seller's connected account at the payment provider (docs/decisions/052): opened once, then
// onboarded, and later updated, on the provider's own page; its state is read from the provider on
// the seller's return and on each of its events, and kept here for the earnings page and the payout
// run. The seller's identity and bank details stay with the provider.

export type PayoutAccount = typeof payoutAccounts.$inferSelect;

export async function payoutAccountOf(db: Database, creatorId: number): Promise<PayoutAccount | null> {
  const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, creatorId));
  return account ?? null;
}

const PROVIDER_FAILED =
  "The payment provider could not be reached. Nothing was changed; please try again in a few minutes.";

/** A call to the provider whose failure the seller reads as a refusal (502), not as a fault of the shop. */
async function askProvider<Result>(call: () => Promise<Result>): Promise<Result> {
  try {
    return await call();
  } catch (error) {
    throw new Refusal(PROVIDER_FAILED, "upstream-failed", { cause: error });
  }
}

export interface ConnectRequest {
  creatorId: number;
  email: string;
  displayName: string;
  /** Where the seller's bank is (ISO 3166-1 alpha-2): asked only when the account is first opened. */
  country: string | undefined;
  /** Where the provider sends the seller back, and where it sends a seller whose link has expired. */
  returnUrl: string;
  refreshUrl: string;
}

/**
 * A fresh link to the provider's onboarding page for the seller's payout account (Connect, Continue
 * setup and Update all come here), the account opened first when the seller has none with this
 * provider. Opening is idempotent: concurrent or retried requests (a double click, a lost answer)
 * send the provider one key per seller and provider, so they find one account, and store one row.
 */
export async function connectPayoutAccount(
  db: Database,
  payouts: PayoutProvider,
  request: ConnectRequest,
): Promise<{ url: string; expiresAt: Date }> {
  let account = await payoutAccountOf(db, request.creatorId);
  if (account?.provider !== payouts.name) {
    if (!request.country) {
      throw new Refusal("Choose the country where your bank account is.", "invalid", { field: "country" });
    }
    const country = request.country;
    const { ref } = await askProvider(() =>
      payouts.createAccount({
        creatorId: request.creatorId,
        email: request.email,
        displayName: request.displayName,
        country,
        idempotencyKey: `payout-account-${payouts.name}-${request.creatorId}`,
      }),
    );
    account = await storeOpenedAccount(db, { creatorId: request.creatorId, provider: payouts.name, accountRef: ref });
  }
  const { accountRef } = account;
  return askProvider(() =>
    payouts.onboardingLink({ accountRef, returnUrl: request.returnUrl, refreshUrl: request.refreshUrl }),
  );
}

/**
 * The row of a newly opened account, not yet set up. A row for another provider (the shop moved
 * from its stand-in to Stripe) is replaced: payouts go where the payments are taken.
 */
async function storeOpenedAccount(
  db: Database,
  opened: { creatorId: number; provider: PayoutAccount["provider"]; accountRef: string },
): Promise<PayoutAccount> {
  const notSetUp = {
    detailsSubmitted: false,
    payoutsEnabled: false,
    requirementsDue: [],
    requirementsDueBy: null,
    disabledReason: null,
  };
  await db
    .insert(payoutAccounts)
    .values({ ...opened, ...notSetUp })
    .onConflictDoUpdate({
      target: payoutAccounts.creatorId,
      set: { provider: opened.provider, accountRef: opened.accountRef, ...notSetUp, updatedAt: sql`now()` },
      setWhere: sql`${payoutAccounts.provider} <> ${opened.provider}`,
    });
  return (await payoutAccountOf(db, opened.creatorId))!;
}

/**
 * Reads the seller's account from the provider and keeps its state (the seller is back from the
 * provider's page). Null when the seller has no account with this provider.
 */
export async function refreshPayoutAccount(
  db: Database,
  services: DestinationChangeServices & { payouts: PayoutProvider; providerName: string },
  creatorId: number,
): Promise<PayoutAccount | null> {
  const { payouts } = services;
  const account = await payoutAccountOf(db, creatorId);
  if (account?.provider !== payouts.name) return null;
  const state = await askProvider(() => payouts.readAccount(account.accountRef));
  await storePayoutAccountState(db, services, { provider: payouts.name, accountRef: account.accountRef, state });
  return payoutAccountOf(db, creatorId);
}

/**
 * Keeps the state just read of an account; false when the shop knows no such account. Once the
 * seller has finished onboarding it stays finished (as Stripe's v1 details_submitted does): what
 * the provider asks for later is said as what it needs, and payouts paused when it is overdue, not
 * as a setup to start again. An account that can be paid is the seller's payout destination: a
 * new one (or a new bank account behind it) is noted, emailed and may pause payouts
 * (destination-changes.ts).
 */
export async function storePayoutAccountState(
  db: Database,
  services: DestinationChangeServices & { providerName: string },
  {
    provider,
    accountRef,
    state,
  }: { provider: PayoutAccount["provider"]; accountRef: string; state: PayoutAccountState },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(payoutAccounts)
      .set({
        detailsSubmitted: sql`${payoutAccounts.detailsSubmitted} OR ${state.detailsSubmitted}`,
        payoutsEnabled: state.payoutsEnabled,
        requirementsDue: state.requirementsDue,
        requirementsDueBy: state.requirementsDueBy,
        disabledReason: state.disabledReason,
        updatedAt: sql`now()`,
      })
      .where(and(eq(payoutAccounts.provider, provider), eq(payoutAccounts.accountRef, accountRef)))
      .returning({ creatorId: payoutAccounts.creatorId });
    if (!updated) return false;
    if (state.payoutsEnabled) {
      const account = `your ${services.providerName} account ${accountRef}`;
      const destination = state.payoutMethod ? `${state.payoutMethod}, through ${account}` : account;
      await notePayoutDestination(tx, services, { creatorId: updated.creatorId, destination });
    }
    return true;
  });
}
