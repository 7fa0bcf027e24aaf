import type { NextPayout } from "@server/payouts/balance.ts";
import { formatDateTimeUtc, formatDayUtc, formatPrice } from "@shared/format.ts";
import { PAYOUT_DAY, PAYOUT_FUNDS_AVAILABLE, PAYOUT_METHOD_NAMES, PAYOUT_MINIMUM_CENTS } from "@shared/shop-facts.ts";
import { Link } from "react-router";
import { ScrollTable } from "~/components/content/scroll-table";
import { Card } from "~/components/ui/card";

type Day = Parameters<typeof formatDayUtc>[0];

const KIND = { sale: "Sale", refund: "Refund", payout: "Payout", payout_return: "Payout returned" } as const;
const LEDGER_COLUMNS = [
  { label: "Date" },
  { label: "What" },
  { label: "List price", align: "right" },
  { label: "Paid", align: "right" },
  { label: "Platform fee (30%)", align: "right" },
  { label: "You", align: "right" },
] as const;

/**
 * The seller's ledger: each sale, refund and payout with the list price, what the buyer paid after
 * a discount, and the platform's fee and the seller's share of what was paid (the two add up to it).
 */
export function LedgerTable({
  entries,
}: {
  entries: {
    id: number;
    kind: keyof typeof KIND;
    createdAt: Day;
    title: string | null;
    orderNumber: string | null;
    listPriceCents: number | null;
    paidCents: number | null;
    platformCents: number | null;
    amountCents: number;
  }[];
}) {
  return (
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
            className="min-w-[46rem] text-sm"
          >
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className="px-4 py-2 whitespace-nowrap">{formatDayUtc(entry.createdAt)}</td>
                <td className="px-4 py-2 wrap-anywhere">
                  {KIND[entry.kind]}
                  {entry.title ? `: ${entry.title}` : ""}
                  {entry.orderNumber ? (
                    <span className="text-muted-foreground"> (order {entry.orderNumber})</span>
                  ) : null}
                </td>
                <td className="px-4 py-2 text-right whitespace-nowrap">
                  {entry.listPriceCents !== null ? formatPrice(entry.listPriceCents) : ""}
                </td>
                <td className="px-4 py-2 text-right whitespace-nowrap">
                  {entry.paidCents !== null ? formatPrice(entry.paidCents) : ""}
                </td>
                <td className="px-4 py-2 text-right whitespace-nowrap">
                  {entry.platformCents !== null ? formatPrice(entry.platformCents) : ""}
                </td>
                <td
                  className={`px-4 py-2 text-right font-medium whitespace-nowrap ${entry.amountCents < 0 ? "text-destructive" : ""}`}
                >
                  {formatPrice(entry.amountCents)}
                </td>
              </tr>
            ))}
          </ScrollTable>
        </div>
      )}
    </section>
  );
}

/**
 * The payouts made to the seller, newest first: the week, where it went, the amount and when it is
 * available. A transfer went to the seller's account at the provider (`providerName`): its id at the
 * provider means nothing to the seller.
 */
