import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createCreator } from "../../tests/support/factories.ts";
import { recordingJobs } from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import type { PayoutPolicy } from "../config/env.ts";
import { ledgerEntries, payouts, webhookDeliveries, webhookEndpoints } from "../db/schema.ts";
import { payoutBalance } from "./balance.ts";
import { holdPayouts, releasePayouts, setPayoutReserve } from "./holds.ts";
import { sellerBalance } from "./ledger.ts";
import { type PayoutProvider, TransferRefused, type TransferRequest } from "./payout-provider.ts";
import { recordTransferReturn } from "./payout-returns.ts";
import { runWeeklyPayouts, takePayouts, transferKeyOf } from "./payout-run.ts";

const database = setUpTestDatabase();
const DAY = 24 * 3600_000;
const FRIDAY = new Date("2026-11-27T09:00:00Z");
const NEXT_FRIDAY = new Date("2026-12-04T09:00:00Z");
const POLICY: PayoutPolicy = { rail: "transfer", holdDays: 0, accountChangePauseHours: 48 };

/**
 * The processor as the run meets it: a transfer per idempotency key (the same key answers the
 * first transfer again, as Stripe's does), refusals for accounts that cannot be paid, and answers
 * that get lost after the transfer was made.
 */
function processor() {
  const transfers = new Map<string, TransferRequest & { ref: string }>();
  const state = { refuse: new Map<string, string>(), loseAnswers: 0, unreachable: false };
  const provider: PayoutProvider = {
    name: "hosted",
    createAccount: () => Promise.reject(new Error("not used")),
    onboardingLink: () => Promise.reject(new Error("not used")),
    readAccount: () => Promise.reject(new Error("not used")),
    verifyEvent: () => {
      throw new Error("not used");
    },
    async transfer(request) {
      if (state.unreachable) throw new Error("connect ECONNREFUSED");
      const refusal = state.refuse.get(request.accountRef);
      if (refusal) throw new TransferRefused(refusal);
      let transfer = transfers.get(request.idempotencyKey);
      if (!transfer) {
        transfer = { ...request, ref: `tr_${transfers.size + 1}` };
        transfers.set(request.idempotencyKey, transfer);
      }
      if (state.loseAnswers > 0) {
        state.loseAnswers--;
        throw new Error("socket hang up");
      }
      return { ref: transfer.ref };
    },
  };
  return { provider, transfers, state };
}

let sellers: { creatorId: number; accountRef: string }[] = [];

async function sellerWith(cents: number) {
  const creator = await createCreator(database.db);
  await database.db.insert(ledgerEntries).values({ creatorId: creator.id, kind: "sale", amountCents: cents });
  const seller = { creatorId: creator.id, accountRef: `acct_${creator.id}` };
  sellers.push(seller);
  return seller;
}

function servicesWith(provider: PayoutProvider, policy: PayoutPolicy = POLICY) {
  return {
    db: database.db,
    jobs: recordingJobs(),
    provider,
    policy,
    destinationOf: async (_tx: unknown, creatorId: number) => {
      const seller = sellers.find((candidate) => candidate.creatorId === creatorId);
      return seller ? { rail: "transfer" as const, accountRef: seller.accountRef } : null;
    },
  };
}

const payoutsOf = (creatorId: number) => database.db.select().from(payouts).where(eq(payouts.creatorId, creatorId));

beforeEach(async () => {
  sellers = [];
  // Each test's sellers alone: earlier tests' balances are settled.
  await database.db.execute(
    sql`TRUNCATE ledger_entries, payouts, payout_holds, payout_reserves, payout_events, webhook_endpoints CASCADE`,
  );
});

