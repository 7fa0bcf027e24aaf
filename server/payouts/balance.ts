import { and, eq, isNull, sql } from "drizzle-orm";
import { PAYOUT_MINIMUM_CENTS } from "../../shared/shop-facts.ts";
import { allQueries, type Queryable } from "../db/client.ts";
import { ledgerEntries, payoutHolds, payoutReserves } from "../db/schema.ts";
import type { PayoutBlock } from "./destinations.ts";
import { payoutRunAt } from "./payout-schedule.ts";

// What of a seller's ledger can be paid out, and what cannot yet and why: a sale's money waits
// the shop's hold (PAYOUT_HOLD_DAYS) before it is available; refunds, payouts and returns count at
// once, so a refund after a payout is netted against what comes next. An admin's hold keeps
// everything back, with its reason; a reserve keeps back a share of each payout.

const DAY = 24 * 3600_000;

export interface PayoutBalance {
  /** Every entry: what the seller has earned and not been paid (negative after a refund past a payout). */
  totalCents: number;
  /** Past the hold: what a payout may take, before a reserve. */
  availableCents: number;
  /** Sales still within the hold. */
  pendingCents: number;
  /** Each day pending money becomes available, earliest first. */
  pendingReleases: { on: string; cents: number }[];
  /** The share of the available money kept back (the seller's reserve, rounded up to the cent). */
  reserveCents: number;
  reserve: { basisPoints: number; reason: string } | null;
  /** An admin's hold in force: nothing is paid until it is released. */
  hold: { reason: string; heldAt: Date } | null;
  /** What a payout now would pay: available less the reserve, nothing under a hold, never below 0. */
  payableCents: number;
}

export async function payoutBalance(
  db: Queryable,
  { creatorId, now, holdDays }: { creatorId: number; now: Date; holdDays: number },
): Promise<PayoutBalance> {
  const releasedBefore = new Date(now.getTime() - holdDays * DAY);
  const [totals, releases, [hold], [reserve]] = await allQueries(db, [
    () =>
      db
        .select({
          total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int`,
          // Without a hold, nothing waits (whatever the clock says of an entry's time).
          pending:
            holdDays === 0
              ? sql<number>`0`
              : sql<number>`coalesce(sum(${ledgerEntries.amountCents}) FILTER (WHERE ${ledgerEntries.kind} = 'sale' AND ${ledgerEntries.createdAt} > ${releasedBefore}), 0)::int`,
        })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.creatorId, creatorId)),
    () =>
      holdDays === 0
        ? Promise.resolve([])
        : db
            .select({
              on: sql<string>`to_char((${ledgerEntries.createdAt} AT TIME ZONE 'UTC') + make_interval(days => ${holdDays}), 'YYYY-MM-DD')`,
              cents: sql<number>`sum(${ledgerEntries.amountCents})::int`,
            })
            .from(ledgerEntries)
            .where(
              and(
                eq(ledgerEntries.creatorId, creatorId),
                eq(ledgerEntries.kind, "sale"),
                sql`${ledgerEntries.createdAt} > ${releasedBefore}`,
              ),
            )
            .groupBy(sql`1`)
            .orderBy(sql`1`),
    () =>
      db
        .select({ reason: payoutHolds.reason, heldAt: payoutHolds.heldAt })
        .from(payoutHolds)
        .where(and(eq(payoutHolds.creatorId, creatorId), isNull(payoutHolds.releasedAt))),
    () =>
      db
        .select({ basisPoints: payoutReserves.basisPoints, reason: payoutReserves.reason })
        .from(payoutReserves)
        .where(eq(payoutReserves.creatorId, creatorId)),
  ]);
  const totalCents = totals[0]?.total ?? 0;
  const pendingCents = totals[0]?.pending ?? 0;
  const availableCents = totalCents - pendingCents;
  const reserveCents = reserve && availableCents > 0 ? Math.ceil((availableCents * reserve.basisPoints) / 10_000) : 0;
  return {
    totalCents,
    availableCents,
    pendingCents,
    pendingReleases: releases,
    reserveCents,
    reserve: reserve && reserve.basisPoints > 0 ? reserve : null,
    hold: hold ?? null,
    payableCents: hold ? 0 : Math.max(0, availableCents - reserveCents),
  };
}

/** What the seller reads about their next payout, on Earnings. */
export type NextPayout =
  | { state: "scheduled"; friday: string; amountCents: number }
  | { state: "held"; reason: string }
  | { state: "below-minimum"; friday: string; payableCents: number }
  | { state: "no-destination"; friday: string; amountCents: number }
  | { state: "no-tax-details"; friday: string; amountCents: number }
  | { state: "paused"; friday: string; amountCents: number; until: string; changedAt: string };

/**
 * The next payout as the Friday run will see it (`block` is what payoutBlockOf says now: a pause
 * over before that Friday's run keeps nothing back).
 */
export function nextPayoutOf(
  balance: PayoutBalance,
  { friday, hasDestination, block }: { friday: string; hasDestination: boolean; block: PayoutBlock | null },
): NextPayout {
  if (balance.hold) return { state: "held", reason: balance.hold.reason };
  const amountCents = balance.payableCents;
  if (amountCents < PAYOUT_MINIMUM_CENTS) return { state: "below-minimum", friday, payableCents: amountCents };
  if (!hasDestination) return { state: "no-destination", friday, amountCents };
  if (block?.kind === "tax-details") return { state: "no-tax-details", friday, amountCents };
  if (block?.kind === "paused" && block.until > payoutRunAt(friday)) {
    const { until, changedAt } = block;
    return { state: "paused", friday, amountCents, until: until.toISOString(), changedAt: changedAt.toISOString() };
  }
  return { state: "scheduled", friday, amountCents };
}
