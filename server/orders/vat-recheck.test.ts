import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import express from "express";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../tests/support/factories.ts";
import {
  guestBuyer,
  payOrder,
  recordingJobs,
  refundServicesFor,
  reloadOrder,
  shopperWithCart,
  TEST_SECRET,
} from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { serveForTests } from "../../tests/support/test-server.ts";
import {
  hostedPaymentRefunds,
  ledgerEntries,
  orderItems,
  orders,
  refundRequests,
  user,
  vatRefunds,
} from "../db/schema.ts";
import { invoicesOfOrder } from "../invoices/invoices.ts";
import { payWithCard } from "../payments/hosted/hosted-payments.ts";
import type { TaxSettings } from "../tax/buyer-tax.ts";
import { loadTaxRates } from "../tax/rate-table.ts";
import { viesStandIn } from "../tax/vat-numbers/vies-stand-in.ts";
import { checkout } from "./checkout.ts";
import { hasConsumerRights } from "./consumer-rights.ts";
import { approveRefund } from "./decide-refund.ts";
import { findOrderFor } from "./find-order.ts";
import { orderAccessToken } from "./order-access.ts";
import { loadOrderPage } from "./order-page.ts";
import { applyOrderPageIntent, orderPageIntentSchema } from "./order-page-intents.ts";
import { itemsOf, type Order, whereaboutsOfOrder } from "./place-order.ts";
import { requestRefund } from "./refunds.ts";
import {
  recheckOrderVatNumber,
  recheckUncheckedVatNumbers,
  type VatRecheckServices,
  vatRefundKey,
} from "./vat-recheck.ts";

// "Check again later" (docs/decisions/058) against the VIES stand-in: its register confirms
// FR00100000012, does not know DE200000005, and answers MS_UNAVAILABLE for every Maltese number.

const database = setUpTestDatabase();
const vies = serveForTests(() => express().use(viesStandIn()));
const jobs = recordingJobs();
const BY_LOCATION: TaxSettings = { mode: "by-location", rates: loadTaxRates(), shopCountry: "IE" };
const ADMIN = "vat-admin";
let services: VatRecheckServices;
let planner: { id: number };
let poster: { id: number };

beforeAll(async () => {
  services = { ...refundServicesFor(database.db, jobs), tax: BY_LOCATION, vies: { baseUrl: vies.baseUrl } };
  planner = await createProduct(database.db, { priceCents: 1190 });
  poster = await createProduct(database.db, { priceCents: 999 });
  await database.db
    .insert(user)
    .values({ id: ADMIN, name: "Ada Admin", email: "vat-admin@example.com", role: "admin" });
});

let buyers = 0;

/**
 * A business buyer's order in `country` whose number VIES could not check at the checkout: VAT
 * charged, the number kept unchecked; paid on the hosted page (so that it can be refunded).
 */
async function uncheckedOrder(country: string, vatNumber: string, { paidDaysAgo = 0 } = {}): Promise<Order> {
  const buyer = { ...guestBuyer, email: `business-${++buyers}@example.com` };
  const shopperId = await shopperWithCart(database.db, [planner.id, poster.id]);
  const started = await checkout(
    { ...services, tax: BY_LOCATION, clientAddress: "127.0.0.1" },
    {
      shopperId,
      buyer,
      idempotencyKey: crypto.randomUUID(),
      whereabouts: {
        country,
        region: null,
        ipAddress: "127.0.0.1",
        buyerConfirmed: false,
        vatCheck: {
          status: "unavailable",
          vatNumber,
          country,
          reason: "MS_UNAVAILABLE",
          detail: "MS_UNAVAILABLE",
          message: "Your VAT number could not be checked just now.",
        },
      },
    },
  );
  const [order] = await database.db.select().from(orders).where(eq(orders.number, started.orderNumber));
  await payWithCard(database.db, {
    jobs,
    sessionId: order!.paymentRef!,
    card: { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Ada Business" },
  });
  const paid = await payOrder(database.db, jobs, order!);
  if (paidDaysAgo > 0) {
    await database.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - paidDaysAgo * 24 * 3600_000) })
      .where(eq(orders.id, paid.id));
  }
  expect(paid).toMatchObject({ buyerVatState: "unchecked", buyerVatNumber: vatNumber });
  expect(paid.taxCents).toBeGreaterThan(0);
  return reloadOrder(database.db, paid.id);
}

