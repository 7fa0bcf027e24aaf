import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import type { Logger } from "pino";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { formatDayUtc } from "../../shared/format.ts";
import { createBuyer, createOrder, createProduct } from "../../tests/support/factories.ts";
import { setUpTestDatabase } from "../../tests/support/test-database.ts";
import { parseConfig } from "../config/env.ts";
import { type InvoiceParty, invoiceSeries, invoices, type OrderStatus, orderItems, orders } from "../db/schema.ts";
import { QUEUES, type RunningJobs } from "../jobs/queue.ts";
import { startWorkers } from "../jobs/workers.ts";
import { backfillInvoices } from "./backfill-invoices.ts";
import { invoiceResponse } from "./invoice-download.ts";
import { issueCreditNote, issueInvoice } from "./invoices.ts";

// Orders paid before invoices existed are written as they were then: paid (createOrder), their
// refunds recorded on the items and the order with no credit note, and no invoice.

const database = setUpTestDatabase();
const SUPPLIER: InvoiceParty = { name: "Test Market Ltd", address: ["1 Shop Street", "London"] };
const SECRET = "a-test-secret-of-at-least-32-characters!";
const NOW = new Date();
const DAY = 24 * 3600_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
let productIds: number[] = [];

beforeAll(async () => {
  productIds = await Promise.all(
    [1999, 500].map(async (priceCents) => (await createProduct(database.db, { priceCents })).id),
  );
});

async function paidOrder(days: number) {
  return createOrder(database.db, { productIds, paidAt: daysAgo(days) });
}

/** Refunds items as the shop did before invoices: the items and the order marked, no credit note. */
async function refundBeforeInvoices(orderId: number, refunds: { itemId: number; days: number }[]) {
  for (const { itemId, days } of refunds) {
    await database.db
      .update(orderItems)
      .set({ status: "refunded", refundedAt: daysAgo(days) })
      .where(eq(orderItems.id, itemId));
  }
  const left = await database.db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, "active")));
  const status: OrderStatus = left.length ? "partially_refunded" : "refunded";
  await database.db.update(orders).set({ status }).where(eq(orders.id, orderId));
}

const documentsOf = (orderId: number) =>
  database.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));

async function invoiceNumberOf(orderId: number) {
  const [invoice] = await database.db
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
  return invoice?.number;
}

/** Every number of the series, in order: 1, 2, 3 ... when none was skipped or given twice. */
async function seriesOf(kind: "invoice" | "credit_note") {
  const rows = await database.db
    .select({ number: invoices.number })
    .from(invoices)
    .where(eq(invoices.kind, kind))
    .orderBy(asc(invoices.number));
  return rows.map((row) => row.number);
}
const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

const backfill = (batchSize = 100) => backfillInvoices(database.db, { supplier: SUPPLIER, batchSize, now: NOW });