export function PayoutList({
  payouts,
  providerName,
}: {
  providerName: string;
  payouts: {
    id: number;
    weekOf: Day;
    rail: "transfer" | "manual";
    method: keyof typeof PAYOUT_METHOD_NAMES;
    destination: string;
    amountCents: number;
    fundsAvailableOn: Day;
    status: "pending" | "sent" | "failed" | "reversed";
    failureReason: string | null;
    returnedCents: number;
  }[];
}) {
  return (
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
                  {formatDayUtc(payout.weekOf)} ·{" "}
                  {payout.rail === "transfer"
                    ? `To your ${providerName} account`
                    : `${PAYOUT_METHOD_NAMES[payout.method]} (${payout.destination})`}
                </span>
                <span>
                  <strong>{formatPrice(payout.amountCents)}</strong>, {payoutStatusInWords(payout)}
                </span>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A payout's state as the seller reads it. */
function payoutStatusInWords(payout: {
  status: "pending" | "sent" | "failed" | "reversed";
  fundsAvailableOn: Day;
  failureReason: string | null;
  returnedCents: number;
  amountCents: number;
}): string {
  const why = payout.failureReason ? `: ${payout.failureReason}` : "";
  switch (payout.status) {
    case "pending":
      return "on its way out";
    case "sent":
      return payout.returnedCents > 0
        ? `sent; ${formatPrice(payout.returnedCents)} came back to your balance${why}`
        : `sent, available ${formatDayUtc(payout.fundsAvailableOn)}`;
    case "failed":
      return `not sent, back on your balance${why}`;
    case "reversed":
      return `came back to your balance${why}`;
  }
}

/**
 * The seller's money now and next: what is available, what waits the shop's hold and until when,
 * what a reserve keeps back, a hold with its reason, and the next payout or why there is none.
 */
export function PayoutOutlook({
  balance,
  nextPayout,
}: {
  balance: {
    availableCents: number;
    pendingCents: number;
    pendingReleases: { on: string; cents: number }[];
    reserveCents: number;
    reserve: { basisPoints: number; reason: string } | null;
    hold: { reason: string; heldAt: string } | null;
  };
  nextPayout: NextPayout;
}) {
  const { availableCents, pendingCents, pendingReleases, reserveCents, reserve } = balance;
  return (
    <Card className="p-6">
      <p className="text-sm text-muted-foreground">Balance available</p>
      <p className={`text-4xl font-bold ${availableCents < 0 ? "text-destructive" : ""}`}>
        {formatPrice(availableCents)}
      </p>
      <p className="mt-3 font-medium">{nextPayoutInWords(nextPayout)}</p>
      {nextPayout.state === "held" ? (
        <p role="note" className="mt-1 wrap-anywhere text-sm">
          Reason: {nextPayout.reason}
        </p>
      ) : null}
      {nextPayout.state === "no-tax-details" ? (
        <p className="mt-1 text-sm">
          <Link to="/seller/earnings/tax-details" className="font-medium underline">
            Add your tax details
          </Link>
          : asked once, as marketplaces report their sellers' income to tax authorities.
        </p>
      ) : null}
      {nextPayout.state === "paused" ? (
        <p role="note" className="mt-1 text-sm">
          Your payout account changed on {formatDateTimeUtc(nextPayout.changedAt)}: for your safety, payouts wait until{" "}
          {formatDateTimeUtc(nextPayout.until)}, and your balance is paid the first {PAYOUT_DAY} after. If you did not
          make this change, change your password and{" "}
          <Link to="/contact" className="font-medium underline">
            contact us
          </Link>{" "}
          at once.
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm">
        {pendingCents > 0 ? (
          <>
            <dt className="text-muted-foreground">
              Waiting: recent sales, available from {formatDayUtc(pendingReleases[0]!.on)}
              {pendingReleases.length > 1 ? ` (the last on ${formatDayUtc(pendingReleases.at(-1)!.on)})` : ""}
            </dt>
            <dd className="text-right">{formatPrice(pendingCents)}</dd>
          </>
        ) : null}
        {reserve ? (
          <>
            <dt className="text-muted-foreground">
              Reserve kept back ({reserve.basisPoints / 100}%): {reserve.reason}
            </dt>
            <dd className="text-right">{formatPrice(reserveCents)}</dd>
          </>
        ) : null}
      </dl>
      <p className="mt-3 text-sm text-muted-foreground">
        Paid out every {PAYOUT_DAY} once it reaches {formatPrice(PAYOUT_MINIMUM_CENTS)}; funds reach you{" "}
        {PAYOUT_FUNDS_AVAILABLE} later. You keep 70% of each sale.
      </p>
    </Card>
  );
}

function nextPayoutInWords(next: NextPayout): string {
  switch (next.state) {
    case "held":
      return "Your payouts are on hold.";
    case "below-minimum":
      return `No payout on ${formatDayUtc(next.friday)}: payouts start at ${formatPrice(PAYOUT_MINIMUM_CENTS)}.`;
    case "no-destination":
      return `Add where to pay you to be paid ${formatPrice(next.amountCents)} on ${formatDayUtc(next.friday)}.`;
    case "no-tax-details":
      return `Add your tax details to be paid ${formatPrice(next.amountCents)} on ${formatDayUtc(next.friday)}.`;
    case "paused":
      return `Your payouts are paused: no payout on ${formatDayUtc(next.friday)}.`;
    case "scheduled":
      return `Next payout: ${formatPrice(next.amountCents)} on ${PAYOUT_DAY}, ${formatDayUtc(next.friday)}.`;
  }
}
