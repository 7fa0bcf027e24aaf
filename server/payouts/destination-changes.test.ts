import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSeller } from "../../tests/support/factories.ts";
import { recordingJobs } from "../../tests/support/orders.ts";
import { runManualPayouts, testDestinationServices } from "../../tests/support/payouts.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { ledgerEntries, payoutAccounts, payoutDestinationChanges } from "../db/schema.ts";
import { nextPayoutOf, payoutBalance } from "./balance.ts";
import { notePayoutDestination, payoutPauseOf } from "./destination-changes.ts";
import { payoutBlockOf } from "./destinations.ts";
import { storePayoutAccountState } from "./payout-accounts.ts";
import type { PayoutAccountState } from "./payout-provider.ts";
import { savePayoutSettings } from "./payouts.ts";

// Where a seller's payouts go (docs/decisions/056): each new destination is emailed to the seller;
// one that replaces another pauses payouts for the shop's 48 hours; a payout also needs the
// seller's tax details.

const database = setUpTestDatabase();
const HOUR = 3600_000;
const THURSDAY = new Date("2027-01-07T12:00:00Z");
const FRIDAY_RUN = new Date("2027-01-08T09:00:00Z");
const NEXT_FRIDAY_RUN = new Date("2027-01-15T09:00:00Z");

async function sellerWithBalance(cents: number, overrides: Parameters<typeof createSeller>[1] = {}) {
  const seller = await createSeller(database.db, overrides);
  await database.db.insert(ledgerEntries).values({ creatorId: seller.creator.id, kind: "sale", amountCents: cents });
  return seller;
}

const paidTo = (run: { taken: { creatorId: number; amountCents: number }[] }, creatorId: number) =>
  run.taken.filter((payout) => payout.creatorId === creatorId).map((payout) => payout.amountCents);

describe("a seller's payout destination", () => {
  it("set for the first time is emailed and pauses nothing; the same again changes nothing", async () => {
    const { user, creator } = await createSeller(database.db, { email: "first@example.com" });
    const jobs = recordingJobs();
    const first = await notePayoutDestination(database.db, testDestinationServices(jobs), {
      creatorId: creator.id,
      destination: "PayPal first@example.com",
      now: THURSDAY,
    });
    expect(first).toEqual({ changed: true, pausedUntil: null });
    const [email] = jobs.emailsTo(user.email);
    expect(email?.subject).toBe("A payout account was added to your shop on Test Market");
    expect(email?.text).toContain(`The payouts of your shop "${creator.name}" now go to PayPal first@example.com.`);
    expect(email?.text).toContain("If you did not make this change, change your password and contact us at once");
    expect(email?.text).not.toContain("paused");

    const again = await notePayoutDestination(database.db, testDestinationServices(jobs), {
      creatorId: creator.id,
      destination: "PayPal first@example.com",
      now: new Date(THURSDAY.getTime() + HOUR),
    });
    expect(again).toEqual({ changed: false, pausedUntil: null });
    expect(jobs.emailsTo(user.email)).toHaveLength(1);
    expect(await payoutPauseOf(database.db, creator.id, THURSDAY)).toBeNull();
  });

  it("changed pauses payouts for 48 hours from the change, says so by email, and the run pays after", async () => {
    const { user, creator } = await sellerWithBalance(5000, { email: "changed@example.com" });
    const jobs = recordingJobs();
    const services = testDestinationServices(jobs);
    await savePayoutSettings(database.db, services, {
      creatorId: creator.id,
      input: { method: "paypal", paypalEmail: "mine@example.com" },
    });
    // A change on Thursday noon: the pause runs to Saturday noon, over Friday's run.
    await notePayoutDestination(database.db, services, {
      creatorId: creator.id,
      destination: "PayPal thief@example.com",
      now: THURSDAY,
    });
    const until = new Date(THURSDAY.getTime() + 48 * HOUR);
    expect(await payoutPauseOf(database.db, creator.id, FRIDAY_RUN)).toEqual({ until, changedAt: THURSDAY });
    const changeEmail = jobs.emailsTo(user.email).at(-1)!;
    expect(changeEmail.subject).toBe("Your payout account on Test Market was changed");
    expect(changeEmail.text).toContain("now go to PayPal thief@example.com, in place of PayPal mine@example.com.");
    expect(changeEmail.text).toContain("your payouts are paused until Jan 9, 2027, 12:00 PM UTC");

    // Before the change, nothing was paused; at Friday's run it is; a week later it is over.
    expect(await payoutPauseOf(database.db, creator.id, new Date(THURSDAY.getTime() - HOUR))).toBeNull();
    expect(paidTo(await runManualPayouts(database.db, FRIDAY_RUN), creator.id)).toEqual([]);
    expect(paidTo(await runManualPayouts(database.db, NEXT_FRIDAY_RUN), creator.id)).toEqual([5000]);
  });

  it("saved on Earnings the first time pays on Friday; saved again with another address is paused", async () => {
    const { creator } = await sellerWithBalance(4000);
    const services = testDestinationServices();
    await savePayoutSettings(database.db, services, {
      creatorId: creator.id,
      input: { method: "bank_transfer", accountLast4: "6789" },
    });
    const [noted] = await database.db
      .select()
      .from(payoutDestinationChanges)
      .where(eq(payoutDestinationChanges.creatorId, creator.id));
    expect(noted).toMatchObject({
      destination: "Bank transfer (US) account ending 6789",
      previous: null,
      pausedUntil: null,
    });
    await savePayoutSettings(database.db, services, {
      creatorId: creator.id,
      input: { method: "bank_transfer", accountLast4: "1111" },
    });
    const pause = await payoutPauseOf(database.db, creator.id, new Date());
    expect(pause!.until.getTime() - pause!.changedAt.getTime()).toBe(48 * HOUR);
  });

  it("of the transfer rail is the connected account once it can be paid, and a new bank account behind it", async () => {
    const { user, creator } = await createSeller(database.db, { email: "connected@example.com" });
    await database.db.insert(payoutAccounts).values({ creatorId: creator.id, provider: "hosted", accountRef: "hpa_1" });
    const jobs = recordingJobs();
    const services = { ...testDestinationServices(jobs), providerName: "Test Market Payments" };
    const state: PayoutAccountState = {
      detailsSubmitted: true,
      payoutsEnabled: false,
      requirementsDue: [],
      requirementsDueBy: null,
      disabledReason: "The bank refused the account.",
      payoutMethod: "bank account ending 0002",
    };
    const store = (changes: Partial<PayoutAccountState>) =>
      storePayoutAccountState(database.db, services, {
        provider: "hosted",
        accountRef: "hpa_1",
        state: { ...state, ...changes },
      });
    // Not yet a destination while it cannot be paid.
    await store({});
    expect(jobs.emailsTo(user.email)).toEqual([]);
    await store({ payoutsEnabled: true, disabledReason: null, payoutMethod: "bank account ending 6789" });
    expect(jobs.emailsTo(user.email).map((email) => email.subject)).toEqual([
      "A payout account was added to your shop on Test Market",
    ]);
    expect(await payoutPauseOf(database.db, creator.id, new Date())).toBeNull();
    // The seller's state read again, unchanged: no second email.
    await store({ payoutsEnabled: true, disabledReason: null, payoutMethod: "bank account ending 6789" });
    await store({ payoutsEnabled: true, disabledReason: null, payoutMethod: "bank account ending 4321" });
    const emails = jobs.emailsTo(user.email);
    expect(emails).toHaveLength(2);
    expect(emails[1]!.text).toContain(
      "now go to bank account ending 4321, through your Test Market Payments account hpa_1, in place of bank account ending 6789, through your Test Market Payments account hpa_1.",
    );
    expect(await payoutPauseOf(database.db, creator.id, new Date())).not.toBeNull();
  });
});

