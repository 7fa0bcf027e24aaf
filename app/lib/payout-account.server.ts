import type { RouterContextProvider } from "react-router";
import { requireCreatorWhoMayAct } from "./require-creator.server";

/**
 * The one guard before anything that changes where a seller's money goes: connecting the payout
 * account, continuing its setup, updating it (a new link to the provider's page). Today it asks
 * only that the seller may act for the shop (the shared demo seller may not: decision 039).
 * Two-factor sign-in for this step belongs here, when the shop has it.
 */
export async function assertMayChangePayoutAccount(request: Request, context: Readonly<RouterContextProvider>) {
  return requireCreatorWhoMayAct(request, context);
}

/** Where the earnings page shows the payout account. */
export const PAYOUT_ACCOUNT_SECTION = "/seller/earnings#payout-account";

/**
 * The addresses the payment provider sends the seller back to: from its onboarding page (return),
 * and when its link has expired or was used (refresh: a new link). app/routes/seller/payout-account.ts.
 */
export function payoutAccountReturns(publicUrl: string) {
  return {
    returnUrl: `${publicUrl}/seller/payout-account/return`,
    refreshUrl: `${publicUrl}/seller/payout-account/refresh`,
  };
}