const providerRefunds = (order: Order) =>
  database.db.select().from(hostedPaymentRefunds).where(eq(hostedPaymentRefunds.sessionId, order.paymentRef!));

const vatRefundOf = async (order: Order) =>
  (await database.db.select().from(vatRefunds).where(eq(vatRefunds.orderId, order.id)))[0];

describe("a number VIES confirms on a later try", () => {
  it("is confirmed, and the order's VAT alone is refunded: a credit note of the tax, the items' tax gone, the sellers' shares kept, the buyer told", async () => {
    const order = await uncheckedOrder("FR", "FR00100000012");
    const items = await itemsOf(database.db, order.id);
    const vatCents = items.reduce((sum, item) => sum + item.taxCents, 0);
    // 11.90 holds 1.98 of French VAT (20%), 9.99 holds 1.67.
    expect(vatCents).toBe(198 + 167);

    expect(await recheckOrderVatNumber(services, order.id)).toEqual({ outcome: "refunded", amountCents: vatCents });

    const after = await reloadOrder(database.db, order.id);
    expect(after.buyerVatState).toBe("refunded");
    expect(after.status).toBe("paid");
    expect(after.buyerVatEvidence).toHaveLength(2);
    expect(after.buyerVatEvidence![1]).toMatchObject({
      status: "valid",
      vatNumber: "FR00100000012",
      country: "FR",
      name: expect.any(String),
    });
    expect(await providerRefunds(order)).toEqual([
      expect.objectContaining({ amountCents: vatCents, idempotencyKey: vatRefundKey(order.id) }),
    ]);
    expect((await itemsOf(database.db, order.id)).map((item) => [item.taxCents, item.netCents])).toEqual(
      items.map((item) => [0, item.netCents]),
    );
    const refund = await vatRefundOf(order);
    expect(refund).toMatchObject({ amountCents: vatCents, providerRefundRef: expect.any(String) });
    expect(refund!.refundedAt).toBeInstanceOf(Date);

    const [invoice, note] = await invoicesOfOrder(database.db, order.id);
    expect(note).toMatchObject({
      kind: "credit_note",
      orderItemId: null,
      creditsInvoiceId: invoice!.id,
      netCents: 0,
      taxCents: vatCents,
      grossCents: vatCents,
      buyer: { taxNumber: "FR00100000012" },
    });
    expect(note!.mention).toMatch(/^Reverse charge: .* The buyer's VAT number FR00100000012 was confirmed by VIES on /);
    expect(note!.lines).toEqual(
      items.map((item, index) => ({
        description: `VAT on ${invoice!.lines[index]!.description}`,
        quantity: 1,
        netCents: 0,
        rateBasisPoints: 2000,
        taxCents: item.taxCents,
        grossCents: item.taxCents,
        taxOnly: true,
      })),
    );
    // The tax was never the sellers': their ledgers hold the sales alone.
    const entries = await database.db
      .select({ kind: ledgerEntries.kind })
      .from(ledgerEntries)
      .innerJoin(orderItems, eq(orderItems.id, ledgerEntries.orderItemId))
      .where(eq(orderItems.orderId, order.id));
    expect(entries.map((entry) => entry.kind)).toEqual(["sale", "sale"]);
    const told = jobs.emailsTo(order.email);
    expect(told.map((email) => email.subject)).toEqual([`The VAT on order ${order.number} was refunded`]);
    expect(told[0]!.text).toContain("we refunded the VAT you paid on it: $3.65");

    // A business now: an order that follows this one (an upgrade) is reverse-charged, and the
    // consumer's right to withdraw is not the buyer's.
    expect(whereaboutsOfOrder(after, "127.0.0.1").vatCheck).toEqual(after.buyerVatEvidence![1]);
    expect(hasConsumerRights(after)).toBe(false);

    // Asked again, nothing moves.
    expect(await recheckOrderVatNumber(services, order.id)).toEqual({ outcome: "refunded", amountCents: vatCents });
    expect(await providerRefunds(order)).toHaveLength(1);
    expect(await invoicesOfOrder(database.db, order.id)).toHaveLength(2);
  });

  it("a later refund of an item gives back its net alone, and its credit note credits no tax", async () => {
    const order = await uncheckedOrder("FR", "FR00100000012");
    await recheckOrderVatNumber(services, order.id);
    const [item] = await itemsOf(database.db, order.id);
    await requestRefund(database.db, {
      order: await reloadOrder(database.db, order.id),
      request: { orderItemId: item!.id, reason: "I bought the wrong planner." },
    });
    const [request] = await database.db.select().from(refundRequests).where(eq(refundRequests.orderItemId, item!.id));
    expect(await approveRefund(services, ADMIN, request!.id)).toMatchObject({ amountCents: item!.netCents });
    expect((await providerRefunds(order)).map((refund) => refund.amountCents).sort()).toEqual(
      [365, item!.netCents].sort(),
    );
    const itemNote = (await invoicesOfOrder(database.db, order.id)).find((each) => each.orderItemId === item!.id);
    expect(itemNote).toMatchObject({ netCents: item!.netCents, taxCents: 0, grossCents: item!.netCents });
  });

  it("refunds nothing where the buyer is in the shop's own country: the reverse charge does not reach it", async () => {
    const order = await uncheckedOrder("FR", "FR00100000012");
    const atHome = { ...services, tax: { ...BY_LOCATION, shopCountry: "FR" } };
    expect(await recheckOrderVatNumber(atHome, order.id)).toEqual({ outcome: "confirmed" });
    expect((await reloadOrder(database.db, order.id)).buyerVatState).toBe("confirmed");
    expect(await vatRefundOf(order)).toBeUndefined();
    expect(await providerRefunds(order)).toEqual([]);
    expect((await itemsOf(database.db, order.id)).every((item) => item.taxCents > 0)).toBe(true);
  });
});

describe("a number VIES does not know", () => {
  it("is not registered: the VAT stays, and the buyer is told", async () => {
    const order = await uncheckedOrder("DE", "DE200000005");
    expect(await recheckOrderVatNumber(services, order.id)).toEqual({
      outcome: "not-registered",
      message: expect.stringContaining("does not know DE200000005"),
    });
    const after = await reloadOrder(database.db, order.id);
    expect(after.buyerVatState).toBe("not-registered");
    expect(after.buyerVatEvidence!.at(-1)).toMatchObject({
      status: "invalid",
      reason: "not-registered",
      checkedAt: expect.any(String),
    });
    expect(await providerRefunds(order)).toEqual([]);
    expect((await itemsOf(database.db, order.id)).every((item) => item.taxCents > 0)).toBe(true);
    const told = jobs.emailsTo(order.email);
    expect(told.map((email) => email.subject)).toEqual([`About the VAT number on order ${order.number}`]);
    expect(told[0]!.text).toContain("does not know it as a VAT number registered in Germany");
    expect(told[0]!.text).toContain("stays charged");
    expect(await recheckOrderVatNumber(services, order.id)).toEqual({ outcome: "nothing to do" });
  });
});

describe("a number VIES still cannot check", () => {
  it("stays unchecked, each try kept with its time", async () => {
    const order = await uncheckedOrder("MT", "MT12345634");
    const first = await recheckOrderVatNumber(services, order.id);
    expect(first).toEqual({
      outcome: "unchecked",
      message: expect.stringContaining("Malta's register did not answer"),
    });
    await recheckOrderVatNumber(services, order.id);
    const after = await reloadOrder(database.db, order.id);
    expect(after.buyerVatState).toBe("unchecked");
    expect(after.buyerVatEvidence!.map((check) => check.status)).toEqual(["unavailable", "unavailable", "unavailable"]);
    expect(after.buyerVatEvidence![2]).toMatchObject({ reason: "MS_UNAVAILABLE", triedAt: expect.any(String) });
    expect(await providerRefunds(order)).toEqual([]);
    expect(jobs.emailsTo(order.email)).toEqual([]);
  });
});

describe("the hourly job", () => {
  it("asks again about the unchecked paid orders of the last 30 days, each once", async () => {
    const confirmed = await uncheckedOrder("FR", "FR00100000012");
    const unknown = await uncheckedOrder("DE", "DE200000005");
    const away = await uncheckedOrder("MT", "MT12345634");
    const tooOld = await uncheckedOrder("FR", "FR00100000012", { paidDaysAgo: 31 });
    const errors: unknown[] = [];
    const counts = await recheckUncheckedVatNumbers(services, { onError: (_id, error) => errors.push(error) });
    expect(errors).toEqual([]);
    // Orders of the tests before this one may still be unchecked (Malta's): counted, not asserted.
    expect(counts).toMatchObject({ refunded: 1, "not-registered": 1, confirmed: 0 });
    expect(counts.unchecked).toBeGreaterThanOrEqual(1);
    const states = async (...each: Order[]) =>
      Promise.all(each.map(async (order) => (await reloadOrder(database.db, order.id)).buyerVatState));
    expect(await states(confirmed, unknown, away, tooOld)).toEqual([
      "refunded",
      "not-registered",
      "unchecked",
      "unchecked",
    ]);
    expect((await reloadOrder(database.db, tooOld.id)).buyerVatEvidence).toHaveLength(1);
  });
});

describe("a run stopped halfway", () => {
  /** The provider refunds, then the server stops before the shop records it. */
  const stoppingAfterTheProvider = (): VatRecheckServices => ({
    ...services,
    payments: {
      ...services.payments,
      async refund(request) {
        await services.payments.refund(request);
        throw new Error("The server stopped after the provider refunded");
      },
    },
  });

  it("run again (by the job), refunds once: one provider refund, one credit note, one email", async () => {
    const order = await uncheckedOrder("FR", "FR00100000012");
    await expect(recheckOrderVatNumber(stoppingAfterTheProvider(), order.id)).rejects.toThrow();
    // Confirmed, the refund due and the items' tax off it; the provider has refunded, the shop not recorded it.
    expect((await reloadOrder(database.db, order.id)).buyerVatState).toBe("confirmed");
    expect(await vatRefundOf(order)).toMatchObject({ amountCents: 365, providerRefundRef: null, refundedAt: null });
    expect((await itemsOf(database.db, order.id)).map((item) => item.taxCents)).toEqual([0, 0]);
    expect(await providerRefunds(order)).toHaveLength(1);
    expect((await invoicesOfOrder(database.db, order.id)).filter((each) => each.kind === "credit_note")).toEqual([]);

    // The job takes due refunds though the number is no longer unchecked.
    const errors: unknown[] = [];
    await recheckUncheckedVatNumbers(services, { onError: (_id, error) => errors.push(error) });
    expect(errors).toEqual([]);
    expect((await reloadOrder(database.db, order.id)).buyerVatState).toBe("refunded");
    expect(await providerRefunds(order)).toEqual([
      expect.objectContaining({ amountCents: 365, idempotencyKey: vatRefundKey(order.id) }),
    ]);
    const refund = await vatRefundOf(order);
    expect(refund!.providerRefundRef).toBe((await providerRefunds(order))[0]!.id);
    const notes = (await invoicesOfOrder(database.db, order.id)).filter((each) => each.kind === "credit_note");
    expect(notes.map((note) => note.taxCents)).toEqual([365]);
    expect(jobs.emailsTo(order.email)).toHaveLength(1);
    // The VIES answer was kept once.
    expect((await reloadOrder(database.db, order.id)).buyerVatEvidence!.map((check) => check.status)).toEqual([
      "unavailable",
      "valid",
    ]);
  });

  it("stopped before the provider was asked, run again, refunds once", async () => {
    const order = await uncheckedOrder("FR", "FR00100000012");
    const providerAway: VatRecheckServices = {
      ...services,
      payments: {
        ...services.payments,
        async refund() {
          throw new Error("connect ECONNREFUSED");
        },
      },
    };
    await expect(recheckOrderVatNumber(providerAway, order.id)).rejects.toThrow(/could not be reached/);
    expect(await providerRefunds(order)).toEqual([]);
    expect(await recheckOrderVatNumber(services, order.id)).toEqual({ outcome: "refunded", amountCents: 365 });
    expect(await recheckOrderVatNumber(services, order.id)).toEqual({ outcome: "refunded", amountCents: 365 });
    expect(await providerRefunds(order)).toHaveLength(1);
  });

  it("two runs at once refund once", async () => {
    const order = await uncheckedOrder("FR", "FR00100000012");
    const outcomes = await Promise.all([
      recheckOrderVatNumber(services, order.id),
      recheckOrderVatNumber(services, order.id),
    ]);
    expect(outcomes).toEqual([
      { outcome: "refunded", amountCents: 365 },
      { outcome: "refunded", amountCents: 365 },
    ]);
    expect(await providerRefunds(order)).toHaveLength(1);
    expect((await vatRefundOf(order))!.refundedAt).not.toBeNull();
    expect((await invoicesOfOrder(database.db, order.id)).filter((each) => each.kind === "credit_note")).toHaveLength(
      1,
    );
    expect(jobs.emailsTo(order.email)).toHaveLength(1);
  });
});

describe("on the order page", () => {
  const pageServices = () => ({
    ...refundServicesFor(database.db, jobs),
    tax: BY_LOCATION,
    vatNumbers: { vies: services.vies },
  });
  const viewer = { userId: null, accessToken: null };

  /** The page as its buyer (a guest holding the order's link) sees it. */
  async function page(order: Order) {
    return loadOrderPage(database.db, {
      secret: TEST_SECRET,
      orderNumber: order.number,
      viewer: { ...viewer, accessToken: orderAccessToken(TEST_SECRET, order.number) },
    });
  }

  /** "Check my VAT number again", read by the page's schema as the route reads the form. */
  async function checkAgain(order: Order) {
    const asked = orderPageIntentSchema.parse({ intent: "vat-recheck" });
    const answer = await applyOrderPageIntent(pageServices(), await reloadOrder(database.db, order.id), asked);
    if (!("message" in answer)) throw new Error("No message");
    return answer.message;
  }

  it("offers the check of an unchecked number; confirmed, the VAT is refunded and the page says when", async () => {
    const order = await uncheckedOrder("FR", "FR00100000012");
    expect((await page(order)).order.vatNumber).toEqual({
      number: "FR00100000012",
      state: "unchecked",
      canCheckAgain: true,
      refund: null,
    });
    expect(await checkAgain(order)).toBe(
      "Your VAT number was confirmed: we refunded the VAT, $3.65, to your payment method.",
    );
    const { order: shown, documents } = await page(order);
    expect(shown.vatNumber).toEqual({
      number: "FR00100000012",
      state: "refunded",
      canCheckAgain: false,
      refund: { amountCents: 365, refundedAt: expect.any(String) },
    });
    expect(documents.filter((document) => document.kind === "credit_note")).toHaveLength(1);
    // Pressed again (an old tab): the same answer, and nothing more is refunded.
    expect(await checkAgain(order)).toBe(
      "Your VAT number was confirmed: we refunded the VAT, $3.65, to your payment method.",
    );
    expect(await providerRefunds(order)).toHaveLength(1);
  });

  it("says why the number is still unchecked, and does not ask VIES again within a minute", async () => {
    const order = await uncheckedOrder("MT", "MT12345634");
    expect(await checkAgain(order)).toBe(
      "Your VAT number could not be checked just now (Malta's register did not answer). We check it again every hour for 30 days after the payment.",
    );
    expect(await checkAgain(order)).toMatch(/did not answer\)\. Please try again in a minute\.$/);
    expect((await reloadOrder(database.db, order.id)).buyerVatEvidence).toHaveLength(2);
    expect((await page(order)).order.vatNumber).toMatchObject({ state: "unchecked", canCheckAgain: true });
  });

  it("a number VIES does not know: the buyer is told the VAT stays", async () => {
    const order = await uncheckedOrder("DE", "DE200000005");
    expect(await checkAgain(order)).toMatch(/does not know DE200000005 .* The VAT on this order stays charged\.$/);
    expect((await page(order)).order.vatNumber).toMatchObject({ state: "not-registered", canCheckAgain: false });
  });

  it("is the order's buyer's only: anyone else finds no order to ask about", async () => {
    const order = await uncheckedOrder("FR", "FR00100000012");
    for (const stranger of [viewer, { userId: "someone-else", accessToken: "forged" }]) {
      await expect(
        findOrderFor(database.db, { secret: TEST_SECRET, orderNumber: order.number, viewer: stranger }),
      ).rejects.toThrow("We could not find this order.");
    }
  });
});
