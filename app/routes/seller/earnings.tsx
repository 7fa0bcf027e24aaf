import { assertSecondFactor } from "@server/accounts/second-factor.ts";
import { assertNotSharedDemoAccount } from "@server/accounts/shared-demo-accounts.ts";
import { servicesContext } from "@server/http/context.ts";
import { Refusal } from "@server/lib/refusal.ts";
import { nextPayoutOf, payoutBalance } from "@server/payouts/balance.ts";
import { payoutBlockOf, payoutDestinationOf } from "@server/payouts/destinations.ts";
import { sellerLedger } from "@server/payouts/ledger.ts";
import { payoutAccountStatus, providerNameOf } from "@server/payouts/payout-account-status.ts";
import { connectPayoutAccount, payoutAccountOf } from "@server/payouts/payout-accounts.ts";
import { nextPayoutFriday } from "@server/payouts/payout-schedule.ts";
import { payoutSettingsOf, payoutsOf, savePayoutSettings } from "@server/payouts/payouts.ts";
import { taxDetailsStatus } from "@server/payouts/tax-details.ts";
import { CONNECT_PAYOUT_ACCOUNT, connectPayoutAccountSchema } from "@shared/payout-account-schema.ts";
import { payoutSettingsSchema } from "@shared/payout-settings-schema.ts";
import { data, redirect } from "react-router";
import { replyOf } from "~/components/forms/form-field";
import { LedgerTable, PayoutList, PayoutOutlook } from "~/components/sellers/earnings-sections";
import { PayoutAccountSection } from "~/components/sellers/payout-account-section";
import { PayoutSettingsForm } from "~/components/sellers/payout-settings-form";
import { SellerNav } from "~/components/sellers/seller-nav";
import { TaxAndStatementsCard } from "~/components/sellers/tax-and-statements-card";
import { Container } from "~/components/ui/page";
import { parseSubmission, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import {
  assertMayChangePayoutAccount,
  CHANGING_PAYOUTS,
  destinationChangeServices,
  payoutAccountReturns,
} from "~/lib/payout-account.server";
import { formAction, pageLoader, refusalResponse } from "~/lib/refusal.server";
import { requireCreator } from "~/lib/require-creator.server";
import type { Route } from "./+types/earnings";

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  const { creator, lookOnly } = await requireCreator(request, context);
  const { db, payouts: payoutProvider, payoutPolicy, shopName } = context.get(servicesContext);
  const now = new Date();
  const [balance, entries, payouts, settings, account, destination, block, tax] = await Promise.all([
    payoutBalance(db, { creatorId: creator.id, now, holdDays: payoutPolicy.holdDays }),
    sellerLedger(db, creator.id),
    payoutsOf(db, creator.id),
    payoutSettingsOf(db, creator.id),
    payoutAccountOf(db, creator.id),
    // Where the Friday run would pay them, and what would keep it back: the questions it asks.
    payoutDestinationOf(payoutPolicy, payoutProvider.name)(db, creator.id),
    payoutBlockOf(db, creator.id, now),
    taxDetailsStatus(db, creator.id),
  ]);
  // An account with another provider (the shop has since moved to Stripe) is none: a new one is connected.
  const current = account?.provider === payoutProvider.name ? account : null;
  return {
    lookOnly,
    /** How this shop pays: through the payout account (transfer), or by hand to the saved settings (manual). */
    rail: payoutPolicy.rail,
    balance: { ...balance, hold: balance.hold && { ...balance.hold, heldAt: balance.hold.heldAt.toISOString() } },
    nextPayout: nextPayoutOf(balance, { friday: nextPayoutFriday(now), hasDestination: destination !== null, block }),
    tax,
    entries: entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    payouts: payouts.map((payout) => ({ ...payout, createdAt: payout.createdAt.toISOString() })),
    settings: settings && { method: settings.method, destination: settings.destination },
    payoutAccount: {
      status: payoutAccountStatus(current, providerNameOf(payoutProvider.name, shopName)),
      providerName: providerNameOf(payoutProvider.name, shopName),
    },
  };
});

