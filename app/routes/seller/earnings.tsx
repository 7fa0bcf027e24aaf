import { assertNotSharedDemoAccount } from "@server/accounts/shared-demo-accounts.ts";
import { servicesContext } from "@server/http/context.ts";
import { nextPayoutOf, payoutBalance } from "@server/payouts/balance.ts";
import { payoutDestinations } from "@server/payouts/destinations.ts";
import { sellerLedger } from "@server/payouts/ledger.ts";
import { nextPayoutFriday } from "@server/payouts/payout-schedule.ts";
import { payoutSettingsOf, payoutsOf, savePayoutSettings } from "@server/payouts/payouts.ts";
import { taxDetailsStatus } from "@server/payouts/tax-details.ts";
import { payoutSettingsSchema } from "@shared/payout-settings-schema.ts";
import { data } from "react-router";
import { replyOf } from "~/components/forms/form-field";
import { LedgerTable, PayoutList, PayoutOutlook } from "~/components/sellers/earnings-sections";
import { PayoutSettingsForm } from "~/components/sellers/payout-settings-form";
import { SellerNav } from "~/components/sellers/seller-nav";
import { TaxAndStatementsCard } from "~/components/sellers/tax-and-statements-card";
import { Container } from "~/components/ui/page";
import { parseSubmission, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction, pageLoader } from "~/lib/refusal.server";
import { requireCreator } from "~/lib/require-creator.server";
import type { Route } from "./+types/earnings";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { creator, lookOnly } = await requireCreator(request, context);
  const { db, payoutPolicy } = context.get(servicesContext);
  const now = new Date();
  const [balance, entries, payouts, settings, destination, tax] = await Promise.all([
    payoutBalance(db, { creatorId: creator.id, now, holdDays: payoutPolicy.holdDays }),
    sellerLedger(db, creator.id),
    payoutsOf(db, creator.id),
    payoutSettingsOf(db, creator.id),
    // Where the Friday run would pay them now: the same question it asks.
    payoutDestinations(payoutPolicy)(db, creator.id, now),
    taxDetailsStatus(db, creator.id),
  ]);
  return {
    lookOnly,
    balance: { ...balance, hold: balance.hold && { ...balance.hold, heldAt: balance.hold.heldAt.toISOString() } },
    nextPayout: nextPayoutOf(balance, { friday: nextPayoutFriday(now), hasDestination: destination !== null }),
    entries: entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    payouts: payouts.map((payout) => ({ ...payout, createdAt: payout.createdAt.toISOString() })),
    settings: settings && { method: settings.method, destination: settings.destination },
    tax,
  };
});

/** POST: the seller's payout settings. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { creator, user } = await requireCreator(request, context);
  const { db, shopMode } = context.get(servicesContext);
  // The demo shop is everyone's: nobody may point its payouts at their own account.
  assertNotSharedDemoAccount(shopMode, user.email);
  const submission = parseSubmission(await readForm(request), payoutSettingsSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await savePayoutSettings(db, creator.id, submission.value);
  return { ok: true as const, message: "Your payout settings were saved." };
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Earnings and payouts");

export default function EarningsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { balance, entries, payouts, settings } = loaderData;
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav lookOnly={loaderData.lookOnly} />
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <PayoutOutlook balance={balance} nextPayout={loaderData.nextPayout} />
          <LedgerTable entries={entries} />
          <PayoutList payouts={payouts} />
        </div>
        <div className="flex flex-col gap-6">
          <PayoutSettingsForm
            settings={settings}
            lastResult={replyOf(actionData)}
            result={actionData && "message" in actionData ? actionData : undefined}
          />
          <TaxAndStatementsCard tax={loaderData.tax} />
        </div>
      </div>
    </Container>
  );
}
