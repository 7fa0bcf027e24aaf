import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { recordingJobs } from "../../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../../tests/support/test-database.ts";
import { hostedPayoutLinks, hostedPayoutTransfers } from "../../db/schema.ts";
import { hostedWebhookSecret } from "../../payments/hosted/hosted-provider.ts";
import { SIGNATURE_HEADER, signatureHeader } from "../../payments/hosted/webhook-signature.ts";
import { WebhookRejected } from "../../payments/provider.ts";
import { type PayoutProvider, TransferRefused, type TransferRequest } from "../payout-provider.ts";
import { createHostedPayouts, hostedPayoutWebhookSecret } from "./hosted-payout-provider.ts";
import { ONBOARDING_LINK_MINUTES, submitOnboarding } from "./hosted-payouts.ts";

// The shop's payout stand-in as a provider: one account per idempotency key, links that expire,
// transfers made once per key and refused as Stripe refuses them, events signed for the shop.

const database = setUpTestDatabase();
const SECRET = "a-test-secret-of-at-least-32-characters!";
const jobs = recordingJobs();
let payouts: PayoutProvider;
let lastSeller = 0;

beforeAll(() => {
  payouts = createHostedPayouts({ db: database.db, publicUrl: "http://shop.test", secret: SECRET });
});

async function openAccount() {
  const creatorId = ++lastSeller;
  return payouts.createAccount({
    creatorId,
    email: `seller${creatorId}@example.com`,
    displayName: `Shop ${creatorId}`,
    country: "US",
    idempotencyKey: `payout-account-hosted-${creatorId}`,
  });
}

/** An account onboarded with the verified test bank account: it takes transfers. */
async function payableAccount() {
  const { ref } = await openAccount();
  const link = await payouts.onboardingLink({
    accountRef: ref,
    returnUrl: "http://shop.test/r",
    refreshUrl: "http://shop.test/f",
  });
  const token = link.url.split("/").at(-1)!;
  const form = {
    legalName: "Ada Lovelace",
    country: "US" as const,
    routingNumber: "110000000",
    accountNumber: "000123456789",
  };
  expect(await submitOnboarding(database.db, { jobs, token, form })).toMatchObject({ status: "submitted" });
  return ref;
}

let lastPayout = 0;
function transferTo(accountRef: string, amountCents = 2500): TransferRequest {
  const payoutId = ++lastPayout;
  return {
    accountRef,
    amountCents,
    currency: "usd",
    description: "Weekly payout",
    payoutId,
    firstAskedAt: new Date(),
    idempotencyKey: `payout-${payoutId}`,
  };
}

describe("the hosted payout stand-in", () => {
  it("opens one account per idempotency key, not set up and not payable", async () => {
    const request = {
      creatorId: 900,
      email: "s@example.com",
      displayName: "Shop",
      country: "US",
      idempotencyKey: "payout-account-hosted-900",
    };
    const results = await Promise.all([1, 2, 3].map(() => payouts.createAccount(request)));
    expect(new Set(results.map((result) => result.ref)).size).toBe(1);
    expect(await payouts.readAccount(results[0]!.ref)).toEqual({
      detailsSubmitted: false,
      payoutsEnabled: false,
      requirementsDue: ["your legal name", "a bank account for payouts"],
      requirementsDueBy: null,
      disabledReason: "the account's details have not been given yet.",
      payoutMethod: null,
    });
  });

  it("makes links to its page that stay open 15 minutes", async () => {
    const { ref } = await openAccount();
    const before = Date.now();
    const link = await payouts.onboardingLink({
      accountRef: ref,
      returnUrl: "http://shop.test/r",
      refreshUrl: "http://shop.test/f",
    });
    expect(link.url).toMatch(/^http:\/\/shop\.test\/pay\/onboarding\/[\w-]{32}$/);
    const lifetime = link.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThanOrEqual(ONBOARDING_LINK_MINUTES * 60_000 - 1000);
    expect(lifetime).toBeLessThanOrEqual(ONBOARDING_LINK_MINUTES * 60_000 + 1000);
    expect(ONBOARDING_LINK_MINUTES).toBe(15);
    const [row] = await database.db.select().from(hostedPayoutLinks).where(eq(hostedPayoutLinks.accountId, ref));
    expect(row).toMatchObject({ usedAt: null, returnUrl: "http://shop.test/r", refreshUrl: "http://shop.test/f" });
  });

  it("makes one transfer for a key sent twice or at once, and refuses the key with another amount", async () => {
    const ref = await payableAccount();
    const request = transferTo(ref);
    const results = await Promise.all([1, 2, 3].map(() => payouts.transfer(request)));
    expect(new Set(results.map((result) => result.ref)).size).toBe(1);
    expect(
      await database.db.select().from(hostedPayoutTransfers).where(eq(hostedPayoutTransfers.accountId, ref)),
    ).toHaveLength(1);
    const refused = await payouts.transfer({ ...request, amountCents: 2600 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TransferRefused);
    expect((refused as Error).message).toBe(
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try a key other than '${request.idempotencyKey}'.`,
    );
  });

  it("refuses a transfer to an account that cannot be paid, or that it does not know, with the reason", async () => {
    const { ref } = await openAccount();
    await expect(payouts.transfer(transferTo(ref))).rejects.toThrow(
      new TransferRefused("The account cannot be paid: the account's details have not been given yet."),
    );
    await expect(payouts.transfer(transferTo("hpa_nobody"))).rejects.toThrow(
      new TransferRefused("No such destination: 'hpa_nobody'"),
    );
    const payable = await payableAccount();
    await expect(payouts.transfer(transferTo(payable, 0))).rejects.toBeInstanceOf(TransferRefused);
  });

  it("signs its events for the shop as the hosted payment page signs its own, with a key of their own", () => {
    const body = JSON.stringify({ id: "hpoe_1", type: "account.updated", created: 0, data: { accountId: "hpa_1" } });
    const headers = new Headers({ [SIGNATURE_HEADER]: signatureHeader(hostedPayoutWebhookSecret(SECRET), body) });
    expect(payouts.verifyEvent(body, headers)).toEqual({ id: "hpoe_1", type: "account_updated", accountRef: "hpa_1" });
    // The payment page's key (another derivation of the shop's secret) does not sign payout events.
    const other = new Headers({ [SIGNATURE_HEADER]: signatureHeader(hostedWebhookSecret(SECRET), body) });
    expect(() => payouts.verifyEvent(body, other)).toThrow(WebhookRejected);
    const unknownType = JSON.stringify({ id: "hpoe_2", type: "account.closed", created: 0, data: {} });
    const signed = new Headers({ [SIGNATURE_HEADER]: signatureHeader(hostedPayoutWebhookSecret(SECRET), unknownType) });
    expect(payouts.verifyEvent(unknownType, signed)).toEqual({
      id: "hpoe_2",
      type: "other",
      providerType: "account.closed",
    });
  });
});
