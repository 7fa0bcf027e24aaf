import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createProducts } from "../../tests/support/factories.ts";
import {
  payOrder,
  recordingJobs,
  refundServicesFor,
  reloadOrder,
  startOrder,
  TEST_SECRET,
} from "../../tests/support/orders.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { hostedPaymentRefunds, ledgerEntries, orders, productFiles, refundRequests, user } from "../db/schema.ts";
import { openDownload } from "../delivery/open-download.ts";
import { invoicesOfOrder } from "../invoices/invoices.ts";
import { Refusal } from "../lib/refusal.ts";
import { payWithCard } from "../payments/hosted/hosted-payments.ts";
import { sellerBalance } from "../payouts/ledger.ts";
import type { FileStore } from "../storage/file-store.ts";
import type { CheckoutServices } from "./checkout.ts";
import { approveRefund, openRefundRequests, type RefundServices, rejectRefund } from "./decide-refund.ts";
import { orderAccessToken } from "./order-access.ts";
import { loadOrderPage } from "./order-page.ts";
import { itemsOf, type Order } from "./place-order.ts";
import { refundAmounts } from "./refund-amounts.ts";
import { requestRefund } from "./refunds.ts";

// The platform's review of refund requests, on the hosted payment page (the default provider).
// Stripe's side is in server/payments/stripe-checkout.test.ts.

const database = setUpTestDatabase();
const jobs = recordingJobs();
const ADMIN = "refund-admin";
const REASON = "The planner pages are blank when I print them.";
const REJECTION = "The files were downloaded and open correctly.";
let services: RefundServices & CheckoutServices;
let products: { id: number; title: string; priceCents: number }[] = [];
const fileIds = new Map<number, number>();

// Every file reads as the same few bytes: what matters here is whether the shop hands it out.
const files: FileStore = {
  put: async () => {},
  read: async () => Buffer.from("%PDF-1.4 test"),
  remove: async () => {},
};

beforeAll(async () => {
  products = await createProducts(database.db, 4);
  await database.db.insert(user).values({ id: ADMIN, name: "Ada Admin", email: "admin@example.com", role: "admin" });
  for (const product of products) {
    const [file] = await database.db
      .insert(productFiles)
      .values({
        productId: product.id,
        storageKey: `products/${product.id}/refund-test.pdf`,
        fileName: "refund-test.pdf",
        contentType: "application/pdf",
        sizeBytes: 13,
      })
      .returning();
    fileIds.set(product.id, file!.id);
  }
  services = refundServicesFor(database.db, jobs);
});

/** An order of these products (the first two by default) paid on the hosted page with the success card. */
async function paidOrder(productIds = [products[0]!.id, products[1]!.id]) {
  const { order } = await startOrder(services, productIds);
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
  const paidOrder = await payOrder(database.db, jobs, order);
  return { order: paidOrder, items: await itemsOf(database.db, order.id) };
}

/** The buyer asks for a refund of one item; the request's id. */
async function requestFor(order: Order, itemId: number): Promise<number> {
  await requestRefund(database.db, {
    order: await reloadOrder(database.db, order.id),
    request: { orderItemId: itemId, reason: REASON },
  });
  const [request] = await database.db.select().from(refundRequests).where(eq(refundRequests.orderItemId, itemId));
  return request!.id;
}

const requestRow = async (id: number) =>
  (await database.db.select().from(refundRequests).where(eq(refundRequests.id, id)))[0]!;

const providerRefunds = (order: Order) =>
  database.db.select().from(hostedPaymentRefunds).where(eq(hostedPaymentRefunds.sessionId, order.paymentRef!));

const refundEntries = (itemId: number) =>
  database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderItemId, itemId), eq(ledgerEntries.kind, "refund")));

const download = (item: { id: number; productId: number }) =>
  openDownload(database.db, {
    files,
    target: { orderItemId: item.id, fileId: fileIds.get(item.productId)! },
    count: false,
  });

async function refusalOf(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(Refusal);
  return { message: (error as Refusal).message, status: (error as Refusal).status };
}

// A new buyer address per order keeps each test's emails apart.
let buyers = 0;
async function paidOrderOfNewBuyer(productIds?: number[]) {
  const { order, items } = await paidOrder(productIds);
  const email = `buyer-${++buyers}@example.com`;
  await database.db.update(orders).set({ email }).where(eq(orders.id, order.id));
  return { order: await reloadOrder(database.db, order.id), items };
}

