import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createProducts } from "../../../tests/support/factories.ts";
import {
  checkoutServices,
  recordingJobs,
  startOrder,
  TEST_SECRET,
  TEST_SHOP_URL,
} from "../../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../../tests/support/test-database.ts";
import { hostedPaymentRefunds } from "../../db/schema.ts";
import { type PaymentProvider, RefundRefused, type RefundRequest } from "../provider.ts";
import { payWithCard } from "./hosted-payments.ts";
import { createHostedProvider } from "./hosted-provider.ts";

// Refunds on the shop's own hosted payment page, through the PaymentProvider interface.

const database = setUpTestDatabase();
const jobs = recordingJobs();
let provider: PaymentProvider;
let productIds: number[] = [];
let lastKey = 0;

beforeAll(async () => {
  productIds = (await createProducts(database.db, 2)).map((product) => product.id);
  provider = createHostedProvider({ db: database.db, publicUrl: TEST_SHOP_URL, secret: TEST_SECRET });
});

/** A new order with its hosted session, paid on the page with the success card unless told otherwise. */
async function session({ pay = true } = {}) {
  const { order } = await startOrder(checkoutServices(database.db, jobs), productIds);
  if (pay) {
    const paid = await payWithCard(database.db, {
      jobs,
      sessionId: order.paymentRef!,
      card: {
        number: "4242 4242 4242 4242",
        expiry: "12/40",
        cvc: "123",
        name: "Ada Lovelace",
      },
    });
    expect(paid?.status).toBe("paid");
  }
  const request = (amountCents: number, idempotencyKey = `refund-test-${++lastKey}`): RefundRequest => ({
    reference: order.number,
    sessionRef: order.paymentRef!,
    captureRef: null,
    amountCents,
    idempotencyKey,
  });
  return { order, request };
}

const refundsOf = (sessionId: string) =>
  database.db.select().from(hostedPaymentRefunds).where(eq(hostedPaymentRefunds.sessionId, sessionId));

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RefundRefused);
  return (error as Error).message;
}

describe("refunds on the hosted payment page", () => {
  it("records a refund of part of a paid session and returns its id", async () => {
    const { order, request } = await session();
    const refund = await provider.refund(request(1000));
    expect(refund.ref).toMatch(/^hpr_/);
    expect(await refundsOf(order.paymentRef!)).toEqual([
      expect.objectContaining({ id: refund.ref, amountCents: 1000, idempotencyKey: `refund-test-${lastKey}` }),
    ]);
  });

  it("never refunds more than the session's payment in total", async () => {
    const { order, request } = await session();
    const total = order.totalCents;
    expect(await refusal(provider.refund(request(total + 1)))).toMatch(
      /^Refund amount \(\$[\d,.]+\) is greater than what is left of the payment \(\$[\d,.]+\)\.$/,
    );
    await provider.refund(request(total - 100));
    expect(await refusal(provider.refund(request(101)))).toBe(
      "Refund amount ($1.01) is greater than what is left of the payment ($1.00).",
    );
    await provider.refund(request(100));
    expect(await refusal(provider.refund(request(1)))).toBe("This payment has already been refunded in full.");
    const refunds = await refundsOf(order.paymentRef!);
    expect(refunds.map((row) => row.amountCents)).toEqual([total - 100, 100]);
  });

  it("gives the first refund back for a repeated idempotency key, also when the repeats come at once", async () => {
    const { order, request } = await session();
    const first = await provider.refund(request(500, "refund-repeat-a"));
    expect(await provider.refund(request(500, "refund-repeat-a"))).toEqual(first);

    const together = await Promise.all([1, 2, 3, 4].map(() => provider.refund(request(700, "refund-repeat-b"))));
    expect(new Set(together.map((refund) => refund.ref)).size).toBe(1);
    expect((await refundsOf(order.paymentRef!)).map((row) => row.amountCents).sort()).toEqual([500, 700]);
  });

  it("refuses a repeated key with another amount, rather than refunding twice", async () => {
    const { order, request } = await session();
    await provider.refund(request(500, "refund-changed"));
    expect(await refusal(provider.refund(request(600, "refund-changed")))).toBe(
      "The idempotency key 'refund-changed' was already used for another refund.",
    );
    expect(await refundsOf(order.paymentRef!)).toHaveLength(1);
  });

  it("refuses an unpaid session, an unknown one, another order's, and amounts below a cent", async () => {
    const unpaid = await session({ pay: false });
    expect(await refusal(provider.refund(unpaid.request(100)))).toBe(
      "This payment was never completed: there is nothing to refund.",
    );
    const paid = await session();
    expect(await refusal(provider.refund({ ...paid.request(100), sessionRef: "hps_unknown" }))).toBe(
      "No such payment: 'hps_unknown'",
    );
    expect(await refusal(provider.refund({ ...paid.request(100), reference: unpaid.order.number }))).toBe(
      `No such payment: '${paid.order.paymentRef}'`,
    );
    for (const amount of [0, -5, 1.5]) {
      expect(await refusal(provider.refund(paid.request(amount)))).toBe(
        "The refund amount must be a whole number of cents, at least 1.",
      );
    }
    expect(await refundsOf(paid.order.paymentRef!)).toEqual([]);
    expect(await refundsOf(unpaid.order.paymentRef!)).toEqual([]);
  });
});
