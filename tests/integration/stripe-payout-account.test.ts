import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { action as webhookAction } from "../../app/routes/api/payout-webhook.ts";
import { action as earningsAction, loader as earningsLoader } from "../../app/routes/seller/earnings.tsx";
import { loader as payoutAccountLoader } from "../../app/routes/seller/payout-account.ts";
import { parseConfig } from "../../server/config/env.ts";
import { payoutAccounts, type user } from "../../server/db/schema.ts";
import type { PayoutAccountStatus } from "../../server/payouts/payout-account-status.ts";
import { payoutProviderFor } from "../../server/payouts/payout-provider-for.ts";
import { CONNECT_PAYOUT_ACCOUNT } from "../../shared/payout-account-schema.ts";
import { createSeller } from "../support/factories.ts";
import { recordingJobs } from "../support/orders.ts";
import { contextAs, type RouteBody, routeAnswer } from "../support/route-answer.ts";
import {
  accountEvent,
  type StripeStandIn,
  signedDelivery,
  startStripeStandIn,
  stripeEvent,
} from "../support/stripe-stand-in.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// A seller's payout account with PAYMENT_PROVIDER=stripe, through the shop's routes: the real
// Stripe SDK against the local stand-in of Stripe's API, and Connect events signed as Stripe signs
// them (thin ones for accounts, from one destination; snapshot ones for transfers, from another).

const database = setUpTestDatabase();
const THIN_SECRET = "whsec_connect_thin";
const SNAPSHOT_SECRET = "whsec_connect_snapshot";
const SECRET = "a-test-secret-of-at-least-32-characters!";
type Account = typeof user.$inferSelect;
const logger = { warn: vi.fn(), info: vi.fn(), error: vi.fn() };
let standIn: StripeStandIn;
let services: Record<string, unknown>;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  const config = parseConfig({
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: "sk_test_platform",
    STRIPE_WEBHOOK_SECRET: "whsec_payments",
    STRIPE_CONNECT_WEBHOOK_SECRET: `${THIN_SECRET},${SNAPSHOT_SECRET}`,
    STRIPE_API_URL: standIn.url,
    PUBLIC_URL: "http://shop.test",
  });
  services = {
    db: database.db,
    jobs: recordingJobs(),
    publicUrl: config.publicUrl,
    shopName: "Test Market",
    shopMode: "live",
    secret: SECRET,
    logger: logger as unknown as Logger,
    payouts: payoutProviderFor(config, database.db, SECRET),
    payoutPolicy: config.payouts,
  };
});
afterAll(() => standIn?.close());
beforeEach(() => logger.warn.mockClear());

type Call = (args: never) => Promise<unknown>;
const answerOf = (
  handler: Call,
  account: Account | null,
  url: string,
  options: { body?: RouteBody; params?: Record<string, string> } = {},
) => routeAnswer(handler, { url, context: contextAs(account, services), ...options });

const statusOf = async (seller: Account) =>
  (
    (await answerOf(earningsLoader as Call, seller, "/seller/earnings")).data as {
      payoutAccount: { status: PayoutAccountStatus };
    }
  ).payoutAccount.status;

const connect = (seller: Account, country = "DE") =>
  answerOf(earningsAction as Call, seller, "/seller/earnings", { body: { intent: CONNECT_PAYOUT_ACCOUNT, country } });

/** Stripe's delivery to the Connect webhook, as its servers post it. */
async function deliver(delivery: { body: string; headers: Headers }) {
  const response = (await webhookAction({
    request: new Request("http://shop.test/api/v1/payments/webhook/stripe/connect", {
      method: "POST",
      headers: delivery.headers,
      body: delivery.body,
    }),
    params: { provider: "stripe" },
    context: contextAs(null, services),
  } as never)) as Response;
  return { status: response.status, body: await response.json() };
}

const accountRefOf = async (creatorId: number) =>
  (await database.db.select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, creatorId)))[0]?.accountRef;

