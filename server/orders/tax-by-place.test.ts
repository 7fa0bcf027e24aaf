import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../tests/support/factories.ts";
import {
  checkoutServices,
  FLAT_TAX,
  guestBuyer,
  payOrder,
  refundServicesFor,
  reloadOrder,
  shopperWithCart,
  startOrder,
} from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { getCart } from "../cart/cart.ts";
import { chooseTaxPlace, chooseVatNumber } from "../cart/tax-place.ts";
import { hostedPaymentWebhooks, orderItems, orders, shoppers } from "../db/schema.ts";
import { invoicesOfOrder, issueInvoice } from "../invoices/invoices.ts";
import { type RunningJobs, startJobs } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import { payWithCard } from "../payments/hosted/hosted-payments.ts";
import { hostedWebhookSecret } from "../payments/hosted/hosted-provider.ts";
import { SIGNATURE_HEADER, signatureHeader } from "../payments/hosted/webhook-signature.ts";
import { receivePaymentEvent } from "../payments/receive-payment-event.ts";
import type { TaxSettings } from "../tax/buyer-tax.ts";
import { loadTaxRates } from "../tax/rate-table.ts";
import type { VatNumberCheck } from "../tax/vat-numbers/vat-number-check.ts";
import { type CheckoutServices, checkout } from "./checkout.ts";
import { itemsOf } from "./place-order.ts";
import { recordItemRefund } from "./refund-item.ts";

// Orders taxed by the buyer's place (TAX_MODE=by-location, docs/decisions/057): the cart shows the
// tax of the country chosen (or guessed from the IP address), the order charges it per line and
// keeps the evidence, and refunds and invoices take the rates it charged.

const database = setUpTestDatabase();
const rates = loadTaxRates();
const BY_LOCATION: TaxSettings = { mode: "by-location", rates, shopCountry: "IE" };
// Documentation addresses are special-purpose: the shipped database gives them no country, so
// this machine's requests say nothing of where the buyer is (as in tests and on a laptop).
const NOWHERE = "127.0.0.1";
// Public addresses the shipped database places (decision 057 lists how they were checked).
const IN_GERMANY = "193.99.144.80";
const IN_THE_US = "8.8.8.8";

let jobs: RunningJobs;
let services: CheckoutServices;
let planner: { id: number };
let poster: { id: number };

beforeAll(async () => {
  jobs = await startJobs(database.pool, (error) => console.error(error));
  services = { ...checkoutServices(database.db, jobs), tax: BY_LOCATION };
  planner = await createProduct(database.db, { priceCents: 1190 });
  poster = await createProduct(database.db, { priceCents: 999 });
});
afterAll(() => jobs?.stop());

async function cartIn(country: string | null, region?: string) {
  const shopperId = await shopperWithCart(database.db, [planner.id, poster.id]);
  if (country) await chooseTaxPlace(database.db, { shopperId, country, region, rates });
  return shopperId;
}

const whereabouts = (
  country: string | null,
  ipAddress = NOWHERE,
  extra: { region?: string; confirmed?: boolean } = {},
) => ({
  country,
  region: extra.region ?? null,
  ipAddress,
  buyerConfirmed: extra.confirmed ?? false,
});

async function orderIn(
  country: string | null,
  ipAddress = NOWHERE,
  extra: { region?: string; confirmed?: boolean } = {},
) {
  const shopperId = await cartIn(country, extra.region);
  const started = await checkout(services, {
    shopperId,
    buyer: guestBuyer,
    idempotencyKey: crypto.randomUUID(),
    whereabouts: whereabouts(country, ipAddress, extra),
  });
  const [order] = await database.db.select().from(orders).where(eq(orders.number, started.orderNumber));
  return order!;
}

