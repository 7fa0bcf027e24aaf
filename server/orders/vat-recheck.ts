import { and, eq, gt, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { orderItems, orders, vatRefunds } from "../db/schema.ts";
import { issueTaxCreditNote } from "../invoices/invoices.ts";
import { QUEUES } from "../jobs/queue.ts";
import type { TaxSettings } from "../tax/buyer-tax.ts";
import { checkVatNumberAgain, type VatNumberCheck } from "../tax/vat-numbers/vat-number-check.ts";
import { prefixRule } from "../tax/vat-numbers/vat-number-rules.ts";
import type { ViesOptions } from "../tax/vat-numbers/vies-client.ts";
import { buyerAddress } from "./buyer-address.ts";
import type { RefundServices } from "./decide-refund.ts";
import { orderPagePath } from "./order-access.ts";
import type { Order } from "./place-order.ts";
import { refundThroughProvider } from "./refund-item.ts";
import { vatNumberNotRegisteredEmail, vatRefundedEmail } from "./vat-recheck-emails.ts";

// "Check again later" (docs/decisions/058): a paid order whose buyer's VAT number VIES could not
// check at the checkout paid VAT as a consumer's; its number is asked again, every hour for 30 days
// and whenever the buyer asks from the order page. Confirmed, the order's VAT is given back (a
// reverse charge after all); not known, the VAT stays; still no answer, it waits for the next try.
//
// Money moves once, in three steps, each of which a rerun finds done or does again harmlessly:
// 1. one transaction records the answer; a confirmation also writes what is owed (vat_refunds, line
//    by line) and takes that tax off the items, so that a later refund of an item gives back its net
//    alone, whatever happens next;
// 2. the provider refunds what is owed, with a key of the order's own (a retry is the same refund);
// 3. one transaction keeps the provider's refund id (first), issues the credit note of the tax,
//    emails the buyer and marks the order refunded.
// A run that stops between them leaves the refund due: the next run (the hourly job takes due refunds
// of any age) goes on from step 2.

export interface VatRecheckServices extends RefundServices {
  /** Where VIES is asked (config.vies). */
  vies: ViesOptions;
  /** The rate table (each country's reverse-charge mention) and the shop's own country (config.tax). */
  tax: TaxSettings;
}

/** The provider's idempotency key for the refund of an order's VAT: one per order. */
export const vatRefundKey = (orderId: number) => `vat-refund-${orderId}`;

/** How long after the payment the hourly job keeps asking. */
const RECHECK_DAYS = 30;

export type VatRecheckOutcome =
  /** Confirmed, and its VAT given back (now or by an earlier run). */
  | { outcome: "refunded"; amountCents: number }
  /** Confirmed, with no VAT to give back (the shop's own country, or every item refunded already). */
  | { outcome: "confirmed" }
  | { outcome: "not-registered"; message: string }
  /** VIES still could not say: tried again later. */
  | { outcome: "unchecked"; message: string }
  /** No VAT number waiting for a check on this paid order. */
  | { outcome: "nothing to do" };

/**
 * Asks VIES again about the VAT number of the paid order `orderId` while it is unchecked, and
 * carries out what the answer means; finishes a refund of its VAT that a stopped run left due.
 */
export async function recheckOrderVatNumber(
  services: VatRecheckServices,
  orderId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<VatRecheckOutcome> {
  const [order] = await services.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order?.paidAt) return { outcome: "nothing to do" };
  if (order.buyerVatState === "unchecked" && order.buyerVatNumber) {
    const answer = await checkVatNumberAgain(services.vies, { vatNumber: order.buyerVatNumber, signal });
    const recorded = await recordAnswer(services, orderId, answer);
    if (recorded) return recorded;
  }
  return refundDueVat(services, orderId);
}

/**
 * Step 1: the answer appended to the order's evidence, in a transaction with the order locked;
 * null once the number is confirmed (by this answer or a run before it), for the refund to follow.
 */
async function recordAnswer(
  services: VatRecheckServices,
  orderId: number,
  answer: VatNumberCheck,
): Promise<VatRecheckOutcome | null> {
  return services.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (order?.buyerVatState !== "unchecked") {
      // Another run answered meanwhile: what it recorded stands (a confirmation's refund follows).
      return order?.buyerVatState === "confirmed" || order?.buyerVatState === "refunded" ? null : nothing;
    }
    const buyerVatEvidence = [...(order.buyerVatEvidence ?? []), answer];
    const record = (buyerVatState: NonNullable<Order["buyerVatState"]>) =>
      tx.update(orders).set({ buyerVatEvidence, buyerVatState, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
    if (answer.status === "unavailable") {
      await record("unchecked");
      return { outcome: "unchecked", message: answer.message };
    }
    if (answer.status === "invalid") {
      await record("not-registered");
      await services.jobs.send(
        QUEUES.sendEmail,
        vatNumberNotRegisteredEmail({
          ...(await letterFor(tx, services, order)),
          country: prefixRule(order.buyerVatNumber!.slice(0, 2))?.name ?? answer.country,
        }),
        tx,
      );
      return { outcome: "not-registered", message: answer.message };
    }
    await record("confirmed");
    if (!reverseChargeMention(services.tax, order)) return null;
    // The tax of the items not refunded yet: a refunded one gave its tax back with it.
    const lines = await tx
      .select({ orderItemId: orderItems.id, taxCents: orderItems.taxCents })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, "active"), gt(orderItems.taxCents, 0)))
      .orderBy(orderItems.id);
    if (lines.length === 0) return null;
    const amountCents = lines.reduce((sum, line) => sum + line.taxCents, 0);
    await tx.insert(vatRefunds).values({ orderId, amountCents, lines });
    // The sellers' shares are on the net: the tax was never theirs, and their ledger is not touched.
    await tx
      .update(orderItems)
      .set({ taxCents: 0 })
      .where(
        inArray(
          orderItems.id,
          lines.map((line) => line.orderItemId),
        ),
      );
    return null;
  });
}