describe("a payout account at Stripe", () => {
  it("opens a Stripe account, sends the seller to Stripe's onboarding, and keeps what Stripe says on return and in its events", async () => {
    const { user: seller, creator } = await createSeller(database.db, { creator: { name: "Paper Fox" } });
    const connected = await connect(seller);
    const link = standIn.accountLinks.at(-1)!;
    expect(connected).toMatchObject({ status: 302, location: link.url });
    const accountRef = await accountRefOf(creator.id);
    expect(link).toMatchObject({
      account: accountRef,
      use_case: {
        type: "account_onboarding",
        account_onboarding: {
          return_url: "http://shop.test/seller/payout-account/return",
          refresh_url: "http://shop.test/seller/payout-account/refresh",
        },
      },
    });
    expect(standIn.accounts.get(accountRef!)).toMatchObject({
      display_name: "Paper Fox",
      contact_email: seller.email,
      identity: { country: "de" },
      metadata: { creator_id: String(creator.id) },
    });

    // Back from Stripe before finishing: what Stripe still needs, in words.
    const back = (step: string) =>
      answerOf(payoutAccountLoader as Call, seller, `/seller/payout-account/${step}`, { params: { step } });
    expect(await back("return")).toMatchObject({ status: 302, location: "/seller/earnings#payout-account" });
    expect(await statusOf(seller)).toEqual({
      action: "continue",
      tone: "attention",
      summary: "Setup is not finished: payouts wait until it is.",
      needs:
        "Stripe needs: your legal name, your date of birth, your address, your ID number, a bank account for payouts and acceptance of Stripe's terms.",
    });

    standIn.completeOnboarding(accountRef!);
    await back("return");
    expect(await statusOf(seller)).toEqual({
      action: "update",
      tone: "on",
      summary: "Ready: this account can receive your payouts.",
      needs: null,
    });

    // Later Stripe asks for a document by a date (a thin event); then it is overdue and payouts stop.
    const deadline = new Date("2026-12-12T00:00:00.000Z");
    standIn.requireInformation(accountRef!, { fields: ["identity.individual.verification.document"], deadline });
    const requirements = accountEvent("v2.core.account[requirements].updated", accountRef!);
    expect(await deliver(signedDelivery(requirements, THIN_SECRET))).toEqual({
      status: 200,
      body: { received: true, outcome: "account updated" },
    });
    expect((await statusOf(seller)).needs).toBe("Stripe needs: an identity document, by Dec 12, 2026.");
    standIn.requireInformation(accountRef!, { fields: [], deadline, pastDue: true });
    const capability = accountEvent("v2.core.account[configuration.recipient].capability_status_updated", accountRef!);
    await deliver(signedDelivery(capability, THIN_SECRET));
    expect((await statusOf(seller)).summary).toBe("Payouts are paused: information Stripe asked for is overdue.");

    // An expired link: Stripe sends the seller to the refresh address, which makes a new link.
    const refreshed = await back("refresh");
    expect(refreshed).toMatchObject({ status: 302, location: standIn.accountLinks.at(-1)!.url });
    expect(standIn.accountLinks.at(-1)!.url).not.toBe(link.url);
    expect(standIn.accounts.size).toBeGreaterThanOrEqual(1);
    expect(await accountRefOf(creator.id)).toBe(accountRef);
  });

  it("answers a forged event 400, acknowledges one about an account it does not know, and hands transfer reversals on", async () => {
    const event = accountEvent("v2.core.account[requirements].updated", "acct_elsewhere");
    expect((await deliver(signedDelivery(event, "whsec_payments"))).status).toBe(400);
    expect(await deliver(signedDelivery(event, THIN_SECRET))).toEqual({
      status: 200,
      body: { received: true, outcome: "ignored: unknown account" },
    });
    const transfer = {
      id: "tr_test_1",
      object: "transfer",
      amount: 4200,
      amount_reversed: 4200,
      reversals: { object: "list", data: [{ amount: 4200, created: 1, metadata: {}, source_refund: null }] },
    };
    const reversed = signedDelivery(stripeEvent("transfer.reversed", transfer), SNAPSHOT_SECRET);
    expect(await deliver(reversed)).toEqual({
      status: 200,
      body: { received: true, outcome: "handed to the payouts" },
    });
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({
        event: expect.objectContaining({ type: "transfer_reversed", transferRef: "tr_test_1", amountCents: 4200 }),
      }),
      "A transfer event names a transfer no payout of the shop has",
    );
  });

  it("says so when Stripe cannot be reached, and opens nothing", async () => {
    const { user: seller, creator } = await createSeller(database.db);
    standIn.failNextRequest(500, "An unknown error occurred", 3);
    expect(await connect(seller)).toMatchObject({
      status: 502,
      data: {
        intent: CONNECT_PAYOUT_ACCOUNT,
        ok: false,
        message: "The payment provider could not be reached. Nothing was changed; please try again in a few minutes.",
      },
    });
    expect(await accountRefOf(creator.id)).toBeUndefined();
    expect(await connect(seller)).toMatchObject({ status: 302 });
  });
});