describe("the cart, taxed by the buyer's place", () => {
  it("shows the tax of the country chosen, inside the prices where that is the custom", async () => {
    const cart = await getCart(database.db, await cartIn("DE"), { tax: { settings: BY_LOCATION, ipAddress: NOWHERE } });
    // 19% inside 11.90 is 1.90; inside 9.99, 1.595 rounded half up to 1.60.
    expect(cart).toMatchObject({ subtotalCents: 2189, taxCents: 190 + 160, totalCents: 2189 });
    expect(cart.tax).toEqual({
      label: "VAT 19% (Germany)",
      included: true,
      byLocation: true,
      country: "DE",
      region: null,
      question: null,
      conflict: false,
      vatNumber: null,
      consumerRights: true,
    });
  });

  it("guesses the country from the IP address until the buyer chooses, and asks when it cannot", async () => {
    const shopperId = await cartIn(null);
    const inGermany = await getCart(database.db, shopperId, { tax: { settings: BY_LOCATION, ipAddress: IN_GERMANY } });
    expect(inGermany.tax).toMatchObject({ label: "VAT 19% (Germany)", country: "DE", question: null });
    const unknown = await getCart(database.db, shopperId, { tax: { settings: BY_LOCATION, ipAddress: NOWHERE } });
    expect(unknown).toMatchObject({ taxCents: 0, totalCents: 2189 });
    expect(unknown.tax).toMatchObject({
      label: "Tax",
      country: null,
      question: "Choose the country you live in to see your tax.",
    });
  });

  it("asks for the province where the country is taxed by province, then adds its tax", async () => {
    const shopperId = await cartIn("CA");
    const tax = { settings: BY_LOCATION, ipAddress: NOWHERE };
    expect((await getCart(database.db, shopperId, { tax })).tax).toMatchObject({
      country: "CA",
      question: "Choose your province or territory in Canada from the list.",
    });
    await chooseTaxPlace(database.db, { shopperId, country: "CA", region: "ON", rates });
    const cart = await getCart(database.db, shopperId, { tax });
    // 13% HST on 11.90 (1.547) and on 9.99 (1.2987), each rounded once.
    expect(cart).toMatchObject({ subtotalCents: 2189, taxCents: 155 + 130, totalCents: 2189 + 285 });
    expect(cart.tax).toMatchObject({ label: "HST 13% (Ontario, Canada)", included: false, question: null });
  });

  it("refuses a country or province that does not exist, keeping the place it had", async () => {
    const shopperId = await cartIn("FR");
    await expect(chooseTaxPlace(database.db, { shopperId, country: "XX", rates })).rejects.toThrow(
      new Refusal("Choose the country you live in from the list.", "invalid", { field: "country" }),
    );
    await expect(chooseTaxPlace(database.db, { shopperId, country: "CA", region: "ZZ", rates })).rejects.toThrow(
      "Choose your province or territory in Canada from the list.",
    );
    const [kept] = await database.db
      .select({ country: shoppers.taxCountry, region: shoppers.taxRegion })
      .from(shoppers)
      .where(eq(shoppers.id, shopperId));
    expect(kept).toEqual({ country: "FR", region: null });
  });

  it("shows a conflict of the evidence as a question, with the chosen country's tax", async () => {
    const cart = await getCart(database.db, await cartIn("FR"), {
      tax: { settings: BY_LOCATION, ipAddress: IN_GERMANY },
    });
    expect(cart.tax).toMatchObject({ label: "VAT 20% (France)", conflict: true });
    expect(cart.tax.question).toBe(
      "You chose France, but your internet connection is from Germany. Tax is charged where you live: choose the country you live in, or pay with a card from France.",
    );
  });
});

