import { parseWithZod } from "@conform-to/zod/v4";
import { assertNotSharedDemoAccount } from "@server/accounts/demo-accounts.ts";
import { servicesContext } from "@server/http/context.ts";
import { sellerBalance, sellerLedger } from "@server/payouts/ledger.ts";
import { payoutSettingsOf, payoutsOf, savePayoutSettings } from "@server/payouts/payouts.ts";
import { formatDayUtc, formatPrice } from "@shared/format.ts";
import { payoutSettingsSchema } from "@shared/payout-settings-schema.ts";
import { PAYOUT_DAY, PAYOUT_FUNDS_AVAILABLE, PAYOUT_METHOD_NAMES, PAYOUT_MINIMUM_CENTS } from "@shared/shop-facts.ts";
import { data } from "react-router";
import { ScrollTable } from "~/components/content/scroll-table";
import { PayoutSettingsForm } from "~/components/sellers/payout-settings-form";
import { SellerNav } from "~/components/sellers/seller-nav";
import { Card } from "~/components/ui/card";
import { replyOf } from "~/components/ui/form-field";
import { Container } from "~/components/ui/page";
import { readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { formAction } from "~/lib/refusal.server";
import { requireCreator } from "~/lib/require-creator.server";
import type { Route } from "./+types/earnings";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { creator } = await requireCreator(request, context);
  const { db } = context.get(servicesContext);
  const [balance, entries, payouts, settings] = await Promise.all([
    sellerBalance(db, creator.id),
    sellerLedger(db, creator.id),
    payoutsOf(db, creator.id),
    payoutSettingsOf(db, creator.id),
  ]);
  return {
    balance,
    entries: entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    payouts: payouts.map((payout) => ({ ...payout, createdAt: payout.createdAt.toISOString() })),
    settings: settings && { method: settings.method, destination: settings.destination },
  };
}

/** POST: the seller's payout settings. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { creator, user } = await requireCreator(request, context);
  const { db, shopMode } = context.get(servicesContext);
  // The demo shop is everyone's: nobody may point its payouts at their own account.
  assertNotSharedDemoAccount(shopMode, user.email);
  const submission = parseWithZod(await readForm(request), { schema: payoutSettingsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await savePayoutSettings(db, creator.id, submission.value);
  return { ok: true as const, message: "Your payout settings were saved." };
});

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Earnings and payouts");

const KIND = { sale: "Sale", refund: "Refund", payout: "Payout" } as const;
const LEDGER_COLUMNS = [
  { label: "Date" },
  { label: "What" },
  { label: "Price", align: "right" },
  { label: "Platform fee (30%)", align: "right" },
  { label: "You", align: "right" },
] as const;

export default function EarningsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { balance, entries, payouts, settings } = loaderData;
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">Seller Dashboard</h1>
      <SellerNav />
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card className="p-6">
            <p className="text-sm text-muted-foreground">Balance available</p>
            <p className={`text-4xl font-bold ${balance < 0 ? "text-destructive" : ""}`}>{formatPrice(balance)}</p>
            <p className="mt-2 text-sm text-muted-foreground">
              Paid out every {PAYOUT_DAY} once it reaches {formatPrice(PAYOUT_MINIMUM_CENTS)}; funds reach you{" "}
              {PAYOUT_FUNDS_AVAILABLE} later. You keep 70% of each sale.
            </p>
          </Card>
          <section aria-labelledby="ledger-heading">
            <h2 id="ledger-heading" className="text-xl font-semibold">
              Sales and refunds
            </h2>
            {entries.length === 0 ? (
              <p className="mt-3 text-muted-foreground">No sales yet.</p>
            ) : (
              <div className="mt-3">
                <ScrollTable
                  label="Ledger"
                  caption="Your sales, refunds and payouts, newest first"
                  columns={LEDGER_COLUMNS}
                  className="min-w-[40rem] text-sm"
                >
                  {entries.map((entry) => (
                    <tr key={entry.id}>
                      <td className="px-4 py-2 whitespace-nowrap">{formatDayUtc(entry.createdAt)}</td>
                      <td className="px-4 py-2">
                        {KIND[entry.kind]}
                        {entry.title ? `: ${entry.title}` : ""}
                        {entry.orderNumber ? (
                          <span className="text-muted-foreground"> (order {entry.orderNumber})</span>
                        ) : null}
                      </td>
                      <td className="px-4 py-2 text-right">
                        {entry.kind !== "payout" && entry.lineTotalCents !== null
                          ? formatPrice(entry.lineTotalCents)
                          : ""}
                      </td>
                      <td className="px-4 py-2 text-right">
                        {entry.kind !== "payout" && entry.platformCents !== null
                          ? formatPrice(entry.platformCents)
                          : ""}
                      </td>
                      <td
                        className={`px-4 py-2 text-right font-medium ${entry.amountCents < 0 ? "text-destructive" : ""}`}
                      >
                        {formatPrice(entry.amountCents)}
                      </td>
                    </tr>
                  ))}
                </ScrollTable>
              </div>
            )}
          </section>
          <section aria-labelledby="payouts-heading">
            <h2 id="payouts-heading" className="text-xl font-semibold">
              Payouts
            </h2>
            {payouts.length === 0 ? (
              <p className="mt-3 text-muted-foreground">No payouts yet.</p>
            ) : (
              <ul className="mt-3 flex flex-col gap-2">
                {payouts.map((payout) => (
                  <li key={payout.id}>
                    <Card className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
                      <span>
                        {formatDayUtc(payout.weekOf)} · {PAYOUT_METHOD_NAMES[payout.method]} ({payout.destination})
                      </span>
                      <span>
                        <strong>{formatPrice(payout.amountCents)}</strong>, available{" "}
                        {formatDayUtc(payout.fundsAvailableOn)}
                      </span>
                    </Card>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <PayoutSettingsForm
          settings={settings}
          lastResult={replyOf(actionData)}
          result={actionData && "message" in actionData ? actionData : undefined}
        />
      </div>
    </Container>
  );
}