describe("open refund requests", () => {
  it("lists the requests waiting for a decision, oldest first, with what approving each gives back", async () => {
    const first = await paidOrderOfNewBuyer();
    const second = await paidOrderOfNewBuyer([products[2]!.id]);
    const older = await requestFor(first.order, first.items[1]!.id);
    const newer = await requestFor(second.order, second.items[0]!.id);
    const decided = await requestFor(first.order, first.items[0]!.id);
    await rejectRefund(services, { adminId: ADMIN, requestId: decided, note: REJECTION });

    const open = (await openRefundRequests(database.db)).filter((row) =>
      [first.order.number, second.order.number].includes(row.orderNumber),
    );

    const amounts = refundAmounts(first.items);
    expect(open).toEqual([
      {
        requestId: older,
        orderNumber: first.order.number,
        itemTitle: first.items[1]!.title,
        amountCents: amounts.get(first.items[1]!.id),
        reason: REASON,
        buyerEmail: first.order.email,
        requestedAt: expect.any(Date),
        paidAt: first.order.paidAt,
      },
      {
        requestId: newer,
        orderNumber: second.order.number,
        itemTitle: second.items[0]!.title,
        // The only item of its order: the whole total.
        amountCents: second.order.totalCents,
        reason: REASON,
        buyerEmail: second.order.email,
        requestedAt: expect.any(Date),
        paidAt: second.order.paidAt,
      },
    ]);
    expect(open[0]!.requestedAt.getTime()).toBeLessThanOrEqual(open[1]!.requestedAt.getTime());
  });
});

