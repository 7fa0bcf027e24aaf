import { and, eq, inArray, sql } from "drizzle-orm";
import { formatPrice } from "../../shared/format.ts";
import { REFUND_PROCESSING } from "../../shared/shop-facts.ts";
import { WITHDRAWAL_DAYS } from "../../shared/withdrawal.ts";
import type { WithdrawalRequest } from "../../shared/withdrawal-schema.ts";
import type { Queryable } from "../db/client.ts";
import { downloads, orderItems, orders } from "../db/schema.ts";
import { paragraphsEmail } from "../email/paragraphs-email.ts";
import { QUEUES } from "../jobs/queue.ts";
import { Refusal } from "../lib/refusal.ts";
import { hasConsumerRights } from "./consumer-rights.ts";
import { letterFor, type RefundServices } from "./decide-refund.ts";
import type { Order } from "./place-order.ts";
import { refundAmountOf } from "./refund-amounts.ts";
import { recordItemRefund, refundThroughProvider } from "./refund-item.ts";
import { countOrderLookup } from "./request-order-link.ts";

// An EU consumer's right to withdraw from a purchase (Directive 2011/83/EU, docs/decisions/063): 14
// days from the purchase, lost for a download only once it has started after the buyer's express
// consent and acknowledgement (Art. 16(m)); without that consent it stands, downloaded or not. The
// withdrawal function (Art. 11a, added by Directive 2023/2673) is on the order page and on a public
// page; either answers with a refund of what the right still covers and a confirmation by email.

const DAY_MS = 86_400_000;

/** The last moment the buyer may withdraw; null where there is no right (not an EU consumer, or not paid). */
export function withdrawalDeadline(order: Pick<Order, "taxCountry" | "buyerVatState" | "paidAt">): Date | null {
  if (!hasConsumerRights(order) || !order.paidAt) return null;
  return new Date(order.paidAt.getTime() + WITHDRAWAL_DAYS * DAY_MS);
}

export type WithdrawalStanding =
  | { stands: true; deadline: Date; itemIds: number[] }
  | { stands: false; reason: string | null };

/**
 * Whether the right still stands now, and for which items: every active item without the buyer's
 * consent; with it, those whose files no download has started yet. `reason` says why it does not
 * (null where the buyer never had it).
 */
export async function withdrawalStanding(db: Queryable, order: Order, now = new Date()): Promise<WithdrawalStanding> {
  const deadline = withdrawalDeadline(order);
  if (!deadline) return { stands: false, reason: null };
  if (order.withdrawnAt) return { stands: false, reason: "You withdrew from this purchase." };
  if (order.status !== "paid" && order.status !== "partially_refunded") {
    return { stands: false, reason: "Nothing in this order is left to withdraw from." };
  }
  if (now > deadline) return { stands: false, reason: `The ${WITHDRAWAL_DAYS} days to withdraw have passed.` };
  const active = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), eq(orderItems.status, "active")));
  let itemIds = active.map((item) => item.id);
  if (order.withdrawalConsentAt && itemIds.length > 0) {
    const started = await db
      .selectDistinct({ id: downloads.orderItemId })
      .from(downloads)
      .where(inArray(downloads.orderItemId, itemIds));
    const downloaded = new Set(started.map((row) => row.id));
    itemIds = itemIds.filter((id) => !downloaded.has(id));
  }
  if (itemIds.length === 0) {
    return {
      stands: false,
      reason: "Your downloads have started, and you agreed at checkout that the right to withdraw ends then.",
    };
  }
  return { stands: true, deadline, itemIds };
}

/**
 * Withdraws the buyer from the order: each item the right still covers is refunded through the
 * provider (one idempotency key per item, so a retry never refunds twice) and recorded as refunded,
 * with its credit note; the order keeps when; the buyer gets the confirmation by email. Refused
 * (409) where the right no longer stands, saying why.
 */
