import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { action as webhookAction } from "../../app/routes/api/payout-webhook.ts";
import { action as onboardingAction, loader as onboardingLoader } from "../../app/routes/pay-onboarding.tsx";
import { action as earningsAction, loader as earningsLoader } from "../../app/routes/seller/earnings.tsx";
import { loader as payoutAccountLoader } from "../../app/routes/seller/payout-account.ts";
import { DEMO_SELLER } from "../../server/accounts/shared-demo-accounts.ts";
import {
  hostedPayoutAccounts,
  hostedPayoutLinks,
  hostedPayoutTransfers,
  hostedPayoutWebhooks,
  payoutAccounts,
  payoutSettings,
  type user,
} from "../../server/db/schema.ts";
import { BodyTooLargeError } from "../../server/http/body-limit.ts";
import { QUEUES } from "../../server/jobs/queue.ts";
import { signatureHeader } from "../../server/payments/hosted/webhook-signature.ts";
import { createHostedPayouts, hostedPayoutWebhookSecret } from "../../server/payouts/hosted/hosted-payout-provider.ts";
import {
  deliverHostedPayoutWebhook,
  type HostedPayoutEventBody,
  reverseHostedTransfer,
} from "../../server/payouts/hosted/hosted-payouts.ts";
import { BANK_REFUSED } from "../../server/payouts/hosted/test-bank-accounts.ts";
import type { PayoutAccountStatus } from "../../server/payouts/payout-account-status.ts";
import { DEMO_SELLER_LOOKS_ONLY } from "../../shared/demo-shop.ts";
import { CONNECT_PAYOUT_ACCOUNT } from "../../shared/payout-account-schema.ts";
import { createSeller } from "../support/factories.ts";
import { recordingJobs } from "../support/orders.ts";
import { contextAs, type RouteBody, routeAnswer } from "../support/route-answer.ts";
import { setUpTestDatabase } from "../support/test-database.ts";

// A seller's payout account with the shop's own payout stand-in (PAYMENT_PROVIDER=hosted), through
// the routes as a browser without JavaScript uses them: Connect on the earnings page, the stand-in's
// onboarding page, the way back, its signed events at the Connect webhook (delivered over HTTP by
// its job, as in a running shop), and the earnings page's words.

const database = setUpTestDatabase();
const SECRET = "a-test-secret-of-at-least-32-characters!";
type Account = typeof user.$inferSelect;
const jobs = recordingJobs();
const logger = { warn: vi.fn(), info: vi.fn(), error: vi.fn() };
let base = "";
let shopMode: "live" | "demo" = "live";
let rail: "transfer" | "manual" = "transfer";

/** The services of a request: the shop's stand-in at `base`, where the test's server answers its webhooks. */
const services = () => ({
  db: database.db,
  jobs,
  publicUrl: base,
  shopName: "Test Market",
  shopMode,
  secret: SECRET,
  logger: logger as unknown as Logger,
  payouts: createHostedPayouts({ db: database.db, publicUrl: base, secret: SECRET }),
  payoutPolicy: { rail, holdDays: 0, accountChangePauseHours: 48 },
});

type Call = (args: never) => Promise<unknown>;
const answerOf = (
  handler: Call,
  account: Account | null,
  url: string,
  options: { body?: RouteBody; params?: Record<string, string> } = {},
) => routeAnswer(handler, { url, context: contextAs(account, services()), ...options });

// The shop's Connect webhook, on a real socket: what the stand-in's delivery job posts to.
const server = http.createServer(async (incoming, outgoing) => {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
  const request = new Request(`${base}${incoming.url}`, { method: "POST", headers, body: Buffer.concat(chunks) });
  const provider = /^\/api\/v1\/payments\/webhook\/([^/]+)\/connect$/.exec(incoming.url ?? "")?.[1] ?? "";
  const response = (await webhookAction({
    request,
    params: { provider },
    context: contextAs(null, services()),
  } as never)) as Response;
  outgoing.writeHead(response.status, { "content-type": "application/json" }).end(await response.text());
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  shopMode = "live";
  rail = "transfer";
  logger.warn.mockClear();
});

const statusOf = async (seller: Account) =>
  (
    (await answerOf(earningsLoader as Call, seller, "/seller/earnings")).data as {
      payoutAccount: { status: PayoutAccountStatus };
    }
  ).payoutAccount.status;

