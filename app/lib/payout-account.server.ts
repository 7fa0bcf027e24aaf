import { assertSecondFactor } from "@server/accounts/second-factor.ts";
import { type RequestServices, servicesContext } from "@server/http/context.ts";
import type { DestinationChangeServices } from "@server/payouts/destination-changes.ts";
import { providerNameOf } from "@server/payouts/payout-account-status.ts";
import type { RouterContextProvider } from "react-router";
import { requireCreatorWhoMayAct } from "./require-creator.server";

/**
 * The one guard before anything that changes where a seller's money goes: connecting the payout
 * account, continuing its setup, updating it (a new link to the provider's page). The seller may
 * act for the shop (the shared demo seller may not: decision 039), and has a second factor
 * (two-factor sign-in or a passkey: decision 055), so that a stolen password cannot move their money.
 */
export async function assertMayChangePayoutAccount(request: Request, context: Readonly<RouterContextProvider>) {
  const found = await requireCreatorWhoMayAct(request, context);
  await assertSecondFactor(context.get(servicesContext).db, found.user.id, CHANGING_PAYOUTS);
  return found;
}

/** What a seller without a second factor may not do yet (assertSecondFactor ends its sentence with it). */
export const CHANGING_PAYOUTS = "you connect or change a payout account";

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

/** What noting a seller's new payout destination needs, from the request's services (destination-changes.ts). */
export function destinationChangeServices(
  services: RequestServices,
): DestinationChangeServices & { providerName: string; payouts: RequestServices["payouts"] } {
  const { jobs, shopName, publicUrl, payoutPolicy, payouts } = services;
  return {
    jobs,
    shopName,
    publicUrl,
    pauseHours: payoutPolicy.accountChangePauseHours,
    payouts,
    providerName: providerNameOf(payouts.name, shopName),
  };
}