describe("backfilling the invoices of orders paid before invoices existed", () => {
  it("issues each paid order's invoice in paid order and credits what was refunded back then; leaves the rest; once", async () => {
    // Made in another order than paid: the numbers follow the payments, not the ids.
    const late = await paidOrder(3);
    const early = await paidOrder(20);
    const partial = await paidOrder(10);
    await refundBeforeInvoices(partial.order.id, [{ itemId: partial.items[0]!.id, days: 9 }]);
    const refunded = await paidOrder(5);
    await refundBeforeInvoices(refunded.order.id, [
      { itemId: refunded.items[1]!.id, days: 4.5 },
      { itemId: refunded.items[0]!.id, days: 4 },
    ]);
    const cancelled = await createOrder(database.db, { productIds, status: "cancelled" });
    const pending = await createOrder(database.db, { productIds, status: "pending_payment" });
    // Its receipt job issues its invoice (send-receipt.ts): not the backfill's.
    const recent = await paidOrder(0.1);
    const invoiced = await paidOrder(15);
    await database.db.transaction((tx) => issueInvoice(tx, { orderId: invoiced.order.id, supplier: SUPPLIER }));
    // One item refunded before invoices, the other since: that refund issued the invoice and its own credit note.
    const refundedSince = await paidOrder(12);
    await refundBeforeInvoices(refundedSince.order.id, [{ itemId: refundedSince.items[0]!.id, days: 11 }]);
    await database.db.transaction(async (tx) => {
      await tx
        .update(orderItems)
        .set({ status: "refunded", refundedAt: NOW })
        .where(eq(orderItems.id, refundedSince.items[1]!.id));
      await tx.update(orders).set({ status: "refunded" }).where(eq(orders.id, refundedSince.order.id));
      await issueCreditNote(tx, { orderItemId: refundedSince.items[1]!.id, supplier: SUPPLIER });
    });
    const before = { invoices: await seriesOf("invoice"), creditNotes: await seriesOf("credit_note") };

    expect(await backfill()).toEqual({ invoices: 4, creditNotes: 4 });

    const first = before.invoices.length + 1;
    const inPaidOrder = [early, partial, refunded, late].map(({ order }) => order.id);
    expect(await Promise.all(inPaidOrder.map(invoiceNumberOf))).toEqual([first, first + 1, first + 2, first + 3]);
    expect(await seriesOf("invoice")).toEqual(oneToN(first + 3));
    expect(await seriesOf("credit_note")).toEqual(oneToN(before.creditNotes.length + 4));

    expect((await documentsOf(early.order.id)).map((document) => document.kind)).toEqual(["invoice"]);
    const [partialInvoice, partialNote, ...noMore] = await documentsOf(partial.order.id);
    expect(noMore).toEqual([]);
    expect(partialNote).toMatchObject({
      kind: "credit_note",
      orderItemId: partial.items[0]!.id,
      creditsInvoiceId: partialInvoice!.id,
      grossCents: partial.items[0]!.netCents,
    });
    // Refunded entirely: credit notes in the order of the refunds, which together cancel the invoice.
    const [refundedInvoice, ...refundedNotes] = await documentsOf(refunded.order.id);
    expect(refundedNotes.map((note) => note.orderItemId)).toEqual([refunded.items[1]!.id, refunded.items[0]!.id]);
    expect(refundedNotes[1]!.number).toBe(refundedNotes[0]!.number + 1);
    expect(refundedNotes.reduce((sum, note) => sum + note.grossCents, 0)).toBe(refundedInvoice!.grossCents);
    // The invoice and credit note it had stay; the refund from before gets its credit note.
    const [sinceInvoice, sinceNote, backfilledNote] = await documentsOf(refundedSince.order.id);
    expect(sinceInvoice!.number).toBe(before.invoices.at(-1));
    expect(sinceNote!.orderItemId).toBe(refundedSince.items[1]!.id);
    expect(backfilledNote).toMatchObject({
      orderItemId: refundedSince.items[0]!.id,
      creditsInvoiceId: sinceInvoice!.id,
    });

    for (const leftAlone of [cancelled, pending, recent]) expect(await documentsOf(leftAlone.order.id)).toEqual([]);
    expect(await documentsOf(invoiced.order.id)).toHaveLength(1);

    const all = await database.db.select().from(invoices).orderBy(asc(invoices.id));
    expect(await backfill()).toEqual({ invoices: 0, creditNotes: 0 });
    expect(await database.db.select().from(invoices).orderBy(asc(invoices.id))).toEqual(all);
  });

  it("goes on where a run that stopped halfway through a batch left off, skipping no number and issuing none twice", async () => {
    const made = [
      await paidOrder(36),
      await paidOrder(31),
      await paidOrder(35),
      await paidOrder(34),
      await paidOrder(33),
    ];
    const [a, b, c, d, e] = [0, 2, 3, 4, 1].map((index) => made[index]!.order.id) as [
      number,
      number,
      number,
      number,
      number,
    ];
    // The third of the batch is refunded; its credit note fails as a crash would, after its invoice.
    const third = made[3]!;
    await refundBeforeInvoices(c, [{ itemId: third.items[0]!.id, days: 32 }]);
    const start = (await seriesOf("invoice")).length + 1;
    await database.pool.query(`
      CREATE FUNCTION stop_halfway() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.kind = 'credit_note' AND NEW.order_id = ${c} THEN RAISE EXCEPTION 'stopped halfway'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER stop_halfway BEFORE INSERT ON invoices FOR EACH ROW EXECUTE FUNCTION stop_halfway();
    `);
    try {
      await expect(backfill(3)).rejects.toMatchObject({ cause: { message: "stopped halfway" } });
    } finally {
      await database.pool.query("DROP TRIGGER stop_halfway ON invoices; DROP FUNCTION stop_halfway()");
    }

    expect([await invoiceNumberOf(a), await invoiceNumberOf(b)]).toEqual([start, start + 1]);
    for (const notYet of [c, d, e]) expect(await documentsOf(notYet)).toEqual([]);
    // The stopped order's number was given back with its transaction.
    const [series] = await database.db.select().from(invoiceSeries).where(eq(invoiceSeries.kind, "invoice"));
    expect(series!.nextNumber).toBe(start + 2);

    expect(await backfill(3)).toEqual({ invoices: 3, creditNotes: 1 });
    expect(await Promise.all([a, b, c, d, e].map(invoiceNumberOf))).toEqual(oneToN(5).map((n) => start + n - 1));
    expect(await seriesOf("invoice")).toEqual(oneToN(start + 4));
    expect((await documentsOf(c)).map((document) => document.kind)).toEqual(["invoice", "credit_note"]);
  });
});