/** The earnings page's button, pressed: where the seller is sent (the stand-in's onboarding page). */
async function connect(seller: Account, fields: Record<string, string> = { country: "US" }) {
  const answer = await answerOf(earningsAction as Call, seller, "/seller/earnings", {
    body: { intent: CONNECT_PAYOUT_ACCOUNT, ...fields },
  });
  expect(answer).toMatchObject({ status: 302, location: expect.stringMatching(/\/pay\/onboarding\/[\w-]+$/) });
  return tokenOf(answer.location!);
}

const tokenOf = (url: string) => /\/pay\/onboarding\/([\w-]+)$/.exec(url)![1]!;

const openPage = (token: string) =>
  answerOf(onboardingLoader as Call, null, `/pay/onboarding/${token}`, { params: { token } });

const submit = (token: string, fields: Record<string, string>) =>
  answerOf(onboardingAction as Call, null, `/pay/onboarding/${token}`, { params: { token }, body: fields });

const usBank = (accountNumber = "000123456789") => ({
  legalName: "Ada Lovelace",
  country: "US",
  routingNumber: "110000000",
  accountNumber,
});

const back = (seller: Account, step: "return" | "refresh") =>
  answerOf(payoutAccountLoader as Call, seller, `/seller/payout-account/${step}`, { params: { step } });

async function hostedAccountOf(creatorId: number) {
  const [row] = await database.db.select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, creatorId));
  const [hosted] = await database.db
    .select()
    .from(hostedPayoutAccounts)
    .where(eq(hostedPayoutAccounts.id, row!.accountRef));
  return { row: row!, hosted: hosted! };
}

async function eventsOf(accountId: string) {
  const rows = await database.db
    .select()
    .from(hostedPayoutWebhooks)
    .where(eq(hostedPayoutWebhooks.accountId, accountId));
  return rows.map((row) => ({ ...row, event: JSON.parse(row.body) as HostedPayoutEventBody }));
}

const deliver = (eventId: string) =>
  deliverHostedPayoutWebhook(database.db, hostedPayoutWebhookSecret(SECRET), eventId);