describe("what keeps a payout back besides a hold", () => {
  it("tax details missing: the run pays nothing and Earnings asks for them; once given, it pays", async () => {
    const { creator } = await sellerWithBalance(3000, { taxDetails: false });
    await savePayoutSettings(database.db, testDestinationServices(), {
      creatorId: creator.id,
      input: { method: "paypal", paypalEmail: "notax@example.com" },
    });
    expect(await payoutBlockOf(database.db, creator.id, FRIDAY_RUN)).toEqual({ kind: "tax-details" });
    const balance = await payoutBalance(database.db, { creatorId: creator.id, now: FRIDAY_RUN, holdDays: 0 });
    expect(
      nextPayoutOf(balance, {
        friday: "2027-01-08",
        hasDestination: true,
        block: await payoutBlockOf(database.db, creator.id, FRIDAY_RUN),
      }),
    ).toEqual({ state: "no-tax-details", friday: "2027-01-08", amountCents: 3000 });
    expect(paidTo(await runManualPayouts(database.db, FRIDAY_RUN), creator.id)).toEqual([]);
    expect(await payoutBalance(database.db, { creatorId: creator.id, now: FRIDAY_RUN, holdDays: 0 })).toMatchObject({
      availableCents: 3000,
    });
  });

  it("a pause over before Friday's run keeps nothing back; one past it says until when", async () => {
    const { creator } = await sellerWithBalance(2600);
    const balance = await payoutBalance(database.db, { creatorId: creator.id, now: THURSDAY, holdDays: 0 });
    const changedAt = new Date("2027-01-05T08:00:00Z");
    const over = { kind: "paused" as const, changedAt, until: new Date("2027-01-07T08:00:00Z") };
    expect(nextPayoutOf(balance, { friday: "2027-01-08", hasDestination: true, block: over })).toEqual({
      state: "scheduled",
      friday: "2027-01-08",
      amountCents: 2600,
    });
    const past = { kind: "paused" as const, changedAt, until: new Date("2027-01-08T09:30:00Z") };
    expect(nextPayoutOf(balance, { friday: "2027-01-08", hasDestination: true, block: past })).toEqual({
      state: "paused",
      friday: "2027-01-08",
      amountCents: 2600,
      until: "2027-01-08T09:30:00.000Z",
      changedAt: "2027-01-05T08:00:00.000Z",
    });
  });
});