describe("the Friday run on the transfer rail", () => {
  it("pays each seller's balance by one transfer to their account, keyed by seller and Friday", async () => {
    const { provider, transfers } = processor();
    const seller = await sellerWith(4_200);
    const run = await runWeeklyPayouts(servicesWith(provider), { now: FRIDAY });
    expect(run.taken).toEqual([{ creatorId: seller.creatorId, amountCents: 4_200 }]);
    expect([...transfers.values()]).toMatchObject([
      {
        accountRef: seller.accountRef,
        amountCents: 4_200,
        idempotencyKey: `payout-${seller.creatorId}-2026-11-27`,
      },
    ]);
    expect(await payoutsOf(seller.creatorId)).toMatchObject([
      { status: "sent", rail: "transfer", transferRef: "tr_1", amountCents: 4_200, method: "direct_deposit" },
    ]);
    expect(await sellerBalance(database.db, seller.creatorId)).toBe(0);
  });

  it("pays nothing below the minimum, on a day that is not Friday, or to a seller without an account", async () => {
    const { provider, transfers } = processor();
    const small = await sellerWith(2_499);
    const enough = await sellerWith(2_500);
    sellers = sellers.filter((seller) => seller !== enough);
    await runWeeklyPayouts(servicesWith(provider), { now: new Date("2026-11-26T09:00:00Z") });
    await runWeeklyPayouts(servicesWith(provider), { now: FRIDAY });
    expect(transfers.size).toBe(0);
    expect(await sellerBalance(database.db, small.creatorId)).toBe(2_499);
    expect(await sellerBalance(database.db, enough.creatorId)).toBe(2_500);
  });

  it("cut short after taking the payouts, run again: each seller is paid once", async () => {
    const { provider, transfers } = processor();
    const a = await sellerWith(3_000);
    const b = await sellerWith(5_000);
    // The process dies after step 1: payouts taken, nothing asked of the processor.
    await takePayouts(servicesWith(provider), { friday: "2026-11-27", now: FRIDAY });
    expect((await payoutsOf(a.creatorId))[0]?.status).toBe("pending");
    // Restarted later that day, and again the day after (only pending transfers are sent then).
    await runWeeklyPayouts(servicesWith(provider), { now: new Date(FRIDAY.getTime() + 3_600_000) });
    await runWeeklyPayouts(servicesWith(provider), { now: new Date(FRIDAY.getTime() + DAY) });
    expect([...transfers.values()].map((transfer) => [transfer.accountRef, transfer.amountCents]).sort()).toEqual([
      [a.accountRef, 3_000],
      [b.accountRef, 5_000],
    ]);
    expect(await sellerBalance(database.db, a.creatorId)).toBe(0);
    expect(await sellerBalance(database.db, b.creatorId)).toBe(0);
  });

  it("when the processor's answer is lost after it made the transfer, the retry gets the same transfer", async () => {
    const { provider, transfers, state } = processor();
    const seller = await sellerWith(7_700);
    state.loseAnswers = 1;
    await expect(runWeeklyPayouts(servicesWith(provider), { now: FRIDAY })).rejects.toThrow(
      "1 payout transfers could not be asked of the processor",
    );
    expect(await payoutsOf(seller.creatorId)).toMatchObject([{ status: "pending", transferRef: null }]);
    // The job's retry.
    const retry = await runWeeklyPayouts(servicesWith(provider), { now: FRIDAY });
    expect(retry.taken).toEqual([]);
    expect(retry.sent).toEqual([{ payoutId: expect.any(Number), amountCents: 7_700 }]);
    expect(transfers.size).toBe(1);
    expect(await payoutsOf(seller.creatorId)).toMatchObject([{ status: "sent", transferRef: "tr_1" }]);
  });

  it("with the processor away, the payout waits pending and is sent once it answers", async () => {
    const { provider, transfers, state } = processor();
    const seller = await sellerWith(2_600);
    state.unreachable = true;
    await expect(runWeeklyPayouts(servicesWith(provider), { now: FRIDAY })).rejects.toThrow(AggregateError);
    expect(await sellerBalance(database.db, seller.creatorId)).toBe(0);
    state.unreachable = false;
    await runWeeklyPayouts(servicesWith(provider), { now: new Date(FRIDAY.getTime() + 2 * DAY) });
    expect(transfers.size).toBe(1);
    expect((await payoutsOf(seller.creatorId))[0]?.status).toBe("sent");
  });

  it("two servers running it at once make one payout and one transfer per seller", async () => {
    const { provider, transfers } = processor();
    const seller = await sellerWith(9_900);
    await Promise.all([
      runWeeklyPayouts(servicesWith(provider), { now: FRIDAY }),
      runWeeklyPayouts(servicesWith(provider), { now: FRIDAY }),
    ]);
    expect(await payoutsOf(seller.creatorId)).toHaveLength(1);
    expect(transfers.size).toBe(1);
    expect(await sellerBalance(database.db, seller.creatorId)).toBe(0);
  });

  it("a refused transfer leaves the balance as it was, with the processor's reason, and is tried again next Friday", async () => {
    const { provider, transfers, state } = processor();
    const seller = await sellerWith(3_100);
    state.refuse.set(
      seller.accountRef,
      "The destination account needs to have at least one of the following capabilities enabled: transfers",
    );
    const run = await runWeeklyPayouts(servicesWith(provider), { now: FRIDAY });
    expect(run.refused).toEqual([{ payoutId: expect.any(Number), reason: expect.stringContaining("capabilities") }]);
    expect(await payoutsOf(seller.creatorId)).toMatchObject([
      { status: "failed", failureReason: expect.stringContaining("capabilities"), returnedCents: 3_100 },
    ]);
    expect(await sellerBalance(database.db, seller.creatorId)).toBe(3_100);
    state.refuse.clear();
    await runWeeklyPayouts(servicesWith(provider), { now: NEXT_FRIDAY });
    expect([...transfers.values()]).toMatchObject([
      { amountCents: 3_100, idempotencyKey: `payout-${seller.creatorId}-2026-12-04` },
    ]);
    expect(await sellerBalance(database.db, seller.creatorId)).toBe(0);
  });
});