describe("connecting a payout account with the shop's stand-in", () => {
  it("connects, onboards on the stand-in's page, and the signed event turns payouts on; the way back reads it again", async () => {
    const { user: seller, creator } = await createSeller(database.db, { creator: { name: "Paper Fox" } });
    expect(await statusOf(seller)).toEqual({
      action: "connect",
      tone: "off",
      summary: "No payout account yet: payouts wait until you connect one.",
      needs: null,
    });

    const token = await connect(seller);
    expect(await statusOf(seller)).toEqual({
      action: "continue",
      tone: "attention",
      summary: "Setup is not finished: payouts wait until it is.",
      needs: null,
    });
    const page = await openPage(token);
    expect(page).toMatchObject({
      status: 200,
      data: { shopName: "Test Market", displayName: "Paper Fox", email: seller.email, country: "US", legalName: null },
    });

    const submitted = await submit(token, usBank());
    expect(submitted).toMatchObject({ status: 302, location: `${base}/seller/payout-account/return` });
    const { row, hosted } = await hostedAccountOf(creator.id);
    // The stand-in keeps the last four digits of the bank account; the shop, nothing of it.
    expect(hosted).toMatchObject({ legalName: "Ada Lovelace", bankLast4: "6789", payoutsEnabled: true });
    expect(JSON.stringify(hosted)).not.toContain("000123456789");
    expect(JSON.stringify(row)).not.toMatch(/6789|Ada Lovelace/);

    // The stand-in tells the shop through its webhook, queued with its delivery job.
    const [queued] = await eventsOf(hosted.id);
    expect(queued!.event).toMatchObject({ type: "account.updated", data: { accountId: hosted.id } });
    expect(jobs.sent).toContainEqual({ name: QUEUES.deliverHostedPayoutWebhook, data: { eventId: queued!.eventId } });
    await deliver(queued!.eventId);
    expect((await eventsOf(hosted.id))[0]).toMatchObject({ attempts: 1, deliveredAt: expect.any(Date) });
    expect(await statusOf(seller)).toEqual({
      action: "update",
      tone: "on",
      summary: "Ready: this account can receive your payouts.",
      needs: null,
    });

    expect(await back(seller, "return")).toMatchObject({ status: 302, location: "/seller/earnings#payout-account" });
    expect((await hostedAccountOf(creator.id)).row).toMatchObject({
      detailsSubmitted: true,
      payoutsEnabled: true,
      requirementsDue: [],
      disabledReason: null,
    });
  });

  it("opens one account however often, and at once, the seller presses Connect", async () => {
    const { user: seller, creator } = await createSeller(database.db);
    const tokens = await Promise.all([connect(seller), connect(seller), connect(seller, { country: "DE" })]);
    expect(new Set(tokens).size).toBe(3);
    const rows = await database.db.select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, creator.id));
    expect(rows).toHaveLength(1);
    const accounts = await database.db
      .select()
      .from(hostedPayoutAccounts)
      .where(eq(hostedPayoutAccounts.reference, String(creator.id)));
    expect(accounts.map((account) => account.id)).toEqual([rows[0]!.accountRef]);
  });

  it("keeps payouts paused when the bank refuses the failing test number, and takes a good one on Update", async () => {
    const { user: seller, creator } = await createSeller(database.db);
    const token = await connect(seller);
    expect(await submit(token, usBank("000111111116"))).toMatchObject({ status: 302 });
    expect(await back(seller, "return")).toMatchObject({ status: 302 });
    expect(await statusOf(seller)).toEqual({
      action: "update",
      tone: "attention",
      summary: `Payouts are paused: ${BANK_REFUSED}`,
      needs: "Test Market Payments needs: a bank account that can receive payouts.",
    });

    // Update: a new link, the page showing what the stand-in kept.
    const again = await connect(seller, {});
    expect((await openPage(again)).data).toMatchObject({ legalName: "Ada Lovelace", bankLast4: "1116" });
    expect(await submit(again, usBank())).toMatchObject({ status: 302 });
    const [, second] = await eventsOf((await hostedAccountOf(creator.id)).hosted.id);
    await deliver(second!.eventId);
    expect((await statusOf(seller)).summary).toBe("Ready: this account can receive your payouts.");
  });

  it("sends a spent link (past its 15 minutes, or used) to the shop for a new one, and the new one opens", async () => {
    const { user: seller } = await createSeller(database.db);
    const token = await connect(seller);
    await database.db
      .update(hostedPayoutLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(hostedPayoutLinks.token, token));
    const refresh = `${base}/seller/payout-account/refresh`;
    expect(await openPage(token)).toMatchObject({ status: 302, location: refresh });
    expect(await submit(token, usBank())).toMatchObject({
      status: 410,
      data: {
        reason: "This link has expired or was already used. Nothing was saved: start again from the shop.",
        refreshUrl: refresh,
      },
    });

    const renewed = await back(seller, "refresh");
    expect(renewed).toMatchObject({ status: 302, location: expect.stringMatching(/\/pay\/onboarding\/[\w-]+$/) });
    const fresh = tokenOf(renewed.location!);
    expect(fresh).not.toBe(token);
    expect((await openPage(fresh)).status).toBe(200);
    expect(await submit(fresh, usBank())).toMatchObject({ status: 302 });
    // Single use: once taken, the link goes back to the shop too.
    expect(await openPage(fresh)).toMatchObject({ status: 302, location: refresh });
    expect(await submit(fresh, usBank())).toMatchObject({ status: 410 });
  });

  it("keeps mistakes on the page beside their field, with what was typed, and saves nothing", async () => {
    const { user: seller, creator } = await createSeller(database.db);
    const token = await connect(seller);
    const wrongRouting = await submit(token, { ...usBank(), routingNumber: "123456789" });
    expect(wrongRouting.status).toBe(400);
    expect(wrongRouting.data).toMatchObject({
      result: {
        error: { routingNumber: ["Enter the 9-digit routing number."] },
        initialValue: { legalName: "Ada Lovelace", routingNumber: "123456789" },
      },
    });
    const notTest = await submit(token, usBank("000999999999"));
    expect(notTest.status).toBe(400);
    expect(notTest.data).toMatchObject({
      result: {
        error: { accountNumber: ["This is a test onboarding page: use one of the test bank accounts shown."] },
      },
    });
    const noIban = await submit(token, { legalName: "Ada Lovelace", country: "DE", iban: "DE00 1234" });
    expect(noIban.data).toMatchObject({ result: { error: { iban: [expect.stringMatching(/^Enter the IBAN/)] } } });

    const { hosted } = await hostedAccountOf(creator.id);
    expect(hosted).toMatchObject({ detailsSubmitted: false, payoutsEnabled: false, bankLast4: null });
    expect(await eventsOf(hosted.id)).toEqual([]);
    expect((await openPage(token)).status).toBe(200);
    // An IBAN account, in its country: taken.
    const iban = { legalName: "Ada Lovelace", country: "DE", iban: "DE89 3704 0044 0532 0130 00" };
    expect(await submit(token, iban)).toMatchObject({ status: 302 });
    expect((await hostedAccountOf(creator.id)).hosted).toMatchObject({ country: "DE", bankLast4: "3000" });
  });

  it("asks for the bank's country the first time, and knows no link it never made", async () => {
    const { user: seller } = await createSeller(database.db);
    const answer = await answerOf(earningsAction as Call, seller, "/seller/earnings", {
      body: { intent: CONNECT_PAYOUT_ACCOUNT },
    });
    expect(answer).toMatchObject({
      status: 400,
      data: { intent: CONNECT_PAYOUT_ACCOUNT, ok: false, message: "Choose the country where your bank account is." },
    });
    expect((await openPage("no-such-link")).status).toBe(404);
    expect((await submit("no-such-link", usBank())).status).toBe(404);
  });

  it("asks a seller without a second factor to turn one on first, and changes nothing (decision 055)", async () => {
    const { user: seller, creator } = await createSeller(database.db, { twoFactorEnabled: false });
    const reason =
      "Turn on two-factor sign-in or add a passkey in Settings before you connect or change a payout account.";
    const connecting = await answerOf(earningsAction as Call, seller, "/seller/earnings", {
      body: { intent: CONNECT_PAYOUT_ACCOUNT, country: "US" },
    });
    expect(connecting).toMatchObject({
      status: 403,
      data: { intent: CONNECT_PAYOUT_ACCOUNT, ok: false, message: reason },
    });
    expect(await back(seller, "refresh")).toMatchObject({ status: 403, data: { message: reason } });
    const saving = await answerOf(earningsAction as Call, seller, "/seller/earnings", {
      body: { method: "paypal", paypalEmail: "thief@example.com" },
    });
    expect(saving).toMatchObject({ status: 403, data: { ok: false, message: reason } });
    expect(await database.db.select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, creator.id))).toEqual([]);
  });

  it("shows and takes only the shop's rail: the payout account with transfers, payout settings by hand", async () => {
    const { user: seller, creator } = await createSeller(database.db);
    const railOf = async () =>
      ((await answerOf(earningsLoader as Call, seller, "/seller/earnings")).data as { rail: string }).rail;
    expect(await railOf()).toBe("transfer");
    const saving = await answerOf(earningsAction as Call, seller, "/seller/earnings", {
      body: { method: "paypal", paypalEmail: "mine@example.com" },
    });
    expect(saving).toMatchObject({
      status: 409,
      data: { ok: false, message: "This shop pays its sellers through their payout account: connect it above." },
    });
    expect(await database.db.select().from(payoutSettings).where(eq(payoutSettings.creatorId, creator.id))).toEqual([]);

    rail = "manual";
    expect(await railOf()).toBe("manual");
    const connecting = await answerOf(earningsAction as Call, seller, "/seller/earnings", {
      body: { intent: CONNECT_PAYOUT_ACCOUNT, country: "US" },
    });
    expect(connecting).toMatchObject({
      status: 409,
      data: {
        intent: CONNECT_PAYOUT_ACCOUNT,
        message: "This shop pays its sellers by hand: save where to pay you in Payout settings.",
      },
    });
    expect(await database.db.select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, creator.id))).toEqual([]);
    const saved = await answerOf(earningsAction as Call, seller, "/seller/earnings", {
      body: { method: "paypal", paypalEmail: "mine@example.com" },
    });
    expect(saved).toMatchObject({ status: 200, data: { ok: true, message: "Your payout settings were saved." } });
  });

  it("lets the shared demo seller look, and change nothing", async () => {
    shopMode = "demo";
    const { user: demo, creator } = await createSeller(database.db, { email: DEMO_SELLER.email });
    expect((await statusOf(demo)).action).toBe("connect");
    const answer = await answerOf(earningsAction as Call, demo, "/seller/earnings", {
      body: { intent: CONNECT_PAYOUT_ACCOUNT, country: "US" },
    });
    expect(answer).toMatchObject({
      status: 403,
      data: { intent: CONNECT_PAYOUT_ACCOUNT, ok: false, message: DEMO_SELLER_LOOKS_ONLY },
    });
    expect(await back(demo, "refresh")).toMatchObject({ status: 403 });
    expect(await database.db.select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, creator.id))).toEqual([]);
  });
});

