import { paragraphsEmail } from "../email/paragraphs-email.ts";

/** Tells a reviewer that the seller replied to their review: the reply, and the way to it. */
export function replyEmail(letter: {
  to: string;
  name: string;
  creatorName: string;
  productTitle: string;
  reply: string;
  link: string;
  marketName: string;
}) {
  return paragraphsEmail(letter.to, `${letter.creatorName} replied to your review of "${letter.productTitle}"`, [
    `Hi ${letter.name},`,
    `${letter.creatorName} replied to your review of "${letter.productTitle}" on ${letter.marketName}:`,
    letter.reply,
    `Read it with your review: ${letter.link}`,
  ]);
}
