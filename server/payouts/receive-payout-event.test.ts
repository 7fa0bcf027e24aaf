import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createSeller } from "../../tests/support/factories.ts";
import { recordingJobs } from "../../tests/support/orders.ts";
import { testDestinationServices } from "../../tests/support/payouts.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { payoutAccounts } from "../db/schema.ts";
import { WebhookRejected } from "../payments/provider.ts";
import type { PayoutAccountState, PayoutEvent, PayoutProvider } from "./payout-provider.ts";
import { receivePayoutEvent, type TransferEvent } from "./receive-payout-event.ts";

// What the shop does with a verified Connect event: reads an account it knows again and keeps
// its state, acknowledges one it does not know, hands transfer events on, and stores nothing else.

const database = setUpTestDatabase();

const ON: PayoutAccountState = {
  detailsSubmitted: true,
  payoutsEnabled: true,
  requirementsDue: [],
  requirementsDueBy: null,
  disabledReason: null,
};

/** A provider whose deliveries are the events themselves, as JSON; "forged" is not genuine. */
function providerSaying(state: PayoutAccountState) {
  const readAccount = vi.fn(async (_ref: string) => state);
  const provider: PayoutProvider = {
    name: "stripe",
    createAccount: vi.fn(),
    onboardingLink: vi.fn(),
    transfer: vi.fn(),
    readAccount,
    verifyEvent(rawBody) {
      if (rawBody === "forged") throw new WebhookRejected("No signatures found matching the expected signature");
      return JSON.parse(rawBody) as PayoutEvent;
    },
  };
  return { provider, readAccount };
}

const logger = { warn: vi.fn() };
const jobs = recordingJobs();
const handed: Array<{ provider: string; event: TransferEvent }> = [];
const onTransferEvent = async (received: { provider: "hosted" | "stripe"; event: TransferEvent }) => {
  handed.push(received);
};
beforeEach(() => {
  logger.warn.mockClear();
  handed.length = 0;
});

async function sellerWithAccount(accountRef: string) {
  const { creator } = await createSeller(database.db);
  await database.db.insert(payoutAccounts).values({ creatorId: creator.id, provider: "stripe", accountRef });
  return creator.id;
}

const rowOf = async (creatorId: number) =>
  (await database.db.select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, creatorId)))[0]!;

const receive = (provider: PayoutProvider, event: PayoutEvent | "forged") =>
  receivePayoutEvent(database.db, {
    payouts: provider,
    rawBody: event === "forged" ? event : JSON.stringify(event),
    headers: new Headers(),
    onTransferEvent,
    destinationChanges: { ...testDestinationServices(jobs), providerName: "Stripe" },
    logger,
  });

describe("receivePayoutEvent", () => {
  it("reads a known account again and keeps what the provider says, not the event", async () => {
    const creatorId = await sellerWithAccount("acct_known");
    const due = { ...ON, payoutsEnabled: false, requirementsDue: ["your date of birth"], disabledReason: "overdue" };
    const { provider, readAccount } = providerSaying({ ...due, requirementsDueBy: new Date("2026-12-12T00:00:00Z") });
    const received = await receive(provider, { id: "evt_1", type: "account_updated", accountRef: "acct_known" });
    expect(received.outcome).toBe("account updated");
    expect(readAccount).toHaveBeenCalledWith("acct_known");
    expect(await rowOf(creatorId)).toMatchObject({
      detailsSubmitted: true,
      payoutsEnabled: false,
      requirementsDue: ["your date of birth"],
      requirementsDueBy: new Date("2026-12-12T00:00:00Z"),
      disabledReason: "overdue",
    });
  });

  it("acknowledges an event about an account it does not know, logs it, and asks the provider nothing", async () => {
    const { provider, readAccount } = providerSaying(ON);
    const received = await receive(provider, { id: "evt_2", type: "account_updated", accountRef: "acct_elsewhere" });
    expect(received.outcome).toBe("ignored: unknown account");
    expect(readAccount).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledOnce();
    expect(logger.warn.mock.calls[0]![0]).toEqual({
      provider: "stripe",
      accountRef: "acct_elsewhere",
      eventId: "evt_2",
    });
  });

  it("hands transfer events to the payouts with their provider, and keeps nothing of them", async () => {
    const creatorId = await sellerWithAccount("acct_paid");
    const before = await rowOf(creatorId);
    const { provider, readAccount } = providerSaying(ON);
    const reversed: TransferEvent = {
      id: "evt_3",
      type: "transfer_reversed",
      transferRef: "tr_1",
      amountCents: 1500,
      reason: "Chargeback",
    };
    const failed: TransferEvent = { id: "evt_4", type: "transfer_failed", transferRef: "tr_2", reason: "Bank closed" };
    expect((await receive(provider, reversed)).outcome).toBe("handed to the payouts");
    expect((await receive(provider, failed)).outcome).toBe("handed to the payouts");
    expect(handed).toEqual([
      { provider: "stripe", event: reversed },
      { provider: "stripe", event: failed },
    ]);
    expect(readAccount).not.toHaveBeenCalled();
    expect(await rowOf(creatorId)).toEqual(before);
  });

  it("ignores a genuine event it has no use for, and refuses a forged one", async () => {
    const { provider } = providerSaying(ON);
    expect((await receive(provider, { id: "evt_5", type: "other", providerType: "transfer.created" })).outcome).toBe(
      "ignored",
    );
    await expect(receive(provider, "forged")).rejects.toBeInstanceOf(WebhookRejected);
    expect(handed).toEqual([]);
  });

  it("fails (so the provider delivers again) when the account cannot be read back", async () => {
    await sellerWithAccount("acct_unreadable");
    const { provider, readAccount } = providerSaying(ON);
    readAccount.mockRejectedValueOnce(new Error("connect ECONNREFUSED"));
    await expect(
      receive(provider, { id: "evt_6", type: "account_updated", accountRef: "acct_unreadable" }),
    ).rejects.toThrow("ECONNREFUSED");
  });
});