describe("an order taxed by the buyer's place", () => {
  it("charges a consumer in Germany 19% inside the prices, per line, and keeps the evidence", async () => {
    const order = await orderIn("DE", IN_GERMANY);
    expect(order).toMatchObject({
      subtotalCents: 2189,
      taxCents: 350,
      totalCents: 2189,
      taxLabel: "VAT 19% (Germany)",
      taxIncluded: true,
      taxCountry: "DE",
      taxRegion: null,
    });
    expect(order.taxEvidence).toMatchObject({
      status: "settled",
      country: "DE",
      evidence: [
        { kind: "billing-country", country: "DE" },
        { kind: "ip-address", address: IN_GERMANY, country: "DE" },
      ],
    });
    const items = await itemsOf(database.db, order.id);
    expect(items.map(({ netCents, taxCents, taxRateTenths }) => ({ netCents, taxCents, taxRateTenths }))).toEqual([
      { netCents: 1000, taxCents: 190, taxRateTenths: 19000 },
      { netCents: 839, taxCents: 160, taxRateTenths: 19000 },
    ]);
    // The sellers' 70% is of what the lines earned, not of the tax the shop owes.
    expect(items.map((item) => item.sellerCents + item.platformCents)).toEqual([1000, 839]);
  });

  it("charges a buyer in the US no tax, the table having no US rate, and says so", async () => {
    const order = await orderIn("US", IN_THE_US);
    expect(order).toMatchObject({
      taxCents: 0,
      totalCents: 2189,
      taxLabel: "No tax (United States of America)",
      taxIncluded: false,
    });
  });

  it("refuses an order without a country, and one whose evidence conflicts until the buyer confirms it", async () => {
    await expect(orderIn(null)).rejects.toThrow(
      new Refusal("Choose the country you live in before you pay.", "invalid", { field: "country" }),
    );
    const conflict = orderIn("FR", IN_GERMANY);
    await expect(conflict).rejects.toBeInstanceOf(Refusal);
    await expect(conflict).rejects.toMatchObject({ kind: "conflict" });
    const confirmed = await orderIn("FR", IN_GERMANY, { confirmed: true });
    expect(confirmed).toMatchObject({ taxLabel: "VAT 20% (France)", taxCountry: "FR" });
    expect(confirmed.taxEvidence).toMatchObject({ status: "unconfirmed", buyerConfirmed: true });
  });

  it("adds Ontario's HST for a buyer in Ontario, as a line of its own on the payment page", async () => {
    const order = await orderIn("CA", NOWHERE, { region: "ON" });
    expect(order).toMatchObject({ taxCents: 285, totalCents: 2474, taxRegion: "ON", taxIncluded: false });
    const session = await database.db.select({ url: orders.paymentUrl }).from(orders).where(eq(orders.id, order.id));
    expect(session[0]!.url).toBeTruthy();
  });

  it("invoices each line at the rate it was charged, and a refund gives back the line with its tax, on a credit note", async () => {
    const paid = await payOrder(database.db, jobs, await orderIn("DE", IN_GERMANY));
    const supplier = refundServicesFor(database.db, jobs).invoiceSupplier;
    const invoice = await database.db.transaction((tx) => issueInvoice(tx, { orderId: paid.id, supplier }));
    expect(invoice.lines.map((line) => [line.netCents, line.rateBasisPoints, line.taxCents, line.grossCents])).toEqual([
      [1000, 1900, 190, 1190],
      [839, 1900, 160, 999],
    ]);
    expect(invoice).toMatchObject({ netCents: 1839, taxCents: 350, grossCents: 2189 });
    const [first] = await itemsOf(database.db, paid.id);
    await database.db.transaction((tx) => recordItemRefund(tx, { jobs, item: first!, amountCents: 1190, supplier }));
    const notes = (await invoicesOfOrder(database.db, paid.id)).filter((each) => each.kind === "credit_note");
    expect(notes.map((note) => [note.netCents, note.taxCents, note.grossCents])).toEqual([[1000, 190, 1190]]);
    expect((await reloadOrder(database.db, paid.id)).status).toBe("partially_refunded");
    const [refunded] = await database.db.select().from(orderItems).where(eq(orderItems.id, first!.id));
    expect(refunded!.status).toBe("refunded");
  });
});

describe("the card's country, reported with the payment", () => {
  /** Pays the order on the hosted page with this card, and delivers its signed webhook as the route does. */
  async function payWithTestCard(order: { id: number; paymentRef: string | null }, number: string) {
    const sessionId = order.paymentRef!;
    const card = { number, expiry: "12/40", cvc: "123", name: "Erika Mustermann" };
    expect(await payWithCard(database.db, { jobs, sessionId, card })).toMatchObject({ status: "paid" });
    const [queued] = await database.db
      .select({ body: hostedPaymentWebhooks.body })
      .from(hostedPaymentWebhooks)
      .where(eq(hostedPaymentWebhooks.sessionId, sessionId));
    const headers = new Headers({
      [SIGNATURE_HEADER]: signatureHeader(hostedWebhookSecret(services.secret), queued!.body),
    });
    const event = await services.payments.withCardCountry(services.payments.verifyWebhook(queued!.body, headers));
    expect((await receivePaymentEvent(database.db, { jobs, provider: "hosted", event })).outcome).toBe("paid");
    return reloadOrder(database.db, order.id);
  }

  it("settles an order paid with a German card after choosing Germany from a private address", async () => {
    const order = await orderIn("DE", NOWHERE);
    expect(order.taxEvidence).toMatchObject({ status: "unconfirmed", country: "DE" });
    const paid = await payWithTestCard(order, "4000 0027 6000 0016");
    expect(paid.status).toBe("paid");
    expect(paid.taxEvidence).toMatchObject({
      status: "settled",
      country: "DE",
      evidence: [
        { kind: "billing-country", country: "DE" },
        { kind: "ip-address", address: NOWHERE, country: null },
        { kind: "card-country", country: "DE" },
      ],
    });
    // The evidence only: what was charged stays.
    expect(paid).toMatchObject({ taxCents: order.taxCents, totalCents: order.totalCents, taxCountry: "DE" });
  });

  it("keeps the tax charged but marks the evidence contradicted when the card is from elsewhere", async () => {
    const order = await orderIn("DE", NOWHERE);
    const paid = await payWithTestCard(order, "4000 0025 0000 0003");
    expect(paid.taxEvidence).toMatchObject({ status: "unconfirmed", country: "DE", contradicted: true });
    expect(paid.taxEvidence?.evidence.at(-1)).toEqual({ kind: "card-country", country: "FR" });
    expect(paid).toMatchObject({
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      taxLabel: "VAT 19% (Germany)",
    });
  });

  it("leaves a flat-rate order without evidence", async () => {
    const flat = { ...services, tax: FLAT_TAX };
    const { order } = await startOrder(flat, [poster.id]);
    const paid = await payWithTestCard(order, "4000 0027 6000 0016");
    expect(paid).toMatchObject({ status: "paid", taxEvidence: null });
  });
});

