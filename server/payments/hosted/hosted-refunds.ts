import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { formatPrice } from "../../../shared/format.ts";
import type { Database } from "../../db/client.ts";
import { hostedPaymentRefunds, hostedPaymentSessions } from "../../db/schema.ts";
import { type Refund, RefundRefused, type RefundRequest } from "../provider.ts";

// Refunds on the hosted payment page, made the way a provider makes them: never more than the
// session's payment in total, and a retried request (same idempotency key) gets the first refund
// back. The session row is locked, so refunds of one payment are made one after another.

export async function refundHostedPayment(
  db: Database,
  request: Pick<RefundRequest, "reference" | "sessionRef" | "amountCents" | "idempotencyKey">,
): Promise<Refund> {
  const { amountCents, idempotencyKey } = request;
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(hostedPaymentSessions)
      .where(eq(hostedPaymentSessions.id, request.sessionRef))
      .for("update");
    if (!session || session.reference !== request.reference) {
      throw new RefundRefused(`No such payment: '${request.sessionRef}'`);
    }
    const [earlier] = await tx
      .select()
      .from(hostedPaymentRefunds)
      .where(eq(hostedPaymentRefunds.idempotencyKey, idempotencyKey));
    if (earlier) {
      if (earlier.sessionId !== session.id || earlier.amountCents !== amountCents) {
        throw new RefundRefused(`The idempotency key '${idempotencyKey}' was already used for another refund.`);
      }
      return { ref: earlier.id };
    }
    if (session.status !== "paid")
      throw new RefundRefused("This payment was never completed: there is nothing to refund.");
    if (!Number.isSafeInteger(amountCents) || amountCents < 1) {
      throw new RefundRefused("The refund amount must be a whole number of cents, at least 1.");
    }
    const [refunded] = await tx
      .select({ cents: sql<number>`coalesce(sum(${hostedPaymentRefunds.amountCents}), 0)::int` })
      .from(hostedPaymentRefunds)
      .where(eq(hostedPaymentRefunds.sessionId, session.id));
    const left = session.amountCents - (refunded?.cents ?? 0);
    if (left === 0) throw new RefundRefused("This payment has already been refunded in full.");
    if (amountCents > left) {
      throw new RefundRefused(
        `Refund amount (${formatPrice(amountCents)}) is greater than what is left of the payment (${formatPrice(left)}).`,
      );
    }
    const id = `hpr_${crypto.randomBytes(18).toString("base64url")}`;
    await tx.insert(hostedPaymentRefunds).values({ id, sessionId: session.id, amountCents, idempotencyKey });
    return { ref: id };
  });
}
