import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orders, paymentEvents } from "../db/schema.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { fulfilOrder } from "../orders/fulfil-order.ts";
import { ENDED_UNPAID, isUnpaid, UNPAID } from "../orders/order-status.ts";
import { type PlaceOfSupply, withCardCountry } from "../tax/place-of-supply.ts";
import type { PaymentEvent, ProviderName } from "./provider.ts";

export interface ReceivedEvent {
  /** False when this event was already received: nothing was done again. */
  firstTime: boolean;
  outcome: string;
}

// A payment for an order that has expired or was cancelled is still delivered: the buyer paid this
// order's total for these items (a race with the cancel, or a delayed bank payment), and a shop
// never keeps money for nothing (docs/decisions/011-payments-and-fulfilment.md).
const PAYABLE = new Set<string>([...UNPAID, ...ENDED_UNPAID]);

/**
 * Applies one verified provider event, exactly once. The event is recorded and applied in one
 * transaction; its (provider, id) pair is unique, so a redelivery (even a concurrent one, which
 * waits for the first to commit) finds it recorded and changes nothing. The order's row is locked
 * while its state moves, so events for one order apply one after another, in any order they come:
 * a late failure or expiry never undoes a payment.
 */
export async function receivePaymentEvent(
  db: Database,
  { jobs, provider, event }: { jobs: JobQueue; provider: ProviderName; event: PaymentEvent },
): Promise<ReceivedEvent> {
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ provider, eventId: event.id, type: event.type, payload: event, outcome: "received" })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) return { firstTime: false, outcome: "already received" };

    const record = (outcome: string, orderId: number | null = null) =>
      tx.update(paymentEvents).set({ outcome, orderId }).where(eq(paymentEvents.id, recorded.id));

    if (event.type === "other") {
      await record("ignored");
      return { firstTime: true, outcome: "ignored" };
    }
    const [order] = await tx.select().from(orders).where(eq(orders.number, event.reference)).for("update");
    // The session must be the one this order started with this provider (a session whose id the
    // shop never stored, because it stopped right after creating it, still names the order).
    if (
      !order ||
      (order.paymentProvider !== null && order.paymentProvider !== provider) ||
      (order.paymentRef !== null && order.paymentRef !== event.sessionRef)
    ) {
      await record("ignored: no such order or session", order?.id ?? null);
      return { firstTime: true, outcome: "ignored: no such order or session" };
    }

    let outcome: string;
    if (event.type === "payment_succeeded") {
      if (event.amountCents !== order.totalCents || event.currency.toLowerCase() !== order.currency) {
        outcome = `refused: paid ${event.amountCents} ${event.currency}, order total ${order.totalCents} ${order.currency}`;
      } else if (!PAYABLE.has(order.status)) {
        outcome = "ignored: already paid";
      } else {
        await tx
          .update(orders)
          .set({
            paymentProvider: provider,
            paymentRef: event.sessionRef,
            // The captured payment (Stripe's PaymentIntent) is what a refund names later.
            paymentCaptureRef: event.captureRef ?? null,
            ...taxEvidenceWithCard(order.taxEvidence, event.cardCountry),
          })
          .where(eq(orders.id, order.id));
        await fulfilOrder(tx, jobs, order);
        outcome = "paid";
      }
    } else if (!isUnpaid(order.status)) {
      outcome = `ignored: order is ${order.status}`;
    } else if (event.type === "payment_failed") {
      await tx
        .update(orders)
        .set({ status: "failed", failureReason: event.reason, updatedAt: sql`now()` })
        .where(eq(orders.id, order.id));
      outcome = "failed";
    } else {
      await tx.update(orders).set({ status: "expired", updatedAt: sql`now()` }).where(eq(orders.id, order.id));
      outcome = "expired";
    }
    await record(outcome, order.id);
    return { firstTime: true, outcome };
  });
}

/**
 * The order's evidence of where the buyer lives with the card's country added (by-location orders
 * only: a flat-rate order keeps none), as columns to set; nothing when the payment reported no card.
 * Only the evidence changes: the tax was charged, and paid, by the country the buyer chose.
 */
function taxEvidenceWithCard(
  place: PlaceOfSupply | null,
  cardCountry: string | null | undefined,
): { taxEvidence?: PlaceOfSupply } {
  if (!place || place.status === "conflict" || cardCountry == null) return {};
  return { taxEvidence: withCardCountry(place, cardCountry) };
}