const nothing: VatRecheckOutcome = { outcome: "nothing to do" };

/** Steps 2 and 3: the VAT owed on a confirmed number given back, once. */
async function refundDueVat(services: VatRecheckServices, orderId: number): Promise<VatRecheckOutcome> {
  const [found] = await services.db
    .select({ due: vatRefunds, order: orders })
    .from(vatRefunds)
    .innerJoin(orders, eq(orders.id, vatRefunds.orderId))
    .where(eq(vatRefunds.orderId, orderId));
  if (!found) {
    const [order] = await services.db
      .select({ state: orders.buyerVatState })
      .from(orders)
      .where(eq(orders.id, orderId));
    return order?.state === "confirmed" ? { outcome: "confirmed" } : nothing;
  }
  const { due, order } = found;
  if (due.refundedAt) return { outcome: "refunded", amountCents: due.amountCents };
  const providerRefundRef = await refundThroughProvider(services.payments, {
    order,
    amountCents: due.amountCents,
    idempotencyKey: vatRefundKey(orderId),
  });

  return services.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    const [still] = await tx.select().from(vatRefunds).where(eq(vatRefunds.orderId, orderId)).for("update");
    // A run at the same moment got the same refund from the provider and recorded it.
    if (!locked || !still || still.refundedAt) return { outcome: "refunded", amountCents: due.amountCents };
    // The money's record first: everything after it follows from it.
    await tx
      .update(vatRefunds)
      .set({ providerRefundRef, refundedAt: sql`now()` })
      .where(eq(vatRefunds.orderId, orderId));
    await issueTaxCreditNote(tx, {
      orderId,
      lines: still.lines,
      supplier: services.invoiceSupplier,
      mention: taxCreditNoteMention(services.tax, locked),
    });
    await tx.update(orders).set({ buyerVatState: "refunded", updatedAt: sql`now()` }).where(eq(orders.id, orderId));
    await services.jobs.send(
      QUEUES.sendEmail,
      vatRefundedEmail({ ...(await letterFor(tx, services, locked)), amountCents: still.amountCents }),
      tx,
    );
    return { outcome: "refunded", amountCents: still.amountCents };
  });
}

/**
 * The mention of the reverse charge where the order's country has one and is not the shop's own
 * (Art. 196 reaches a supplier not established there); null where a confirmed number changes
 * nothing of the VAT.
 */
function reverseChargeMention(tax: TaxSettings, order: Pick<Order, "taxCountry">): string | null {
  if (!order.taxCountry || order.taxCountry === tax.shopCountry) return null;
  return tax.rates.countries[order.taxCountry]?.reverseCharge ?? null;
}

/** What the credit note of the tax says: the reverse charge, and the check after the sale that found it. */
function taxCreditNoteMention(tax: TaxSettings, order: Order): string {
  const confirmed = order.buyerVatEvidence?.findLast((check) => check.status === "valid");
  const proof = confirmed?.consultationNumber ? ` (consultation number ${confirmed.consultationNumber})` : "";
  const when = confirmed ? ` on ${confirmed.checkedAt.slice(0, 10)}` : "";
  return `${reverseChargeMention(tax, order) ?? ""} The buyer's VAT number ${order.buyerVatNumber} was confirmed by VIES${when}${proof}, after the sale: the VAT charged on the invoice is credited.`.trim();
}

async function letterFor(db: Queryable, services: VatRecheckServices, order: Order) {
  return {
    to: await buyerAddress(db, order),
    name: order.customerName,
    shopName: services.shopName,
    orderNumber: order.number,
    vatNumber: order.buyerVatNumber ?? "",
    orderUrl: `${services.publicUrl}${orderPagePath(services.secret, order)}`,
    contactUrl: `${services.publicUrl}/contact`,
  };
}

/**
 * The hourly job: every paid order younger than 30 days whose number is unchecked is asked about
 * again, and every refund a stopped run left due is finished, one order after another. An order
 * that fails (the provider away) is logged and left for the next hour; the others go on.
 */
export async function recheckUncheckedVatNumbers(
  services: VatRecheckServices,
  { now = new Date(), onError }: { now?: Date; onError: (orderId: number, error: unknown) => void },
): Promise<Record<VatRecheckOutcome["outcome"], number>> {
  const since = new Date(now.getTime() - RECHECK_DAYS * 24 * 3600_000);
  const unchecked = await services.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.buyerVatState, "unchecked"), isNotNull(orders.paidAt), gte(orders.paidAt, since)))
    .orderBy(orders.paidAt);
  const due = await services.db
    .select({ id: vatRefunds.orderId })
    .from(vatRefunds)
    .where(isNull(vatRefunds.refundedAt))
    .orderBy(vatRefunds.dueAt);
  const counts = { refunded: 0, confirmed: 0, "not-registered": 0, unchecked: 0, "nothing to do": 0 };
  for (const orderId of new Set([...due, ...unchecked].map((row) => row.id))) {
    try {
      counts[(await recheckOrderVatNumber(services, orderId)).outcome]++;
    } catch (error) {
      onError(orderId, error);
    }
  }
  return counts;
}
