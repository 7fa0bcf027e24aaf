import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  accountEvent,
  type StripeStandIn,
  signedDelivery,
  startStripeStandIn,
  stripeEvent,
  thinEvent,
} from "../../tests/support/stripe-stand-in.ts";
import { WebhookRejected } from "../payments/provider.ts";
import { type CreateAccountRequest, type PayoutProvider, TransferRefused } from "./payout-provider.ts";
import { createStripePayouts } from "./stripe-payouts.ts";

// The real Stripe SDK, talking to a local stand-in of Stripe's Connect API (Accounts v2, Account
// Links v2, v1 transfers), and reading events signed as Stripe signs them.

const SECRET_KEY = "sk_test_platform";
const THIN_SECRET = "whsec_connect_thin";
const SNAPSHOT_SECRET = "whsec_connect_snapshot";

let standIn: StripeStandIn;
let payouts: PayoutProvider;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  payouts = createStripePayouts({
    secretKey: SECRET_KEY,
    connectWebhookSecrets: [THIN_SECRET, SNAPSHOT_SECRET],
    apiUrl: standIn.url,
  });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
});

let lastCreator = 100;
function accountRequest(changes: Partial<CreateAccountRequest> = {}): CreateAccountRequest {
  const creatorId = ++lastCreator;
  return {
    creatorId,
    email: `seller${creatorId}@example.com`,
    displayName: `Shop ${creatorId}`,
    country: "US",
    idempotencyKey: `payout-account-${creatorId}`,
    ...changes,
  };
}

/** An account whose seller finished onboarding: it takes transfers. */
async function onboardedAccount() {
  const { ref } = await payouts.createAccount(accountRequest());
  standIn.completeOnboarding(ref);
  return ref;
}

let lastPayout = 500;
function transferRequest(accountRef: string, amountCents = 4200, firstAskedAt = new Date()) {
  const payoutId = ++lastPayout;
  return {
    accountRef,
    amountCents,
    currency: "usd" as const,
    description: "Payout for the week of 2026-11-27",
    payoutId,
    idempotencyKey: `payout-${payoutId}`,
    firstAskedAt,
  };
}