describe("approving a refund", () => {
  it("refunds the item and its share of the tax, closes its files, and tells the buyer; the last item refunds the order", async () => {
    const { order, items } = await paidOrderOfNewBuyer();
    const [first, second] = [items[0]!, items[1]!];
    const amounts = refundAmounts(items);
    const creator = first.creatorId;
    const balanceBefore = await sellerBalance(database.db, creator);
    await download(first); // the files open before the refund

    const firstRequest = await requestFor(order, first.id);
    const approved = await approveRefund(services, ADMIN, firstRequest);

    expect(approved).toEqual({ amountCents: amounts.get(first.id), orderStatus: "partially_refunded" });
    const refunds = await providerRefunds(order);
    expect(refunds).toEqual([
      expect.objectContaining({ amountCents: amounts.get(first.id), idempotencyKey: `refund-${firstRequest}` }),
    ]);
    expect(await requestRow(firstRequest)).toMatchObject({
      status: "approved",
      decidedBy: ADMIN,
      decidedAt: expect.any(Date),
      providerRefundRef: refunds[0]!.id,
      decisionNote: null,
    });
    const afterFirst = await itemsOf(database.db, order.id);
    expect(afterFirst.map((item) => item.status)).toEqual(["refunded", "active"]);
    expect(afterFirst[0]!.refundedAt).toBeInstanceOf(Date);
    expect((await reloadOrder(database.db, order.id)).status).toBe("partially_refunded");
    expect(await refusalOf(download(first))).toEqual({
      message: "This item was refunded, so its files can no longer be downloaded.",
      status: 410,
    });
    await download(second); // the other item's files still open
    expect((await refundEntries(first.id)).map((entry) => entry.amountCents)).toEqual([-first.sellerCents]);
    expect(await sellerBalance(database.db, creator)).toBe(balanceBefore - first.sellerCents);
    const [approvalEmail] = jobs.emailsTo(order.email);
    expect(approvalEmail!.subject).toBe(`Your refund for order ${order.number} is on its way`);
    expect(approvalEmail!.text).toContain(`"${first.title}"`);
    expect(approvalEmail!.text).toContain(`$${(amounts.get(first.id)! / 100).toFixed(2)}`);
    expect(approvalEmail!.text).toContain(`/orders/${order.number}?access=`);

    const secondRequest = await requestFor(order, second.id);
    expect(await approveRefund(services, ADMIN, secondRequest)).toEqual({
      amountCents: amounts.get(second.id),
      orderStatus: "refunded",
    });
    expect((await reloadOrder(database.db, order.id)).status).toBe("refunded");
    // Both refunds together give back the order's total, not a cent more.
    expect((await providerRefunds(order)).reduce((sum, refund) => sum + refund.amountCents, 0)).toBe(order.totalCents);
    expect(await refusalOf(download(second))).toMatchObject({ status: 410 });
    expect(jobs.emailsTo(order.email)).toHaveLength(2);
    // Each refund's credit note gives back what the provider refunded, and refers to the order's invoice.
    const [invoice, ...notes] = await invoicesOfOrder(database.db, order.id);
    expect(notes.map((note) => [note.kind, note.orderItemId, note.grossCents, note.creditsInvoiceId])).toEqual([
      ["credit_note", first.id, amounts.get(first.id), invoice!.id],
      ["credit_note", second.id, amounts.get(second.id), invoice!.id],
    ]);
    expect(notes[0]!.supplier).toEqual(services.invoiceSupplier);
  });

  it("shows the buyer's order page the refunded amount", async () => {
    const { order, items } = await paidOrderOfNewBuyer();
    const amounts = refundAmounts(items);
    await approveRefund(services, ADMIN, await requestFor(order, items[0]!.id));

    const page = await loadOrderPage(database.db, {
      secret: TEST_SECRET,
      orderNumber: order.number,
      viewer: {
        userId: null,
        accessToken: orderAccessToken(TEST_SECRET, order.number),
      },
    });

    expect(page.order.status).toBe("partially_refunded");
    expect(page.items.map((item) => [item.status, item.refund?.status, item.refund?.amountCents])).toEqual([
      ["refunded", "approved", amounts.get(items[0]!.id)],
      ["active", undefined, undefined],
    ]);
  });

  it("takes the seller's share back even when it was paid out: the balance goes negative", async () => {
    const { order, items } = await paidOrderOfNewBuyer([products[3]!.id]);
    const item = items[0]!;
    const paidOut = await sellerBalance(database.db, item.creatorId);
    await database.db
      .insert(ledgerEntries)
      .values({ creatorId: item.creatorId, kind: "payout", amountCents: -paidOut });

    await approveRefund(services, ADMIN, await requestFor(order, item.id));

    expect(await sellerBalance(database.db, item.creatorId)).toBe(-item.sellerCents);
  });

  it("makes one refund when two admins approve at once", async () => {
    const { order, items } = await paidOrderOfNewBuyer();
    const request = await requestFor(order, items[0]!.id);

    const settled = await Promise.allSettled([1, 2, 3].map(() => approveRefund(services, ADMIN, request)));

    expect(settled.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of settled) {
      if (result.status === "rejected") {
        expect(result.reason).toBeInstanceOf(Refusal);
        expect((result.reason as Refusal).message).toBe("This refund request has already been decided.");
      }
    }
    expect(await providerRefunds(order)).toHaveLength(1);
    expect(await refundEntries(items[0]!.id)).toHaveLength(1);
    expect(jobs.emailsTo(order.email)).toHaveLength(1);
    expect((await itemsOf(database.db, order.id)).map((item) => item.status)).toEqual(["refunded", "active"]);
  });

  it("refunds the order when its last two items are approved at once", async () => {
    const { order, items } = await paidOrderOfNewBuyer();
    const requests = [await requestFor(order, items[0]!.id), await requestFor(order, items[1]!.id)];

    const results = await Promise.all(requests.map((request) => approveRefund(services, ADMIN, request)));

    expect(results.map((result) => result.orderStatus).sort()).toEqual(["partially_refunded", "refunded"]);
    expect((await reloadOrder(database.db, order.id)).status).toBe("refunded");
  });

  it("records nothing when the provider refuses, and says why", async () => {
    const { order, items } = await paidOrderOfNewBuyer();
    const request = await requestFor(order, items[0]!.id);
    // The whole payment was already given back at the provider, outside the shop.
    await database.db.insert(hostedPaymentRefunds).values({
      id: `hpr_outside_${order.id}`,
      sessionId: order.paymentRef!,
      amountCents: order.totalCents,
      idempotencyKey: `outside-${order.id}`,
    });

    expect(await refusalOf(approveRefund(services, ADMIN, request))).toEqual({
      message: "The payment provider refused the refund: This payment has already been refunded in full.",
      status: 409,
    });
    expect(await requestRow(request)).toMatchObject({ status: "requested", decidedAt: null, providerRefundRef: null });
    expect((await itemsOf(database.db, order.id)).map((item) => item.status)).toEqual(["active", "active"]);
    expect(await refundEntries(items[0]!.id)).toEqual([]);
    expect(jobs.emailsTo(order.email)).toEqual([]);
  });
});