export async function withdrawFromOrder(
  services: RefundServices,
  { order, now = new Date() }: { order: Order; now?: Date },
): Promise<{ refundedCents: number }> {
  const standing = await withdrawalStanding(services.db, order, now);
  if (!standing.stands) {
    throw new Refusal(standing.reason ?? "This purchase has no right of withdrawal.", "conflict");
  }
  const items = await services.db.select().from(orderItems).where(inArray(orderItems.id, standing.itemIds));
  for (const item of items) {
    const amountCents = refundAmountOf(item);
    if (amountCents > 0) {
      await refundThroughProvider(services.payments, { order, amountCents, idempotencyKey: `withdrawal-${item.id}` });
    }
  }
  return services.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
    if (locked?.withdrawnAt) throw new Refusal("You withdrew from this purchase.", "conflict");
    let refundedCents = 0;
    for (const item of items) {
      const [current] = await tx
        .select({ status: orderItems.status })
        .from(orderItems)
        .where(eq(orderItems.id, item.id));
      if (current?.status !== "active") continue;
      const amountCents = refundAmountOf(item);
      await recordItemRefund(tx, { jobs: services.jobs, item, amountCents, supplier: services.invoiceSupplier });
      refundedCents += amountCents;
    }
    const [withdrawn] = await tx
      .update(orders)
      .set({ withdrawnAt: now, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id))
      .returning({ withdrawnAt: orders.withdrawnAt });
    const titles = items.map((item) => item.title);
    const letter = await letterFor(tx, { services, order, itemTitle: titles.join(", ") });
    await services.jobs.send(
      QUEUES.sendEmail,
      withdrawalEmail({ ...letter, titles, refundedCents, withdrawnAt: withdrawn!.withdrawnAt! }),
      tx,
    );
    return { refundedCents };
  });
}

/** What the page says once the buyer has withdrawn. */
export function withdrawnMessage(refundedCents: number): string {
  const refund = refundedCents > 0 ? ` We refunded ${formatPrice(refundedCents)}.` : "";
  return `You withdrew from this purchase.${refund} The confirmation is on its way to your email.`;
}

/** The confirmation on a durable medium (Art. 11a(3)): what was withdrawn from, when, and the refund. */
function withdrawalEmail(letter: {
  to: string;
  name: string;
  shopName: string;
  orderNumber: string;
  orderUrl: string;
  titles: string[];
  refundedCents: number;
  withdrawnAt: Date;
}) {
  return paragraphsEmail(letter.to, `You withdrew from order ${letter.orderNumber}`, [
    `Hi ${letter.name},`,
    `We received your withdrawal from order ${letter.orderNumber} on ${letter.withdrawnAt.toISOString().replace("T", " at ").slice(0, 19)} (UTC), for: ${letter.titles.join("; ")}.`,
    letter.refundedCents > 0
      ? `We refunded ${formatPrice(letter.refundedCents)}. The money reaches your original payment method within ${REFUND_PROCESSING}.`
      : "Nothing was paid for these items, so nothing is refunded.",
    "Their files can no longer be downloaded.",
    `Your order: ${letter.orderUrl}`,
    `Thank you for shopping at ${letter.shopName}.`,
  ]);
}

const NO_SUCH_ORDER =
  "We found no paid order with this number and email address. Please check both against your receipt.";

/**
 * The public withdrawal function: the order named by its number and the address it was bought
 * with (counted as the order-link look-up is), withdrawn from as on its page. Refused when nothing
 * matches (404) and, past the limit, 429.
 */
export async function withdrawByLookup(
  services: RefundServices,
  request: WithdrawalRequest,
): Promise<{ refundedCents: number }> {
  await countOrderLookup(services.db, {
    ...request,
    purpose: "withdrawal",
    tooMany: "Too many withdrawal requests for this order or address. Please try again in an hour.",
  });
  const [order] = await services.db
    .select()
    .from(orders)
    .where(and(eq(orders.number, request.orderNumber), sql`lower(${orders.email}) = ${request.email}`));
  if (!order || withdrawalDeadline(order) === null) throw new Refusal(NO_SUCH_ORDER, "not-found");
  return withdrawFromOrder(services, { order });
}
