import { formatPrice } from "../../shared/format.ts";
import { REFUND_PROCESSING } from "../../shared/shop-facts.ts";
import { paragraphsEmail } from "../email/paragraphs-email.ts";

// The buyer's emails when their VAT number, which VIES could not check at the checkout, is checked
// again (server/orders/vat-recheck.ts): confirmed, the VAT is refunded; not known, the VAT stays.

interface VatLetter {
  to: string;
  name: string;
  shopName: string;
  orderNumber: string;
  /** The whole number, prefix first. */
  vatNumber: string;
  /** The order's page (a guest's link carries its access secret). */
  orderUrl: string;
  contactUrl: string;
}

export const vatRefundedEmail = (letter: VatLetter & { amountCents: number }) =>
  paragraphsEmail(letter.to, `The VAT on order ${letter.orderNumber} was refunded`, [
    `Hi ${letter.name},`,
    `VIES, the EU's register of VAT numbers, has now confirmed your VAT number ${letter.vatNumber}. As a business, you account for the VAT on order ${letter.orderNumber} yourself (the reverse charge), so we refunded the VAT you paid on it: ${formatPrice(letter.amountCents)}. The money reaches your original payment method within ${REFUND_PROCESSING}.`,
    "The credit note for it, naming your business and the reverse charge, is on the order's page with the invoice. Your items and their files are not affected.",
    `Your order: ${letter.orderUrl}`,
    `Thank you for shopping at ${letter.shopName}.`,
  ]);

export const vatNumberNotRegisteredEmail = (letter: VatLetter & { country: string }) =>
  paragraphsEmail(letter.to, `About the VAT number on order ${letter.orderNumber}`, [
    `Hi ${letter.name},`,
    `We asked VIES, the EU's register of VAT numbers, again about your VAT number ${letter.vatNumber}: it does not know it as a VAT number registered in ${letter.country}. The VAT you paid on order ${letter.orderNumber} therefore stays charged, as for a consumer.`,
    `If the number is right and newly registered, or you have a question, write to us: ${letter.contactUrl}`,
    `Your order: ${letter.orderUrl}`,
  ]);