describe("the seller's payout webhooks", () => {
  it("tells an endpoint that wants them of a payout sent, and of one refused", async () => {
    const { provider, state } = processor();
    const sent = await sellerWith(4_000);
    const refused = await sellerWith(3_000);
    state.refuse.set(refused.accountRef, "The account cannot receive transfers.");
    for (const seller of [sent, refused]) {
      await database.db.insert(webhookEndpoints).values({
        creatorId: seller.creatorId,
        url: "https://hooks.example.com/payouts",
        secret: "whsec_test",
        events: ["payout.paid", "payout.failed"],
      });
    }
    const jobs = recordingJobs();
    await runWeeklyPayouts({ ...servicesWith(provider), jobs }, { now: FRIDAY });
    const deliveries = await database.db
      .select({
        creatorId: webhookEndpoints.creatorId,
        type: webhookDeliveries.eventType,
        payload: webhookDeliveries.payload,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId));
    expect(deliveries).toHaveLength(2);
    expect(deliveries.find((row) => row.creatorId === sent.creatorId)).toMatchObject({
      type: "payout.paid",
      payload: {
        amountCents: 4_000,
        currency: "usd",
        payout: { status: "sent", rail: "transfer", weekOf: "2026-11-27" },
      },
    });
    expect(deliveries.find((row) => row.creatorId === refused.creatorId)).toMatchObject({
      type: "payout.failed",
      payload: {
        amountCents: 3_000,
        payout: { status: "failed", failureReason: "The account cannot receive transfers.", returnedCents: 3_000 },
      },
    });
    expect(jobs.sent.filter((job) => job.name === "deliver-seller-webhook")).toHaveLength(2);
  });
});

describe("money that comes back", () => {
  async function sentPayout(cents: number) {
    const { provider } = processor();
    const seller = await sellerWith(cents);
    await runWeeklyPayouts(servicesWith(provider), { now: FRIDAY });
    const [payout] = await payoutsOf(seller.creatorId);
    return { seller, payout: payout! };
  }

  it("a reversal puts what came back on the balance with its reason, once per event, never more than was sent", async () => {
    const { seller, payout } = await sentPayout(5_000);
    const reversal = {
      id: "evt_1",
      type: "transfer_reversed" as const,
      transferRef: payout.transferRef!,
      amountCents: 2_000,
      reason: "Disputed sale",
    };
    expect(await recordTransferReturn({ db: database.db, jobs: recordingJobs() }, reversal)).toMatchObject({
      outcome: "returned",
      amountCents: 2_000,
    });
    expect(await recordTransferReturn({ db: database.db, jobs: recordingJobs() }, reversal)).toEqual({
      outcome: "already-seen",
    });
    expect(await sellerBalance(database.db, seller.creatorId)).toBe(2_000);
    expect(await payoutsOf(seller.creatorId)).toMatchObject([
      { status: "sent", returnedCents: 2_000, failureReason: "Disputed sale" },
    ]);
    // The rest, asked for twice over: only what is left comes back.
    await recordTransferReturn(
      { db: database.db, jobs: recordingJobs() },
      { ...reversal, id: "evt_2", amountCents: 9_000 },
    );
    expect(await sellerBalance(database.db, seller.creatorId)).toBe(5_000);
    expect(await payoutsOf(seller.creatorId)).toMatchObject([{ status: "reversed", returnedCents: 5_000 }]);
  });

  it("a transfer that failed after it was taken comes back whole; an unknown transfer changes nothing", async () => {
    const { seller, payout } = await sentPayout(4_000);
    expect(
      await recordTransferReturn(
        { db: database.db, jobs: recordingJobs() },
        {
          id: "evt_3",
          type: "transfer_failed",
          transferRef: "tr_unknown",
          reason: "x",
        },
      ),
    ).toEqual({ outcome: "unknown-transfer" });
    await recordTransferReturn(
      { db: database.db, jobs: recordingJobs() },
      {
        id: "evt_4",
        type: "transfer_failed",
        transferRef: payout.transferRef!,
        reason: "The bank account was closed",
      },
    );
    expect(await payoutsOf(seller.creatorId)).toMatchObject([
      { status: "failed", returnedCents: 4_000, failureReason: "The bank account was closed" },
    ]);
    expect(await sellerBalance(database.db, seller.creatorId)).toBe(4_000);
  });
});