/** POST: the seller's payout settings; or, with intent connect-payout-account, off to the provider's onboarding page. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { creator, user } = await requireCreator(request, context);
  const form = await readForm(request);
  if (form.get("intent") === CONNECT_PAYOUT_ACCOUNT) return connectAction(form, { request, context });
  const services = context.get(servicesContext);
  const { db, shopMode } = services;
  // The demo shop is everyone's: nobody may point its payouts at their own account.
  assertNotSharedDemoAccount(shopMode, user.email);
  // Where the money goes (the manual rail's account): a second factor first, as for Connect.
  await assertSecondFactor(db, user.id, CHANGING_PAYOUTS);
  if (services.payoutPolicy.rail !== "manual") throw new Refusal(PAID_THROUGH_ACCOUNT, "conflict");
  const submission = parseSubmission(form, payoutSettingsSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await savePayoutSettings(db, destinationChangeServices(services), { creatorId: creator.id, input: submission.value });
  return { ok: true as const, message: "Your payout settings were saved." };
});

// Each rail has its own card on the page; a form of the other rail's (an old tab) is refused.
const PAID_THROUGH_ACCOUNT = "This shop pays its sellers through their payout account: connect it above.";
const PAID_BY_HAND = "This shop pays its sellers by hand: save where to pay you in Payout settings.";

/** Connect, Continue setup, Update: a fresh link to the provider's page, where the seller is sent. */
async function connectAction(form: FormData, { request, context }: Pick<Route.ActionArgs, "request" | "context">) {
  try {
    const { creator, user } = await assertMayChangePayoutAccount(request, context);
    const { db, payouts, publicUrl, payoutPolicy } = context.get(servicesContext);
    if (payoutPolicy.rail !== "transfer") throw new Refusal(PAID_BY_HAND, "conflict");
    const submission = parseSubmission(form, connectPayoutAccountSchema);
    if (submission.status !== "success") {
      return data({ intent: CONNECT_PAYOUT_ACCOUNT, result: submission.reply() }, { status: 400 });
    }
    const link = await connectPayoutAccount(db, payouts, {
      creatorId: creator.id,
      email: user.email,
      displayName: creator.name,
      country: submission.value.country,
      ...payoutAccountReturns(publicUrl),
    });
    return redirect(link.url);
  } catch (error) {
    // Said beside the payout account's button, not in the settings form.
    if (error instanceof Response) throw error;
    return refusalResponse(error, { intent: CONNECT_PAYOUT_ACCOUNT });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Earnings and payouts");

export default function EarningsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { balance, entries, payouts, settings, payoutAccount } = loaderData;
  const connectAnswer = actionData && "intent" in actionData ? actionData : undefined;
  const settingsAnswer = actionData && !("intent" in actionData) ? actionData : undefined;
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav lookOnly={loaderData.lookOnly} />
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <PayoutOutlook balance={balance} nextPayout={loaderData.nextPayout} />
          <LedgerTable entries={entries} />
          <PayoutList payouts={payouts} providerName={payoutAccount.providerName} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {loaderData.rail === "transfer" ? (
            <PayoutAccountSection
              status={payoutAccount.status}
              providerName={payoutAccount.providerName}
              lastResult={replyOf(connectAnswer)}
              result={connectAnswer && "message" in connectAnswer ? connectAnswer : undefined}
            />
          ) : (
            <PayoutSettingsForm
              settings={settings}
              lastResult={replyOf(settingsAnswer)}
              result={settingsAnswer && "message" in settingsAnswer ? settingsAnswer : undefined}
            />
          )}
          <TaxAndStatementsCard tax={loaderData.tax} />
        </div>
      </div>
    </Container>
  );
}
