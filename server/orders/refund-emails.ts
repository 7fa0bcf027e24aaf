import { formatPrice } from "../../shared/format.ts";
import { REFUND_PROCESSING } from "../../shared/shop-facts.ts";
import { paragraphsEmail } from "../email/paragraphs-email.ts";

// The buyer's emails about a refund request, one for each decision.

interface RefundLetter {
  to: string;
  name: string;
  shopName: string;
  orderNumber: string;
  itemTitle: string;
  /** The order's page (a guest's link carries its access secret). */
  orderUrl: string;
  contactUrl: string;
}

export const refundApprovedEmail = (letter: RefundLetter & { amountCents: number }) =>
  paragraphsEmail(letter.to, `Your refund for order ${letter.orderNumber} is on its way`, [
    `Hi ${letter.name},`,
    `We approved your refund request for "${letter.itemTitle}" (order ${letter.orderNumber}) and refunded ${formatPrice(letter.amountCents)}, the item and its share of the tax. The money reaches your original payment method within ${REFUND_PROCESSING}.`,
    "The item's files can no longer be downloaded.",
    `Your order: ${letter.orderUrl}`,
    `Thank you for shopping at ${letter.shopName}.`,
  ]);

export const refundRejectedEmail = (letter: RefundLetter & { reason: string }) =>
  paragraphsEmail(letter.to, `About your refund request for order ${letter.orderNumber}`, [
    `Hi ${letter.name},`,
    `We reviewed your refund request for "${letter.itemTitle}" (order ${letter.orderNumber}) and cannot approve it, for this reason:`,
    letter.reason,
    `You keep the item and its files. If you have questions, write to us: ${letter.contactUrl}`,
    `Your order: ${letter.orderUrl}`,
  ]);

/** A paid upgrade the shop could not apply, since the license had changed since it was priced: refunded. */
export const unappliedUpgradeRefundEmail = (letter: RefundLetter & { amountCents: number }) =>
  paragraphsEmail(letter.to, `Your license upgrade in order ${letter.orderNumber} was refunded`, [
    `Hi ${letter.name},`,
    `Your payment for the license upgrade of "${letter.itemTitle}" (order ${letter.orderNumber}) arrived after the license had changed: another upgrade was applied to it first, or it was refunded. The upgrade was priced for the license as it was before, so we did not apply it and refunded ${formatPrice(letter.amountCents)}, the upgrade and its tax. The money reaches your original payment method within ${REFUND_PROCESSING}.`,
    "Your license stays as it is. To upgrade it further, open the order it came with: the price there is worked out from what the license has now.",
    `The upgrade's order: ${letter.orderUrl}`,
    `If you have questions, write to us: ${letter.contactUrl}`,
  ]);
