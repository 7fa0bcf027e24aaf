import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { WITHDRAWAL_CONSENT } from "../../shared/withdrawal.ts";
import { createProduct } from "../../tests/support/factories.ts";
import {
  guestBuyer,
  payOrder,
  recordingJobs,
  refundServicesFor,
  reloadOrder,
  shopperWithCart,
} from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { chooseTaxPlace } from "../cart/tax-place.ts";
import { downloads, hostedPaymentRefunds, invoices, orderItems, orders, productFiles } from "../db/schema.ts";
import { Refusal } from "../lib/refusal.ts";
import { payWithCard } from "../payments/hosted/hosted-payments.ts";
import type { TaxSettings } from "../tax/buyer-tax.ts";
import { loadTaxRates } from "../tax/rate-table.ts";
import { checkout } from "./checkout.ts";
import type { Order } from "./place-order.ts";
import { refundThroughProvider } from "./refund-item.ts";
import { withdrawalStanding, withdrawByLookup, withdrawFromOrder } from "./withdrawal.ts";

// An EU consumer's right to withdraw (docs/decisions/063): 14 days, lost for a download only with
// their consent; the withdrawal function refunds what the right covers, once, and confirms by email.

const database = setUpTestDatabase();
const rates = loadTaxRates();
const BY_LOCATION: TaxSettings = { mode: "by-location", rates, shopCountry: "IE" };
const DAY = 86_400_000;

let jobs: ReturnType<typeof recordingJobs>;
let services: ReturnType<typeof refundServicesFor>;
let products: { id: number; creatorId: number }[];

beforeAll(async () => {
  jobs = recordingJobs();
  services = { ...refundServicesFor(database.db, jobs), tax: BY_LOCATION };
  products = [
    await createProduct(database.db, { priceCents: 1190 }),
    await createProduct(database.db, { priceCents: 999 }),
  ];
});

async function paidOrderIn(country: string, { consent = false } = {}): Promise<Order> {
  const shopperId = await shopperWithCart(
    database.db,
    products.map((product) => product.id),
  );
  await chooseTaxPlace(database.db, { shopperId, country, rates });
  const started = await checkout(services, {
    shopperId,
    buyer: { ...guestBuyer, email: `buyer-${crypto.randomUUID()}@example.com` },
    idempotencyKey: crypto.randomUUID(),
    whereabouts: { country, region: null, ipAddress: "127.0.0.1" },
    withdrawalConsent: consent,
  });
  const [order] = await database.db.select().from(orders).where(eq(orders.number, started.orderNumber));
  // Paid on the hosted page with the test card, so that the provider has a payment to refund.
  await payWithCard(database.db, {
    jobs,
    sessionId: order!.paymentRef!,
    card: { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Ada Lovelace" },
  });
  return payOrder(database.db, jobs, order!);
}

async function download(order: Order, index: number) {
  const items = await database.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.id);
  const [file] = await database.db
    .insert(productFiles)
    .values({
      productId: items[index]!.productId,
      fileName: "planner.pdf",
      contentType: "application/pdf",
      storageKey: `k-${crypto.randomUUID()}`,
      sizeBytes: 10,
    })
    .returning();
  await database.db.insert(downloads).values({ orderItemId: items[index]!.id, fileId: file!.id });
}

const refundsOf = (order: Order) =>
  database.db.select().from(hostedPaymentRefunds).where(eq(hostedPaymentRefunds.sessionId, order.paymentRef!));

describe("an EU consumer's right to withdraw", () => {
  it("keeps the consent only for an EU consumer, word for word and when", async () => {
    const german = await paidOrderIn("DE", { consent: true });
    expect(german.withdrawalConsentText).toBe(WITHDRAWAL_CONSENT);
    expect(german.withdrawalConsentAt).toBeInstanceOf(Date);
    const american = await paidOrderIn("US", { consent: true });
    expect(american.withdrawalConsentText).toBeNull();
    expect(await withdrawalStanding(database.db, american)).toEqual({ stands: false, reason: null });
  });

  it("without consent, refunds every item even once downloaded, confirms by email, and happens once", async () => {
    const order = await paidOrderIn("DE");
    await download(order, 0);
    const standing = await withdrawalStanding(database.db, order);
    expect(standing).toMatchObject({ stands: true });
    expect(await withdrawFromOrder(services, { order })).toEqual({ refundedCents: order.totalCents });
    const after = await reloadOrder(database.db, order.id);
    expect(after.status).toBe("refunded");
    expect(after.withdrawnAt).toBeInstanceOf(Date);
    expect((await refundsOf(order)).map((refund) => refund.amountCents).sort((a, b) => a - b)).toEqual([999, 1190]);
    const notes = await database.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(notes.filter((note) => note.kind === "credit_note")).toHaveLength(2);
    const [confirmation] = jobs.emailsTo(order.email).filter((email) => email.subject.includes("withdrew"));
    expect(confirmation!.text).toContain(`We received your withdrawal from order ${order.number}`);
    expect(confirmation!.text).toContain("We refunded $21.89.");
    await expect(withdrawFromOrder(services, { order: after })).rejects.toThrow(
      new Refusal("You withdrew from this purchase.", "conflict"),
    );
  });

  it("with consent, covers only the items no download has started of", async () => {
    const order = await paidOrderIn("FR", { consent: true });
    await download(order, 0);
    expect(await withdrawFromOrder(services, { order })).toEqual({ refundedCents: 999 });
    expect((await reloadOrder(database.db, order.id)).status).toBe("partially_refunded");
  });

  it("ends after 14 days, and once every item has been downloaded after consent, saying why", async () => {
    const late = await paidOrderIn("DE");
    await expect(
      withdrawFromOrder(services, { order: late, now: new Date(late.paidAt!.getTime() + 15 * DAY) }),
    ).rejects.toThrow("The 14 days to withdraw have passed.");
    const downloaded = await paidOrderIn("DE", { consent: true });
    await download(downloaded, 0);
    await download(downloaded, 1);
    await expect(withdrawFromOrder(services, { order: downloaded })).rejects.toThrow(
      "Your downloads have started, and you agreed at checkout that the right to withdraw ends then.",
    );
    expect(await refundsOf(downloaded)).toEqual([]);
  });

  it("refunds once when the run stops after the provider refunded and runs again", async () => {
    const order = await paidOrderIn("DE");
    const [first] = await database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(orderItems.id);
    // The first half of a run that stopped: the provider refunded the first item, nothing was recorded.
    await refundThroughProvider(services.payments, {
      order,
      amountCents: first!.netCents + first!.taxCents,
      idempotencyKey: `withdrawal-${first!.id}`,
    });
    await withdrawFromOrder(services, { order });
    expect((await refundsOf(order)).map((refund) => refund.amountCents).sort((a, b) => a - b)).toEqual([999, 1190]);
  });

  it("is open to the buyer by the order's number and address, and says so when nothing matches", async () => {
    const order = await paidOrderIn("AT");
    const request = { name: "Ada", orderNumber: order.number, email: "someone-else@example.com" };
    await expect(withdrawByLookup(services, request)).rejects.toMatchObject({ kind: "not-found" });
    expect(await withdrawByLookup(services, { ...request, email: order.email.toUpperCase().toLowerCase() })).toEqual({
      refundedCents: order.totalCents,
    });
  });
});
