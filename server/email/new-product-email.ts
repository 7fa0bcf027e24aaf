import { formatPrice } from "../../shared/format.ts";
import { escapeHtml } from "../lib/escape-html.ts";
import { unsubscribeHeaders } from "./email-preferences.ts";
import { button, link, note, paragraph } from "./layout.ts";
import type { OutgoingEmail } from "./mailer.ts";

export interface NewProduct {
  to: string;
  productTitle: string;
  priceCents: number;
  /** A pay-what-you-want product's price is the least a buyer pays. */
  payWhatYouWant: boolean;
  productUrl: string;
  creatorName: string;
  creatorUrl: string;
  /** The account's Following page, where this creator's emails are turned off alone. */
  followingUrl: string;
  /** The page that turns all new-product emails off (one-click too, by List-Unsubscribe-Post). */
  unsubscribeUrl: string;
  shopName: string;
}

/** Tells a follower that a creator they follow (and asked to hear from) published a product. */
export function newProductEmail(product: NewProduct): OutgoingEmail {
  const { productTitle, creatorName, productUrl, unsubscribeUrl, followingUrl } = product;
  const price = product.payWhatYouWant
    ? `Pay what you want, from ${formatPrice(product.priceCents)}`
    : formatPrice(product.priceCents);
  const what = `${creatorName} published a new product: ${productTitle}.`;
  const why = `You get this email because you follow ${creatorName} at ${product.shopName} and chose to hear when they publish.`;
  return {
    to: product.to,
    subject: `New from ${creatorName}: ${productTitle}`,
    preheader: `${productTitle} · ${price}`,
    text: [
      "Hello,",
      what,
      `Price: ${price}`,
      `View it: ${productUrl}`,
      `More from ${creatorName}: ${product.creatorUrl}`,
      `${why} To stop emails about ${creatorName}'s new products: ${followingUrl}`,
      `To stop all emails about new products: ${unsubscribeUrl}`,
    ].join("\n\n"),
    html: [
      paragraph("Hello,"),
      paragraph(escapeHtml(what)),
      paragraph(`Price: <strong>${escapeHtml(price)}</strong>`),
      button(productUrl, "View the product"),
      paragraph(link(product.creatorUrl, `More from ${escapeHtml(creatorName)}`)),
      note(
        `${escapeHtml(why)} ${link(followingUrl, `Stop emails about ${escapeHtml(creatorName)}'s new products`)} or ${link(unsubscribeUrl, "unsubscribe from all new product emails")}.`,
      ),
    ].join("\n"),
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}
