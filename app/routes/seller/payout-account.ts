import { servicesContext } from "@server/http/context.ts";
import { asRefusal } from "@server/http/error-answers.ts";
import { connectPayoutAccount, refreshPayoutAccount } from "@server/payouts/payout-accounts.ts";
import { data, redirect } from "react-router";
import {
  assertMayChangePayoutAccount,
  destinationChangeServices,
  PAYOUT_ACCOUNT_SECTION,
  payoutAccountReturns,
} from "~/lib/payout-account.server";
import { pageLoader } from "~/lib/refusal.server";
import { requireCreator } from "~/lib/require-creator.server";
import type { Route } from "./+types/payout-account";

/**
 * GET /seller/payout-account/return: the seller is back from the provider's page, finished or
 * not: the account is read again, and the earnings page says where it stands.
 * GET /seller/payout-account/refresh: the provider's link had expired or was spent: a new one.
 */
export const loader = pageLoader(async ({ request, params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  const { db, payouts, publicUrl } = services;
  if (params.step === "return") {
    const { creator } = await requireCreator(request, context);
    try {
      await refreshPayoutAccount(db, destinationChangeServices(services), creator.id);
    } catch (error) {
      // The provider away: the page shows the state last kept, and the provider's event brings the new one.
      if (!asRefusal(error)) throw error;
    }
    return redirect(PAYOUT_ACCOUNT_SECTION);
  }
  if (params.step === "refresh") {
    const { creator, user } = await assertMayChangePayoutAccount(request, context);
    const link = await connectPayoutAccount(db, payouts, {
      creatorId: creator.id,
      email: user.email,
      displayName: creator.name,
      country: undefined,
      ...payoutAccountReturns(publicUrl),
    });
    return redirect(link.url);
  }
  throw data("Not found", { status: 404 });
});
