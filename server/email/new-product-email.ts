import { createElement as h } from "react";
import { formatPrice } from "../../shared/format.ts";
import { Button, Link, messageHtml, Note, Paragraph } from "./components.ts";
import { unsubscribeHeaders } from "./email-preferences.ts";
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
    html: messageHtml(
      h(Paragraph, null, "Hello,"),
      h(Paragraph, null, what),
      h(Paragraph, null, "Price: ", h("strong", null, price)),
      h(Button, { href: productUrl, label: "View the product" }),
      h(Paragraph, null, h(Link, { href: product.creatorUrl }, `More from ${creatorName}`)),
      h(
        Note,
        null,
        `${why} `,
        h(Link, { href: followingUrl }, `Stop emails about ${creatorName}'s new products`),
        " or ",
        h(Link, { href: unsubscribeUrl }, "unsubscribe from all new product emails"),
        ".",
      ),
    ),
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}
