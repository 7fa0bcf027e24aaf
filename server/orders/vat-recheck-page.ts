import { eq } from "drizzle-orm";
import { formatPrice } from "../../shared/format.ts";
import type { Database } from "../db/client.ts";
import { vatRefunds } from "../db/schema.ts";
import type { VatNumberChecker } from "../tax/vat-numbers/vat-number-check.ts";
import type { Order } from "./place-order.ts";
import { recheckOrderVatNumber, type VatRecheckServices } from "./vat-recheck.ts";

// A business buyer's VAT number on their order's page (docs/decisions/058): where its check stands,
// and "Check my VAT number again", which runs the hourly job's step for this order at once.

/** What the order page's button needs: the refund's services, and where the app asks VIES. */
export type OrderPageVatServices = Omit<VatRecheckServices, "vies"> & { vatNumbers: Pick<VatNumberChecker, "vies"> };

/** A buyer pressing the button again within this time is answered the last try's outcome: VIES is not a free lookup. */
const ASK_AGAIN_AFTER_MS = 60_000;

/** The order's VAT number as its page shows it; null when the buyer gave none. */
export async function vatNumberOnPage(db: Database, order: Order) {
  if (!order.buyerVatNumber || !order.buyerVatState) return null;
  const [refund] =
    order.buyerVatState === "refunded"
      ? await db
          .select({ amountCents: vatRefunds.amountCents, refundedAt: vatRefunds.refundedAt })
          .from(vatRefunds)
          .where(eq(vatRefunds.orderId, order.id))
      : [];
  return {
    number: order.buyerVatNumber,
    state: order.buyerVatState,
    /** An unchecked number of a paid order: the button is offered. */
    canCheckAgain: order.buyerVatState === "unchecked" && order.paidAt !== null,
    /** The VAT given back once the number was confirmed, and when. */
    refund: refund?.refundedAt
      ? { amountCents: refund.amountCents, refundedAt: refund.refundedAt.toISOString() }
      : null,
  };
}

/** "Check my VAT number again": the step of the hourly job for this order, and what to tell the buyer. */
export async function recheckVatNumberFromPage(
  services: OrderPageVatServices,
  order: Order,
  now = new Date(),
): Promise<string> {
  const last = order.buyerVatEvidence?.at(-1);
  if (
    order.buyerVatState === "unchecked" &&
    last?.status === "unavailable" &&
    last.triedAt &&
    now.getTime() - Date.parse(last.triedAt) < ASK_AGAIN_AFTER_MS
  ) {
    return `${last.message} Please try again in a minute.`;
  }
  const done = await recheckOrderVatNumber({ ...services, vies: services.vatNumbers.vies }, order.id);
  switch (done.outcome) {
    case "refunded":
      return `Your VAT number was confirmed: we refunded the VAT, ${formatPrice(done.amountCents)}, to your payment method.`;
    case "confirmed":
      return "Your VAT number was confirmed.";
    case "not-registered":
      return `${done.message} The VAT on this order stays charged.`;
    case "unchecked":
      return `${done.message} We check it again every hour for 30 days after the payment.`;
    case "nothing to do":
      return "This order has no VAT number waiting to be checked.";
  }
}
