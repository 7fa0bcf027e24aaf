import {
  clearRateByHand,
  exchangeRatesScreen,
  setRateByHand,
  updateRatesNow,
} from "@server/currencies/rates-screen.ts";
import { servicesContext } from "@server/http/context.ts";
import { asRefusal } from "@server/http/error-answers.ts";
import { SETTLEMENT_CURRENCY } from "@shared/currencies.ts";
import { formatDateTimeUtc, formatDayUtc, formatPrice } from "@shared/format.ts";
import {
  clearRateSchema,
  EXAMPLE_PRICE_CENTS,
  exchangeRateIntentSchema,
  manualRateSchema,
} from "@shared/manual-rate-schema.ts";
import { formatMoney } from "@shared/money-format.ts";
import { data, Form } from "react-router";
import { FormStatus } from "~/components/account/form-status";
import { AdminPage, adminMeta } from "~/components/admin/admin-page";
import { ManualRateForm, outcomeOf } from "~/components/admin/manual-rate-form";
import { SubmitButton } from "~/components/admin/post-button";
import { ScrollTable } from "~/components/content/scroll-table";
import { parseForm, parseIntent, parseSubmission, readForm } from "~/lib/form.server";
import { formAction, pageLoader, refusalResponse } from "~/lib/refusal.server";
import { requireAdmin } from "~/lib/require-user.server";
import type { Route } from "./+types/exchange-rates";

// /admin/exchange-rates: the rates buyers' prices are converted at, where each comes from, and the
// owner's own rates beside the ECB's (server/currencies/rates-screen.ts, decision 059).

export const loader = pageLoader(async ({ request, context }: Route.LoaderArgs) => {
  await requireAdmin(request, context);
  const { db, currencies } = context.get(servicesContext);
  return exchangeRatesScreen(db, { sold: currencies.sold });
});

