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
