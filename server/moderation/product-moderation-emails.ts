import { paragraphsEmail } from "../email/paragraphs-email.ts";

// The emails a seller gets when the platform hides one of their products, and when it restores it.

export interface ModerationLetter {
  to: string;
  name: string;
  productId: number;
  title: string;
  marketName: string;
  publicUrl: string;
}

export const productHiddenEmail = (letter: ModerationLetter & { note: string }) =>
  paragraphsEmail(letter.to, `Your product "${letter.title}" was taken off ${letter.marketName}`, [
    `Hi ${letter.name},`,
    `Our team has hidden your product "${letter.title}": it no longer shows in the shop and cannot be bought. Those who bought it keep their downloads. The reason:`,
    letter.note,
    `You can read this note with the product in your Seller Dashboard: ${letter.publicUrl}/seller/products/${letter.productId}. Once it is addressed, reply through ${letter.publicUrl}/contact and we will look at it again.`,
  ]);

export const productRestoredEmail = (letter: ModerationLetter) =>
  paragraphsEmail(letter.to, `Your product "${letter.title}" is back on ${letter.marketName}`, [
    `Hi ${letter.name},`,
    `Good news: our team has restored your product "${letter.title}". It is on sale again: ${letter.publicUrl}/product/${letter.productId}`,
  ]);