describe("a backfilled invoice as PDF", () => {
  it("dates its supply the day the order was paid, and each credit note's refund the day it was refunded", async () => {
    const buyer = await createBuyer(database.db);
    const { order, items } = await createOrder(database.db, { productIds, userId: buyer.id, paidAt: daysAgo(50) });
    await refundBeforeInvoices(order.id, [{ itemId: items[0]!.id, days: 45 }]);
    await backfill();
    const [invoice, note] = await documentsOf(order.id);
    const textOf = async (code: string) => {
      const response = await invoiceResponse(
        { db: database.db, secret: SECRET },
        { orderNumber: order.number, code, viewer: { userId: buyer.id }, orderPageUrl: "/account/orders" },
      );
      const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
      return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, " ");
    };
    const invoiceText = await textOf(invoice!.code);
    expect(invoiceText).toContain(`Date of issue: ${formatDayUtc(invoice!.issuedAt)}`);
    expect(invoiceText).toContain(`Date of supply: ${formatDayUtc(daysAgo(50))}`);
    const noteText = await textOf(note!.code);
    expect(noteText).toContain(`Date of issue: ${formatDayUtc(note!.issuedAt)}`);
    expect(noteText).toContain(`Date of the refund: ${formatDayUtc(daysAgo(45))}`);
  });
});

describe("the backfill job", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "backfill-job-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("runs every night and logs how many documents it issued, and nothing when none", async () => {
    const work = new Map<string, (data: unknown) => Promise<void>>();
    const schedules = new Map<string, string>();
    const jobs = {
      boss: { unschedule: async () => {} },
      send: async () => {},
      sendLater: async () => {},
      schedule: async (name: string, cron: string) => void schedules.set(name, cron),
      work: async (name: string, handler: (data: unknown) => Promise<void>) => void work.set(name, handler),
      stop: async () => {},
    } as unknown as RunningJobs;
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    await startWorkers({
      jobs,
      db: database.db,
      config: parseConfig({ NODE_ENV: "test", SHOP_MODE: "live", DATA_DIR: dataDir }),
      secret: SECRET,
      logger: logger as unknown as Logger,
    });
    expect(schedules.get(QUEUES.backfillInvoices)).toBe("11 3 * * *");

    const { order } = await paidOrder(40);
    await work.get(QUEUES.backfillInvoices)!(null);
    expect(logger.info).toHaveBeenCalledWith(
      "Issued 1 invoices and 0 credit notes of orders paid before invoices existed",
    );
    expect(await documentsOf(order.id)).toHaveLength(1);
    logger.info.mockClear();
    await work.get(QUEUES.backfillInvoices)!(null);
    expect(logger.info).not.toHaveBeenCalled();
    expect(await documentsOf(order.id)).toHaveLength(1);
  });
});