/** POST: set a currency's rate by hand, clear it, or read the ECB's feed now. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const admin = await requireAdmin(request, context);
  const { db, currencies, logger } = context.get(servicesContext);
  const { sold, ratesFeed } = currencies;
  const form = await readForm(request);
  switch (parseIntent(form, exchangeRateIntentSchema).intent) {
    case "update-feed": {
      const log = (level: "info" | "warn" | "error", message: string) => logger[level](message);
      // Its outcome, the feed's refusal too, shows beside the button.
      const intent = "update-feed" as const;
      try {
        return { ok: true as const, intent, message: await updateRatesNow(db, { feed: ratesFeed, sold, log }) };
      } catch (error) {
        return refusalResponse(error, { intent });
      }
    }
    case "clear-rate": {
      const { currency } = parseForm(form, clearRateSchema);
      const { cleared, after } = await clearRateByHand(db, { currency, sold, clearedBy: admin.id });
      const now = after
        ? `${currency} follows the ECB's rate again: 1 ${SETTLEMENT_CURRENCY} = ${after.rate} ${currency}.`
        : `The feed has no current rate for ${currency}: it is not offered until the feed is back or you set a rate.`;
      const message = cleared ? `Cleared. ${now}` : `${currency} had no rate set by hand. ${now}`;
      return { ok: true as const, intent: "clear-rate" as const, currency, message };
    }
    case "set-rate": {
      const submission = parseSubmission(form, manualRateSchema);
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      const { currency, rate = "" } = submission.value;
      try {
        const set = await setRateByHand(db, { currency, rate, sold, setBy: admin.id });
        return {
          ok: true as const,
          intent: "set-rate" as const,
          currency,
          message: `Set: 1 ${SETTLEMENT_CURRENCY} = ${set.rate} ${currency}, for every price in ${currency} until you clear it.`,
          result: submission.reply({ resetForm: true }),
        };
      } catch (error) {
        // The rate's problem beside it, with what was typed; any other (a currency the shop does not
        // sell in, sent by no form of this page) is the page's.
        const refusal = asRefusal(error);
        if (refusal?.field !== "rate") throw error;
        return data(
          { result: submission.reply({ fieldErrors: { rate: [refusal.message] } }) },
          { status: refusal.status },
        );
      }
    }
  }
});

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Exchange rates");

type Screen = Route.ComponentProps["loaderData"];
type Row = Screen["currencies"][number];

const COLUMNS = [
  { label: "Currency" },
  { label: `1 ${SETTLEMENT_CURRENCY} =`, align: "right" },
  { label: "Source" },
  { label: "The ECB's latest", align: "right" },
  { label: `${formatPrice(EXAMPLE_PRICE_CENTS)} is`, align: "right" },
] as const;

export default function ExchangeRatesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { currencies, feed } = loaderData;
  return (
    <AdminPage
      title="Exchange rates"
      lead={`The rates buyers' prices are converted at, in each currency the shop sells in (SHOP_CURRENCIES). The ECB's daily rates are read at 15:41 and 21:41 UTC; a rate you set by hand is used instead until you clear it. Orders, payouts and reports stay in ${SETTLEMENT_CURRENCY}.`}
      result={outcomeOf(actionData)}
      wide
    >
      <section aria-labelledby="in-force-heading" className="mt-8 flex flex-col gap-3">
        <h3 id="in-force-heading" className="text-lg font-semibold">
          Rates in force
        </h3>
        <p className="text-sm">
          A converted price moves to a price ending (27.99, ¥4,800) at most 1% below or 3% above the exact amount.
        </p>
        <ScrollTable
          label="The rate of each currency"
          caption={`The rate in force for each currency, its source, the ECB's latest and ${formatPrice(EXAMPLE_PRICE_CENTS)} converted`}
          columns={COLUMNS}
          className="min-w-[44rem] text-sm"
        >
          {currencies.map((row) => (
            <RateRow key={row.code} row={row} />
          ))}
        </ScrollTable>
      </section>
      <FeedSection feed={feed} outcome={outcomeOf(actionData, "update-feed")} />
      <section aria-labelledby="by-hand-heading" className="mt-10 flex flex-col gap-3">
        <h3 id="by-hand-heading" className="text-lg font-semibold">
          Set a rate by hand
        </h3>
        <p className="text-sm">
          Your rate is used as you type it, for every price in that currency, and does not grow old: compare it with the
          ECB's first. Clear it to follow the feed again.
        </p>
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Rates by hand">
          {currencies
            .filter((row) => row.code !== SETTLEMENT_CURRENCY)
            .map((row) => (
              <li key={row.code}>
                <ManualRateForm
                  code={row.code}
                  name={row.name}
                  manual={row.manual?.rate ?? null}
                  feed={row.feed?.rate ?? null}
                />
              </li>
            ))}
        </ul>
      </section>
    </AdminPage>
  );
}

function RateRow({ row }: { row: Row }) {
  const { code, inForce, example } = row;
  return (
    <tr className="align-top">
      <th scope="row" className="px-4 py-2 text-left font-medium whitespace-nowrap">
        {code}
        <span className="block font-normal text-muted-foreground">{row.name}</span>
      </th>
      <td className="px-4 py-2 text-right tabular-nums">{inForce ? inForce.rate : "None"}</td>
      <td className="min-w-56 px-4 py-2">
        <Source row={row} />
      </td>
      <td className="px-4 py-2 text-right tabular-nums">
        <FeedRate row={row} />
      </td>
      <td className="px-4 py-2 text-right tabular-nums whitespace-nowrap">
        {example ? (
          <>
            {formatMoney(example.priceMinor, code)}
            {example.exactMinor !== example.priceMinor ? (
              <span className="block text-muted-foreground">exactly {formatMoney(example.exactMinor, code)}</span>
            ) : null}
          </>
        ) : (
          "Not offered"
        )}
      </td>
    </tr>
  );
}

function Source({ row }: { row: Row }) {
  const { inForce, manual } = row;
  if (!inForce) return <span className="text-destructive">{row.notOffered}</span>;
  switch (inForce.source) {
    case "same":
      return "The shop's own currency";
    case "ecb":
      return `ECB feed, rates of ${formatDayUtc(inForce.day!)}`;
    case "manual":
      return `Set by hand by ${manual?.setBy ?? "a deleted account"}, ${manual ? formatDateTimeUtc(manual.setAt) : formatDayUtc(inForce.day!)}`;
  }
}

/** The feed's latest rate; beside a rate set by hand, how far that one is from it. */
function FeedRate({ row }: { row: Row }) {
  const { feed, inForce } = row;
  if (row.code === SETTLEMENT_CURRENCY) return "1";
  if (!feed) return "None";
  const stale = inForce?.source !== "ecb" || inForce.day !== feed.day;
  return (
    <>
      {feed.rate}
      {inForce?.source === "manual" ? (
        <span className="block whitespace-nowrap text-muted-foreground">
          yours is {difference(inForce.rate, feed.rate)}
        </span>
      ) : stale ? (
        <span className="block text-muted-foreground">of {formatDayUtc(feed.day)}</span>
      ) : null}
    </>
  );
}

const PERCENT = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });

/** "1.7% above", "0.4% below", "the same": for the eye only, no price is worked out from it. */
function difference(yours: string, feeds: string): string {
  const ratio = Number(yours) / Number(feeds) - 1;
  if (Math.abs(ratio) < 0.0005) return "the same";
  return `${PERCENT.format(Math.abs(ratio))} ${ratio > 0 ? "above" : "below"}`;
}

function FeedSection({
  feed,
  outcome,
}: {
  feed: Screen["feed"];
  outcome: { ok: boolean; message: string } | undefined;
}) {
  const from =
    feed?.from === "sample"
      ? "the shop's sample file (the ECB's rates of one day in 2024, for a demo shop)"
      : feed?.from;
  return (
    <section aria-labelledby="feed-heading" className="mt-10 flex flex-col gap-3">
      <h3 id="feed-heading" className="text-lg font-semibold">
        The ECB's feed
      </h3>
      <p className="text-sm">
        {feed
          ? `The latest rates held are of ${formatDayUtc(feed.day)}${from ? `, read from ${from}` : ""}.`
          : "The shop holds no rates from the feed yet."}{" "}
        {feed && !feed.current
          ? "They are more than 7 days old: no price uses them until newer ones arrive."
          : "The ECB publishes on working days at about 16:00 CET."}
      </p>
      <Form method="post" preventScrollReset>
        <SubmitButton intent="update-feed" variant="outline">
          Update from the ECB now
        </SubmitButton>
      </Form>
      <FormStatus result={outcome} />
    </section>
  );
}
