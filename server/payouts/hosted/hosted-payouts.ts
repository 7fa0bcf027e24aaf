import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { PayoutOnboardingInput } from "../../../shared/payout-account-schema.ts";
import type { Database, Queryable } from "../../db/client.ts";
import {
  hostedPayoutAccounts,
  hostedPayoutLinks,
  hostedPayoutTransfers,
  hostedPayoutWebhooks,
} from "../../db/schema.ts";
import { type JobQueue, QUEUES } from "../../jobs/queue.ts";
import { SIGNATURE_HEADER, signatureHeader } from "../../payments/hosted/webhook-signature.ts";
import {
  type CreateAccountRequest,
  type PayoutAccountState,
  TransferRefused,
  type TransferRequest,
} from "../payout-provider.ts";
import { tryBankAccount } from "./test-bank-accounts.ts";

// The stand-in payout provider's own side (docs/decisions/052): it keeps the sellers' accounts,
// shows its onboarding page through single-use links, makes transfers with idempotency keys as
// Stripe does, and tells the shop through signed webhooks delivered by a job, retried until the
// shop answers 2xx. It reads only its own tables: what it knows of a seller is what the shop sent
// and what the seller typed on its page (of a bank account, the last four digits).

/** How long an onboarding link stays open. */
export const ONBOARDING_LINK_MINUTES = 15;

/** The webhook body the stand-in sends (hosted-payout-provider.ts reads it). */
export interface HostedPayoutEventBody {
  id: string;
  type: "account.updated" | "transfer.reversed";
  created: number;
  data: { accountId: string; transferId?: string; amountCents?: number; reason?: string };
}

/** What a new account needs before it can be paid. */
const ONBOARDING_DUE = ["your legal name", "a bank account for payouts"];
const NOT_SET_UP = "the account's details have not been given yet.";

/** Opens an account for the seller; the same idempotency key finds the account the first request opened. */
export async function openHostedAccount(
  db: Database,
  request: CreateAccountRequest & { webhookUrl: string },
): Promise<{ ref: string }> {
  await db
    .insert(hostedPayoutAccounts)
    .values({
      id: `hpa_${crypto.randomBytes(12).toString("base64url")}`,
      idempotencyKey: request.idempotencyKey,
      reference: String(request.creatorId),
      email: request.email,
      displayName: request.displayName,
      country: request.country,
      requirementsDue: ONBOARDING_DUE,
      disabledReason: NOT_SET_UP,
      webhookUrl: request.webhookUrl,
    })
    .onConflictDoNothing({ target: hostedPayoutAccounts.idempotencyKey });
  const [account] = await db
    .select({ id: hostedPayoutAccounts.id })
    .from(hostedPayoutAccounts)
    .where(eq(hostedPayoutAccounts.idempotencyKey, request.idempotencyKey));
  return { ref: account!.id };
}

/** A new single-use link to the onboarding page of the account. */
export async function createOnboardingLink(
  db: Database,
  {
    accountRef,
    returnUrl,
    refreshUrl,
    publicUrl,
    now = new Date(),
  }: { accountRef: string; returnUrl: string; refreshUrl: string; publicUrl: string; now?: Date },
): Promise<{ url: string; expiresAt: Date }> {
  await accountNamed(db, accountRef);
  const token = crypto.randomBytes(24).toString("base64url");
  const expiresAt = new Date(now.getTime() + ONBOARDING_LINK_MINUTES * 60_000);
  await db.insert(hostedPayoutLinks).values({ token, accountId: accountRef, returnUrl, refreshUrl, expiresAt });
  return { url: `${publicUrl}/pay/onboarding/${token}`, expiresAt };
}

export async function readHostedAccount(db: Database, accountRef: string): Promise<PayoutAccountState> {
  const account = await accountNamed(db, accountRef);
  return {
    detailsSubmitted: account.detailsSubmitted,
    payoutsEnabled: account.payoutsEnabled,
    requirementsDue: account.requirementsDue,
    requirementsDueBy: account.requirementsDueBy,
    disabledReason: account.disabledReason,
    payoutMethod: account.bankLast4 ? `bank account ending ${account.bankLast4}` : null,
  };
}

async function accountNamed(db: Queryable, accountRef: string) {
  const [account] = await db.select().from(hostedPayoutAccounts).where(eq(hostedPayoutAccounts.id, accountRef));
  if (!account) throw new Error(`No such payout account: '${accountRef}'`);
  return account;
}