describe("the Connect webhook", () => {
  /** A delivery posted to the route as the provider's servers post it: the raw body, its headers. */
  const post = (body: BodyInit, headers: Record<string, string>, provider = "hosted") =>
    webhookAction({
      request: new Request(`${base}/api/v1/payments/webhook/${provider}/connect`, {
        method: "POST",
        headers,
        body,
        // A stream body (the bounded one) is sent as it comes.
        duplex: "half",
      } as RequestInit),
      params: { provider },
      context: contextAs(null, services()),
    } as never) as Promise<Response>;
  const signed = (event: object) => {
    const body = JSON.stringify(event);
    return { body, headers: { "shop-pay-signature": signatureHeader(hostedPayoutWebhookSecret(SECRET), body) } };
  };
  const answer = async (response: Promise<Response>) => {
    const read = await response;
    return { status: read.status, body: await read.json() };
  };

  it("answers a forged delivery 400, another provider's address 404, and stores nothing", async () => {
    const event = { id: "hpoe_forged", type: "account.updated", created: 0, data: { accountId: "hpa_x" } };
    const body = JSON.stringify(event);
    const forged = { "shop-pay-signature": signatureHeader("not-the-secret", body) };
    expect(await answer(post(body, forged))).toEqual({ status: 400, body: { error: "signature does not match" } });
    expect(await answer(post(body, {}))).toEqual({ status: 400, body: { error: "missing signature" } });
    const genuine = signed(event);
    expect((await answer(post(genuine.body, genuine.headers, "stripe"))).status).toBe(404);
  });

  it("refuses a genuine signature on a body it cannot read (400), and a body past the bound (413)", async () => {
    const notJson = "{not json";
    const headers = { "shop-pay-signature": signatureHeader(hostedPayoutWebhookSecret(SECRET), notJson) };
    expect(await answer(post(notJson, headers))).toEqual({ status: 400, body: { error: "unreadable body" } });
    const shapeless = signed({ id: "hpoe_1", type: "account.updated", data: { accountId: 42 } });
    expect((await answer(post(shapeless.body, shapeless.headers))).status).toBe(400);
    // The app bounds the body as it streams (BODY_LIMIT, server/http/body-limit.ts): the stream errors past it.
    const bounded = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.error(new BodyTooLargeError(1024));
      },
    });
    expect(await answer(post(bounded, { "content-type": "application/json" }))).toEqual({
      status: 413,
      body: { error: "This request is too large: the shop accepts at most 1 KB here." },
    });
  });

  it("acknowledges an event about an account the shop does not know, and logs it", async () => {
    const event = signed({
      id: "hpoe_unknown",
      type: "account.updated",
      created: 0,
      data: { accountId: "hpa_nobody" },
    });
    expect(await answer(post(event.body, event.headers))).toEqual({
      status: 200,
      body: { received: true, outcome: "ignored: unknown account" },
    });
    expect(logger.warn).toHaveBeenCalledWith(
      { provider: "hosted", accountRef: "hpa_nobody", eventId: "hpoe_unknown" },
      "A payout account event about an account the shop does not know: acknowledged, nothing stored",
    );
  });

  it("hands a transfer reversal on to the payouts, which log one of a transfer no payout has, and store nothing for it", async () => {
    const { user: seller, creator } = await createSeller(database.db);
    await submit(await connect(seller), usBank());
    const { hosted, row } = await hostedAccountOf(creator.id);
    const payouts = services().payouts;
    const { ref } = await payouts.transfer({
      accountRef: hosted.id,
      amountCents: 4200,
      currency: "usd",
      firstAskedAt: new Date(),
      description: "Payout for the week of 2026-11-27",
      payoutId: 7,
      idempotencyKey: "payout-test-7",
    });
    await reverseHostedTransfer(database.db, { jobs, transferId: ref, amountCents: 1200, reason: "Disputed sale" });
    const reversal = (await eventsOf(hosted.id)).find((each) => each.event.type === "transfer.reversed")!;
    await deliver(reversal.eventId);
    expect((await eventsOf(hosted.id)).find((each) => each.eventId === reversal.eventId)).toMatchObject({
      deliveredAt: expect.any(Date),
    });
    expect(logger.warn).toHaveBeenCalledWith(
      {
        provider: "hosted",
        event: {
          id: reversal.eventId,
          type: "transfer_reversed",
          transferRef: ref,
          amountCents: 1200,
          reason: "Disputed sale",
        },
      },
      "A transfer event names a transfer no payout of the shop has",
    );
    const [transfer] = await database.db.select().from(hostedPayoutTransfers).where(eq(hostedPayoutTransfers.id, ref));
    expect(transfer).toMatchObject({ amountCents: 4200, amountReversedCents: 1200 });
    expect((await hostedAccountOf(creator.id)).row).toEqual(row);
  });
});