describe("holds, reserves and the waiting time", () => {
  it("an admin's hold keeps everything back with its reason, until it is released", async () => {
    const { provider, transfers } = processor();
    const seller = await sellerWith(6_000);
    const admin = "admin-of-the-shop";
    await database.db.execute(sql`INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at)
      VALUES (${admin}, 'Admin', 'admin@example.com', true, now(), now()) ON CONFLICT DO NOTHING`);
    await expect(
      holdPayouts(database.db, { creatorId: seller.creatorId, adminId: admin, reason: "  " }),
    ).rejects.toThrow("Tell the seller why their payouts are held, in at least 10 characters: they read it.");
    await holdPayouts(database.db, {
      creatorId: seller.creatorId,
      adminId: admin,
      reason: "We are checking unusual refunds.",
    });
    await expect(
      holdPayouts(database.db, { creatorId: seller.creatorId, adminId: admin, reason: "Again, for the same refunds." }),
    ).rejects.toThrow("already on hold");
    const held = await payoutBalance(database.db, { creatorId: seller.creatorId, now: FRIDAY, holdDays: 0 });
    expect(held).toMatchObject({
      availableCents: 6_000,
      payableCents: 0,
      hold: { reason: "We are checking unusual refunds." },
    });
    await runWeeklyPayouts(servicesWith(provider), { now: FRIDAY });
    expect(transfers.size).toBe(0);
    await releasePayouts(database.db, { creatorId: seller.creatorId, adminId: admin, note: "Checked: all fine." });
    await runWeeklyPayouts(servicesWith(provider), { now: NEXT_FRIDAY });
    expect([...transfers.values()]).toMatchObject([{ amountCents: 6_000 }]);
  });

  it("a reserve keeps back its share of each payout, rounded up to the cent", async () => {
    const { provider, transfers } = processor();
    const seller = await sellerWith(3_333);
    const admin = "admin-of-the-shop";
    await database.db.execute(sql`INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at)
      VALUES (${admin}, 'Admin', 'admin@example.com', true, now(), now()) ON CONFLICT DO NOTHING`);
    await expect(
      setPayoutReserve(database.db, {
        creatorId: seller.creatorId,
        adminId: admin,
        percent: 101,
        reason: "Too much to keep back.",
      }),
    ).rejects.toThrow("whole percentage from 0 to 100");
    await setPayoutReserve(database.db, {
      creatorId: seller.creatorId,
      adminId: admin,
      percent: 10,
      reason: "New seller",
    });
    await runWeeklyPayouts(servicesWith(provider), { now: FRIDAY });
    // 10% of $33.33 is $3.333: $3.34 kept, $29.99 paid.
    expect([...transfers.values()]).toMatchObject([{ amountCents: 2_999 }]);
    expect(await sellerBalance(database.db, seller.creatorId)).toBe(334);
  });

  it("a sale's money waits the shop's hold, then is paid; a refund counts at once", async () => {
    const { provider, transfers } = processor();
    const seller = await sellerWith(5_000);
    const policy = { ...POLICY, holdDays: 14 };
    // The first Friday at least a day after the sale, and the first one past its 14 days.
    const fridayFrom = (time: number) => {
      let day = time;
      while (new Date(day).getUTCDay() !== 5) day += DAY;
      return new Date(`${new Date(day).toISOString().slice(0, 10)}T09:00:00Z`);
    };
    const soon = fridayFrom(Date.now() + DAY);
    const later = fridayFrom(Date.now() + 15 * DAY);
    const waiting = await payoutBalance(database.db, { creatorId: seller.creatorId, now: soon, holdDays: 14 });
    expect(waiting).toMatchObject({ availableCents: 0, pendingCents: 5_000, payableCents: 0 });
    expect(waiting.pendingReleases).toEqual([
      { on: new Date(Date.now() + 14 * DAY).toISOString().slice(0, 10), cents: 5_000 },
    ]);
    await database.db
      .insert(ledgerEntries)
      .values({ creatorId: seller.creatorId, kind: "refund", amountCents: -1_000 });
    await runWeeklyPayouts(servicesWith(provider, policy), { now: soon });
    expect(transfers.size).toBe(0);
    expect(await payoutBalance(database.db, { creatorId: seller.creatorId, now: soon, holdDays: 14 })).toMatchObject({
      availableCents: -1_000,
      pendingCents: 5_000,
    });
    await runWeeklyPayouts(servicesWith(provider, policy), { now: later });
    expect([...transfers.values()]).toMatchObject([
      {
        amountCents: 4_000,
        idempotencyKey: transferKeyOf({ creatorId: seller.creatorId, weekOf: later.toISOString().slice(0, 10) }),
      },
    ]);
  });
});