export type OnboardingPage =
  | {
      status: "open";
      displayName: string;
      email: string;
      country: string;
      legalName: string | null;
      bankLast4: string | null;
      returnUrl: string;
    }
  /** The link is spent (used, or past its time): the seller is sent to the shop for a new one. */
  | { status: "expired" | "used"; refreshUrl: string };

/** What the onboarding page shows for a link; null for a link the stand-in never made. */
export async function findOnboarding(db: Database, token: string, now = new Date()): Promise<OnboardingPage | null> {
  const [found] = await db
    .select({ link: hostedPayoutLinks, account: hostedPayoutAccounts })
    .from(hostedPayoutLinks)
    .innerJoin(hostedPayoutAccounts, eq(hostedPayoutAccounts.id, hostedPayoutLinks.accountId))
    .where(eq(hostedPayoutLinks.token, token));
  if (!found) return null;
  const { link, account } = found;
  if (link.usedAt) return { status: "used", refreshUrl: link.refreshUrl };
  if (link.expiresAt <= now) return { status: "expired", refreshUrl: link.refreshUrl };
  return {
    status: "open",
    displayName: account.displayName,
    email: account.email,
    country: account.country,
    legalName: account.legalName,
    bankLast4: account.bankLast4,
    returnUrl: link.returnUrl,
  };
}

export type OnboardingResult =
  /** The details are taken (payouts on, or paused when the bank refused): back to the shop. */
  | { status: "submitted"; returnUrl: string }
  /** A bank account that is not a test account: the seller fixes it here, nothing is saved. */
  | { status: "refused"; reason: string; field: "accountNumber" | "iban" }
  | { status: "expired" | "used"; refreshUrl: string };

/**
 * Takes the onboarding form of a link: the account's details are saved (of the bank account, its
 * last four digits), the link is spent, and the shop is told the account changed. The link's row
 * is locked, so two submissions at once save once.
 */
export async function submitOnboarding(
  db: Database,
  { jobs, token, form, now = new Date() }: { jobs: JobQueue; token: string; form: PayoutOnboardingInput; now?: Date },
): Promise<OnboardingResult | null> {
  return db.transaction(async (tx) => {
    const [link] = await tx.select().from(hostedPayoutLinks).where(eq(hostedPayoutLinks.token, token)).for("update");
    if (!link) return null;
    if (link.usedAt) return { status: "used", refreshUrl: link.refreshUrl };
    if (link.expiresAt <= now) return { status: "expired", refreshUrl: link.refreshUrl };
    const bank = tryBankAccount(form);
    if ("field" in bank) return { status: "refused", reason: bank.reason, field: bank.field };
    const verified = bank.ok;
    await tx
      .update(hostedPayoutAccounts)
      .set({
        legalName: form.legalName,
        country: form.country,
        bankLast4: bank.last4,
        detailsSubmitted: true,
        payoutsEnabled: verified,
        requirementsDue: verified ? [] : ["a bank account that can receive payouts"],
        requirementsDueBy: null,
        disabledReason: verified ? null : bank.refused,
        updatedAt: now,
      })
      .where(eq(hostedPayoutAccounts.id, link.accountId));
    await tx.update(hostedPayoutLinks).set({ usedAt: now }).where(eq(hostedPayoutLinks.token, token));
    await queueEvent(tx, jobs, { type: "account.updated", data: { accountId: link.accountId } });
    return { status: "submitted", returnUrl: link.returnUrl };
  });
}

const SAME_KEY_OTHER_TRANSFER =
  "Keys for idempotent requests can only be used with the same parameters they were first used with.";

/**
 * Moves money to an account, as a provider does: a repeated idempotency key returns the first
 * transfer (the same key with other parameters is refused), and an account that cannot be paid
 * is refused with the reason.
 */