describe("connected accounts", () => {
  it("creates a recipient account with the Express dashboard, the platform answering for fees and losses", async () => {
    const request = accountRequest();
    const { ref } = await payouts.createAccount(request);

    expect(ref).toMatch(/^acct_/);
    const [sent] = standIn.requests;
    expect(sent).toMatchObject({ method: "POST", path: "/v2/core/accounts", idempotencyKey: request.idempotencyKey });
    expect(sent!.json).toEqual({
      contact_email: request.email,
      display_name: request.displayName,
      identity: { country: "US" },
      dashboard: "express",
      defaults: {
        currency: "usd",
        responsibilities: { fees_collector: "application", losses_collector: "application" },
      },
      configuration: { recipient: { capabilities: { stripe_balance: { stripe_transfers: { requested: true } } } } },
      metadata: { creator_id: String(request.creatorId) },
    });
    expect(standIn.accounts.get(ref)).toMatchObject({
      applied_configurations: ["recipient"],
      dashboard: "express",
      identity: { country: "us" },
    });
  });

  it("makes one account for a creation retried with the same key (a lost answer, a double click)", async () => {
    const request = accountRequest();
    const before = standIn.accounts.size;
    const [first, second] = await Promise.all([payouts.createAccount(request), payouts.createAccount(request)]);
    const third = await payouts.createAccount(request);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(standIn.accounts.size).toBe(before + 1);
  });

  it("links to Stripe's onboarding for everything the account will need, with the shop's return and refresh addresses", async () => {
    const { ref } = await payouts.createAccount(accountRequest());
    standIn.requests.length = 0;
    const link = await payouts.onboardingLink({
      accountRef: ref,
      returnUrl: "https://shop.example/seller/payout-account/return",
      refreshUrl: "https://shop.example/seller/payout-account/refresh",
    });

    expect(standIn.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      "POST /v2/core/account_links",
    ]);
    expect(standIn.requests[0]!.json).toEqual({
      account: ref,
      use_case: {
        type: "account_onboarding",
        account_onboarding: {
          return_url: "https://shop.example/seller/payout-account/return",
          refresh_url: "https://shop.example/seller/payout-account/refresh",
          collection_options: { fields: "eventually_due" },
        },
      },
    });
    const made = standIn.accountLinks.at(-1)!;
    expect(link).toEqual({ url: made.url, expiresAt: new Date(made.expires_at) });
    expect(link.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it("refuses a link for an account Stripe does not know", async () => {
    const refused = await payouts
      .onboardingLink({
        accountRef: "acct_unknown",
        returnUrl: "https://a.example/r",
        refreshUrl: "https://a.example/f",
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((refused as Error).message).toBe("No such account: 'acct_unknown'");
  });
});

describe("reading an account", () => {
  it("asks for the recipient configuration and the requirements, which v2 leaves out unless asked", async () => {
    const { ref } = await payouts.createAccount(accountRequest());
    standIn.requests.length = 0;
    await payouts.readAccount(ref);
    expect(standIn.requests).toMatchObject([
      {
        method: "GET",
        path: `/v2/core/accounts/${ref}`,
        query: { include: ["configuration.recipient", "requirements"] },
      },
    ]);
  });

  it("reads a new account as not set up: what onboarding needs, in words, and transfers off", async () => {
    const { ref } = await payouts.createAccount(accountRequest());
    expect(await payouts.readAccount(ref)).toEqual({
      detailsSubmitted: false,
      payoutsEnabled: false,
      requirementsDue: [
        "your legal name",
        "your date of birth",
        "your address",
        "your ID number",
        "a bank account for payouts",
        "acceptance of Stripe's terms",
      ],
      requirementsDueBy: null,
      disabledReason: "information Stripe asked for is overdue.",
    });
  });

  it("reads an onboarded account as submitted with payouts on", async () => {
    const ref = await onboardedAccount();
    expect(await payouts.readAccount(ref)).toEqual({
      detailsSubmitted: true,
      payoutsEnabled: true,
      requirementsDue: [],
      requirementsDueBy: null,
      disabledReason: null,
    });
  });

  it("reads what Stripe asks for later, and by when; past due, payouts stop", async () => {
    const ref = await onboardedAccount();
    const deadline = new Date("2026-12-12T00:00:00.000Z");
    standIn.requireInformation(ref, { fields: ["identity.individual.verification.document"], deadline });
    expect(await payouts.readAccount(ref)).toEqual({
      detailsSubmitted: false,
      payoutsEnabled: true,
      requirementsDue: ["an identity document"],
      requirementsDueBy: deadline,
      disabledReason: null,
    });

    standIn.requireInformation(ref, { fields: ["identity.individual.verification.document"], deadline, pastDue: true });
    expect(await payouts.readAccount(ref)).toMatchObject({
      payoutsEnabled: false,
      requirementsDue: ["an identity document"],
      disabledReason: "information Stripe asked for is overdue.",
    });
  });
});

describe("transfers", () => {
  it("moves the amount to the account with the payout's key and reference", async () => {
    const ref = await onboardedAccount();
    const request = transferRequest(ref);
    standIn.requests.length = 0;
    const { ref: transferRef } = await payouts.transfer(request);

    expect(standIn.requests).toMatchObject([
      {
        method: "POST",
        path: "/v1/transfers",
        idempotencyKey: request.idempotencyKey,
        params: {
          amount: "4200",
          currency: "usd",
          destination: ref,
          description: request.description,
          metadata: { payout_id: String(request.payoutId) },
          transfer_group: `payout-${request.payoutId}`,
        },
      },
    ]);
    expect(standIn.transfers.get(transferRef)).toMatchObject({ amount: 4200, destination: ref });
  });

  it("makes one transfer for the same key sent twice, and one for a retry after Stripe failed", async () => {
    const ref = await onboardedAccount();
    const request = transferRequest(ref);
    const before = standIn.transfers.size;
    const first = await payouts.transfer(request);
    expect(await payouts.transfer(request)).toEqual(first);
    expect(standIn.transfers.size).toBe(before + 1);

    // Stripe down through the SDK's two retries: the error is the caller's to retry, not a refusal.
    const later = transferRequest(ref);
    standIn.failNextRequest(500, "An unknown error occurred", 3);
    const failed = await payouts.transfer(later).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(failed).not.toBeInstanceOf(TransferRefused);
    const retried = await payouts.transfer(later);
    expect(await payouts.transfer(later)).toEqual(retried);
    expect(standIn.transfers.size).toBe(before + 2);
  });

  it("finds the transfer a payout asked for more than a day ago, once Stripe has forgotten its key", async () => {
    const ref = await onboardedAccount();
    const request = transferRequest(ref, 4200, new Date(Date.now() - 25 * 3600_000));
    const first = await payouts.transfer(request);
    // A day on (the answer was lost, the shop was down): the same key would make a second transfer.
    standIn.forgetIdempotencyKeys();
    const before = standIn.transfers.size;
    expect(await payouts.transfer(request)).toEqual(first);
    expect(standIn.transfers.size).toBe(before);
    expect(standIn.requests.at(-1)).toMatchObject({
      method: "GET",
      path: "/v1/transfers",
      query: { transfer_group: `payout-${request.payoutId}`, limit: "1" },
    });
    // Asked within the day, the key is enough: Stripe is not asked for the list.
    const recent = transferRequest(ref);
    await payouts.transfer(recent);
    expect(standIn.requests.at(-1)).toMatchObject({ method: "POST", path: "/v1/transfers" });
    // The old payout's two asks each looked first; the recent one did not.
    expect(standIn.requests.filter((asked) => asked.method === "GET" && asked.path === "/v1/transfers")).toHaveLength(
      2,
    );
  });

  it("refuses the same key with another amount in Stripe's words, and moves nothing more", async () => {
    const ref = await onboardedAccount();
    const request = transferRequest(ref, 3000);
    await payouts.transfer(request);
    const before = standIn.transfers.size;
    const refused = await payouts.transfer({ ...request, amountCents: 3100 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TransferRefused);
    expect((refused as Error).message).toMatch(
      /^Keys for idempotent requests can only be used with the same parameters they were first used with/,
    );
    expect(standIn.transfers.size).toBe(before);
  });

  it("refuses a transfer to an account that cannot take one, with Stripe's message", async () => {
    const { ref } = await payouts.createAccount(accountRequest());
    const refused = await payouts.transfer(transferRequest(ref)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TransferRefused);
    expect((refused as Error).message).toBe(
      "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
    );
  });

  it("refuses a transfer the platform's balance cannot cover, with Stripe's message", async () => {
    const ref = await onboardedAccount();
    const refused = await payouts
      .transfer(transferRequest(ref, standIn.balance.availableCents + 1))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TransferRefused);
    expect((refused as Error).message).toMatch(/^You have insufficient available funds in your Stripe account\./);
  });
});

describe("events", () => {
  it("reads a thin event about an account, signed with the Connect secret, as account_updated", async () => {
    for (const type of [
      "v2.core.account[requirements].updated",
      "v2.core.account[configuration.recipient].capability_status_updated",
      "v2.core.account.updated",
    ]) {
      const body = accountEvent(type, "acct_123");
      const { headers } = signedDelivery(body, THIN_SECRET);
      expect(payouts.verifyEvent(body, headers)).toEqual({
        id: JSON.parse(body).id,
        type: "account_updated",
        accountRef: "acct_123",
      });
    }
  });

  it("reads transfer.reversed (a snapshot event, from the other destination's secret) with the reversal's amount", async () => {
    const ref = await onboardedAccount();
    const { ref: transferRef } = await payouts.transfer(transferRequest(ref, 5000));
    standIn.reverseTransfer(transferRef, 1000);
    const reversed = standIn.reverseTransfer(transferRef, 1500, { reason: "Chargeback on order M-1042" });
    const body = stripeEvent("transfer.reversed", reversed);
    const { headers } = signedDelivery(body, SNAPSHOT_SECRET);
    expect(payouts.verifyEvent(body, headers)).toEqual({
      id: JSON.parse(body).id,
      type: "transfer_reversed",
      transferRef,
      amountCents: 1500,
      reason: "Chargeback on order M-1042",
    });
  });

  it("reads any other genuine event as other", () => {
    const snapshot = stripeEvent("transfer.created", { id: "tr_1", object: "transfer" });
    expect(payouts.verifyEvent(snapshot, signedDelivery(snapshot, SNAPSHOT_SECRET).headers)).toMatchObject({
      type: "other",
      providerType: "transfer.created",
    });
    const thin = thinEvent("v2.core.account_link.returned", null);
    expect(payouts.verifyEvent(thin, signedDelivery(thin, THIN_SECRET).headers)).toMatchObject({
      type: "other",
      providerType: "v2.core.account_link.returned",
    });
  });

  it("refuses a forged, altered, stale, unsigned or unreadable delivery", () => {
    const body = accountEvent("v2.core.account[requirements].updated", "acct_123");
    const rejected = (deliveredBody: string, headers: Headers) => {
      try {
        payouts.verifyEvent(deliveredBody, headers);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    // Signed with the payments endpoint's secret, or another platform's.
    const forged = rejected(body, signedDelivery(body, "whsec_someone_else").headers);
    expect(forged).toBeInstanceOf(WebhookRejected);
    expect((forged as Error).message).toBe("No signatures found matching the expected signature for payload");
    // A genuine signature on other bytes.
    const altered = rejected(body.replace("acct_123", "acct_999"), signedDelivery(body, THIN_SECRET).headers);
    expect(altered).toBeInstanceOf(WebhookRejected);
    const stale = rejected(body, signedDelivery(body, THIN_SECRET, Math.floor(Date.now() / 1000) - 3600).headers);
    expect((stale as Error).message).toBe("Timestamp outside the tolerance zone");
    expect((rejected(body, new Headers()) as Error).message).toBe("missing Stripe-Signature header");
    const notJson = "not json";
    expect((rejected(notJson, signedDelivery(notJson, THIN_SECRET).headers) as Error).message).toBe(
      "unreadable event body",
    );
    // Genuine, but not an event the shop can read.
    const shapeless = JSON.stringify({ object: "v2.core.event", type: 42 });
    expect((rejected(shapeless, signedDelivery(shapeless, THIN_SECRET).headers) as Error).message).toBe(
      "unreadable event",
    );
  });
});