describe("a business buyer's order", () => {
  const confirmed = (vatNumber: string, country: string): VatNumberCheck => ({
    status: "valid",
    vatNumber,
    country,
    name: "Atelier Exemple SARL",
    address: "1 rue de l'Exemple\n75001 Paris",
    checkedAt: "2026-11-28T10:00:00.000Z",
  });

  async function businessOrder(country: string, vatCheck: VatNumberCheck) {
    const shopperId = await cartIn(country);
    const started = await checkout(services, {
      shopperId,
      buyer: guestBuyer,
      idempotencyKey: crypto.randomUUID(),
      whereabouts: { ...whereabouts(country), vatCheck },
    });
    const [order] = await database.db.select().from(orders).where(eq(orders.number, started.orderNumber));
    return order!;
  }

  it("pays no VAT with a number VIES confirmed: the consumer's price less the VAT it includes, a reverse charge on the invoice", async () => {
    const order = await businessOrder("FR", confirmed("FR00100000012", "FR"));
    // 11.90 holds 1.98 of French VAT, 9.99 holds 1.67: a business pays 9.92 and 8.32.
    expect(order).toMatchObject({
      subtotalCents: 2189,
      taxCents: 0,
      totalCents: 1824,
      taxLabel: "VAT 0%, reverse charge (France)",
      buyerVatNumber: "FR00100000012",
      buyerVatState: "confirmed",
    });
    expect(order.taxMention).toMatch(/^Reverse charge/);
    const paid = await payOrder(database.db, jobs, order);
    const supplier = refundServicesFor(database.db, jobs).invoiceSupplier;
    const invoice = await database.db.transaction((tx) => issueInvoice(tx, { orderId: paid.id, supplier }));
    expect(invoice).toMatchObject({
      netCents: 1824,
      taxCents: 0,
      grossCents: 1824,
      mention: order.taxMention,
      buyer: {
        name: "Atelier Exemple SARL",
        address: ["1 rue de l'Exemple", "75001 Paris"],
        taxNumber: "FR00100000012",
      },
    });
  });

  it("pays VAT when VIES could not say, the number kept to be checked again", async () => {
    const unchecked: VatNumberCheck = {
      status: "unavailable",
      vatNumber: "MT12345634",
      country: "MT",
      reason: "MS_UNAVAILABLE",
      detail: "MS_UNAVAILABLE",
      message: "Your VAT number could not be checked just now.",
    };
    const order = await businessOrder("MT", unchecked);
    expect(order).toMatchObject({
      taxLabel: "VAT 18% (Malta)",
      buyerVatNumber: "MT12345634",
      buyerVatState: "unchecked",
    });
    expect(order.taxCents).toBeGreaterThan(0);
    expect(order.buyerVatEvidence).toEqual([unchecked]);
  });

  it("refuses a number of another country than the one chosen, saying which", async () => {
    await expect(businessOrder("DE", confirmed("FR00100000012", "FR"))).rejects.toThrow(
      "This VAT number is registered in France: choose France as your country, or remove the number.",
    );
  });

  it("keeps the number with the cart as the check answered, and takes it away when emptied", async () => {
    const shopperId = await cartIn("FR");
    const check = async ({ input, country }: { input: string; country?: string }) => {
      expect(country).toBe("FR");
      return confirmed(input, "FR");
    };
    await chooseVatNumber(database.db, { shopperId, vatNumber: "FR00100000012", check });
    const cart = await getCart(database.db, shopperId, { tax: { settings: BY_LOCATION, ipAddress: NOWHERE } });
    expect(cart.tax.vatNumber).toEqual({ number: "FR00100000012", confirmed: true, message: null });
    expect(cart).toMatchObject({ taxCents: 0, totalCents: 1824 });
    const refused = chooseVatNumber(database.db, {
      shopperId,
      vatNumber: "FR99999999999",
      check: async () => {
        throw new Refusal("VIES does not know it.", "invalid", { field: "vatNumber" });
      },
    });
    await expect(refused).rejects.toThrow("VIES does not know it.");
    const [kept] = await database.db
      .select({ vat: shoppers.vatNumber })
      .from(shoppers)
      .where(eq(shoppers.id, shopperId));
    expect(kept!.vat).toBe("FR00100000012");
    await chooseVatNumber(database.db, { shopperId, vatNumber: undefined, check });
    const [gone] = await database.db
      .select({ vat: shoppers.vatNumber })
      .from(shoppers)
      .where(eq(shoppers.id, shopperId));
    expect(gone!.vat).toBeNull();
  });
});