describe("rejecting a refund", () => {
  it("keeps the reason for the buyer, emails it, and leaves the item and its files as they were", async () => {
    const { order, items } = await paidOrderOfNewBuyer();
    const request = await requestFor(order, items[0]!.id);

    await rejectRefund(services, { adminId: ADMIN, requestId: request, note: `  ${REJECTION}  ` });

    expect(await requestRow(request)).toMatchObject({
      status: "rejected",
      decisionNote: REJECTION,
      decidedBy: ADMIN,
      decidedAt: expect.any(Date),
      providerRefundRef: null,
    });
    expect((await itemsOf(database.db, order.id)).map((item) => item.status)).toEqual(["active", "active"]);
    expect((await reloadOrder(database.db, order.id)).status).toBe("paid");
    await download(items[0]!);
    expect(await providerRefunds(order)).toEqual([]);
    expect(await refundEntries(items[0]!.id)).toEqual([]);
    const emails = jobs.emailsTo(order.email);
    expect(emails.map((email) => email.subject)).toEqual([`About your refund request for order ${order.number}`]);
    expect(emails[0]!.text).toContain(REJECTION);
    const page = await loadOrderPage(database.db, {
      secret: TEST_SECRET,
      orderNumber: order.number,
      viewer: {
        userId: null,
        accessToken: orderAccessToken(TEST_SECRET, order.number),
      },
    });
    expect(page.items[0]!.refund).toMatchObject({ status: "rejected", decisionNote: REJECTION });
  });

  it.each([
    ["no reason", ""],
    ["only spaces", "          "],
    ["a reason under 10 characters", "No."],
  ])("refuses a rejection with %s, and leaves the request open", async (_case, note) => {
    const { order, items } = await paidOrderOfNewBuyer();
    const request = await requestFor(order, items[0]!.id);

    expect(await refusalOf(rejectRefund(services, { adminId: ADMIN, requestId: request, note }))).toEqual({
      message: "Tell the buyer why the refund is declined, in at least 10 characters.",
      status: 400,
    });
    expect(await requestRow(request)).toMatchObject({ status: "requested", decisionNote: null, decidedAt: null });
    expect(jobs.emailsTo(order.email)).toEqual([]);
  });
});

describe("a decided request", () => {
  it.each([
    ["approved", "approved again"],
    ["approved", "rejected"],
    ["rejected", "approved"],
    ["rejected", "rejected again"],
  ])("once %s cannot be %s", async (first, second) => {
    const { order, items } = await paidOrderOfNewBuyer();
    const request = await requestFor(order, items[0]!.id);
    const approve = () => approveRefund(services, ADMIN, request);
    const reject = () => rejectRefund(services, { adminId: ADMIN, requestId: request, note: REJECTION });
    await (first === "approved" ? approve() : reject());
    const before = await requestRow(request);

    expect(await refusalOf(second.startsWith("approved") ? approve() : reject())).toEqual({
      message: "This refund request has already been decided.",
      status: 409,
    });
    expect(await requestRow(request)).toEqual(before);
    expect(await providerRefunds(order)).toHaveLength(first === "approved" ? 1 : 0);
    expect(jobs.emailsTo(order.email)).toHaveLength(1);
  });
});

describe("an unknown request", () => {
  it.each([999_999, 0, -1, Number.NaN])("is refused: %s", async (id) => {
    const notFound = { message: "There is no such refund request.", status: 404 };
    expect(await refusalOf(approveRefund(services, ADMIN, id))).toEqual(notFound);
    expect(await refusalOf(rejectRefund(services, { adminId: ADMIN, requestId: id, note: REJECTION }))).toEqual(
      notFound,
    );
  });
});

describe("the refund emails of a signed-in buyer who changed their address since paying", () => {
  it("go to the account's address now, not the one on the order", async () => {
    const { order, items } = await paidOrderOfNewBuyer();
    const accountId = `refund-buyer-${order.id}`;
    await database.db.insert(user).values({ id: accountId, name: "Nia Buyer", email: "nia-now@example.com" });
    await database.db
      .update(orders)
      .set({ userId: accountId, email: "nia-then@example.com" })
      .where(eq(orders.id, order.id));
    const ofAccount = await reloadOrder(database.db, order.id);

    await approveRefund(services, ADMIN, await requestFor(ofAccount, items[0]!.id));
    await rejectRefund(services, {
      adminId: ADMIN,
      requestId: await requestFor(ofAccount, items[1]!.id),
      note: REJECTION,
    });

    expect(jobs.emailsTo("nia-then@example.com")).toEqual([]);
    expect(jobs.emailsTo("nia-now@example.com").map((email) => email.subject)).toEqual([
      `Your refund for order ${order.number} is on its way`,
      `About your refund request for order ${order.number}`,
    ]);
    expect(jobs.emailsTo("nia-now@example.com")[0]!.text).toContain(`/account/orders/${order.number}`);
  });
});