export async function transferToHostedAccount(db: Database, request: TransferRequest): Promise<{ ref: string }> {
  const { accountRef, amountCents, idempotencyKey } = request;
  const earlier = async () => {
    const [found] = await db
      .select()
      .from(hostedPayoutTransfers)
      .where(eq(hostedPayoutTransfers.idempotencyKey, idempotencyKey));
    if (!found) return undefined;
    const same =
      found.accountId === accountRef &&
      found.amountCents === amountCents &&
      found.currency === request.currency &&
      found.description === request.description &&
      found.payoutId === request.payoutId;
    if (!same) {
      throw new TransferRefused(`${SAME_KEY_OTHER_TRANSFER} Try a key other than '${idempotencyKey}'.`);
    }
    return { ref: found.id };
  };
  const first = await earlier();
  if (first) return first;
  const [account] = await db.select().from(hostedPayoutAccounts).where(eq(hostedPayoutAccounts.id, accountRef));
  if (!account) throw new TransferRefused(`No such destination: '${accountRef}'`);
  if (!account.payoutsEnabled) {
    throw new TransferRefused(`The account cannot be paid: ${account.disabledReason ?? "its payouts are paused."}`);
  }
  if (!Number.isSafeInteger(amountCents) || amountCents < 1) {
    throw new TransferRefused("The amount must be a whole number of cents, at least 1.");
  }
  // Two requests with the same key at once: the key is unique, the second finds the first.
  await db
    .insert(hostedPayoutTransfers)
    .values({
      id: `hpt_${crypto.randomBytes(12).toString("base64url")}`,
      accountId: accountRef,
      amountCents,
      currency: request.currency,
      description: request.description,
      payoutId: request.payoutId,
      idempotencyKey,
    })
    .onConflictDoNothing({ target: hostedPayoutTransfers.idempotencyKey });
  return (await earlier())!;
}

/**
 * Part (or all) of a transfer comes back to the shop's balance (a dispute, an operator's
 * correction), and the shop is told. For the lead's ledger work and its tests; no page offers it.
 */
export async function reverseHostedTransfer(
  db: Database,
  {
    jobs,
    transferId,
    amountCents,
    reason,
  }: { jobs: JobQueue; transferId: string; amountCents: number; reason: string },
): Promise<void> {
  if (!Number.isSafeInteger(amountCents) || amountCents < 1)
    throw new Error("A reversal is a whole number of cents, at least 1");
  await db.transaction(async (tx) => {
    const [reversed] = await tx
      .update(hostedPayoutTransfers)
      .set({ amountReversedCents: sql`${hostedPayoutTransfers.amountReversedCents} + ${amountCents}` })
      .where(
        and(
          eq(hostedPayoutTransfers.id, transferId),
          sql`${hostedPayoutTransfers.amountReversedCents} + ${amountCents} <= ${hostedPayoutTransfers.amountCents}`,
        ),
      )
      .returning({ accountId: hostedPayoutTransfers.accountId });
    if (!reversed) throw new Error(`Transfer ${transferId} has not ${amountCents} cents left to reverse`);
    await queueEvent(tx, jobs, {
      type: "transfer.reversed",
      data: { accountId: reversed.accountId, transferId, amountCents, reason },
    });
  });
}

async function queueEvent(tx: Queryable, jobs: JobQueue, event: Pick<HostedPayoutEventBody, "type" | "data">) {
  const body: HostedPayoutEventBody = {
    id: `hpoe_${crypto.randomBytes(18).toString("base64url")}`,
    created: Math.floor(Date.now() / 1000),
    ...event,
  };
  await tx
    .insert(hostedPayoutWebhooks)
    .values({ eventId: body.id, accountId: event.data.accountId, body: JSON.stringify(body) });
  await jobs.send(QUEUES.deliverHostedPayoutWebhook, { eventId: body.id }, tx);
}

/**
 * Sends one webhook to the shop, signed as the hosted payment page signs its own. Throws when the
 * shop does not answer 2xx, so that the job is retried; a delivery that already succeeded is not
 * sent again.
 */
export async function deliverHostedPayoutWebhook(db: Database, webhookSecret: string, eventId: string): Promise<void> {
  const [delivery] = await db
    .select({
      body: hostedPayoutWebhooks.body,
      deliveredAt: hostedPayoutWebhooks.deliveredAt,
      url: hostedPayoutAccounts.webhookUrl,
    })
    .from(hostedPayoutWebhooks)
    .innerJoin(hostedPayoutAccounts, eq(hostedPayoutAccounts.id, hostedPayoutWebhooks.accountId))
    .where(eq(hostedPayoutWebhooks.eventId, eventId));
  if (!delivery || delivery.deliveredAt) return;
  await db
    .update(hostedPayoutWebhooks)
    .set({ attempts: sql`${hostedPayoutWebhooks.attempts} + 1` })
    .where(eq(hostedPayoutWebhooks.eventId, eventId));
  const response = await fetch(delivery.url, {
    method: "POST",
    headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signatureHeader(webhookSecret, delivery.body) },
    body: delivery.body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`The shop answered ${response.status} to payout webhook ${eventId}`);
  await db
    .update(hostedPayoutWebhooks)
    .set({ deliveredAt: sql`now()` })
    .where(eq(hostedPayoutWebhooks.eventId, eventId));
}
