import { createElement as h } from "react";
import { formatPrice } from "../../shared/format.ts";
import { Button, Link, messageHtml, Note, Paragraph } from "./components.ts";
import { unsubscribeHeaders } from "./email-preferences.ts";
import type { OutgoingEmail } from "./mailer.ts";

export interface CartReminder {
  to: string;
  name: string;
  /** What is in the cart: a product's line or a bundle, what it costs now, and its page. */
  items: { title: string; priceCents: number; url: string }[];
  /** The shop's home: the cart opens from the cart button of any page. */
  shopUrl: string;
  unsubscribeUrl: string;
  shopName: string;
}

/** The one reminder of a cart left for a day: what is in it, with prices and links. */
export function cartReminderEmail(reminder: CartReminder): OutgoingEmail {
  const { items, shopUrl, unsubscribeUrl } = reminder;
  const what =
    items.length === 1
      ? "You left a product in your cart. It is still there when you are ready:"
      : `You left ${items.length} products in your cart. They are still there when you are ready:`;
  const line = (item: CartReminder["items"][number]) => `${item.title} — ${formatPrice(item.priceCents)}`;
  const why = `You get this email once because you left products in your cart at ${reminder.shopName}.`;
  return {
    to: reminder.to,
    subject: "You left something in your cart",
    preheader: items.map((item) => item.title).join(", "),
    text: [
      `Hello ${reminder.name},`,
      what,
      items.map((item) => `- ${line(item)}: ${item.url}`).join("\n"),
      `Open your cart with the cart button at the top of any page: ${shopUrl}`,
      `${why} To stop cart reminders: ${unsubscribeUrl}`,
    ].join("\n\n"),
    html: messageHtml(
      h(Paragraph, null, `Hello ${reminder.name},`),
      h(Paragraph, null, what),
      h(
        "ul",
        { style: { margin: "0 0 16px", paddingLeft: "20px" } },
        ...items.map((item) =>
          h(
            "li",
            { style: { margin: "0 0 8px" } },
            h(Link, { href: item.url }, item.title),
            ` — ${formatPrice(item.priceCents)}`,
          ),
        ),
      ),
      h(Button, { href: shopUrl, label: "Go to the shop" }),
      h(Note, null, "Open your cart with the cart button at the top of any page."),
      h(Note, null, `${why} `, h(Link, { href: unsubscribeUrl }, "Unsubscribe from cart reminders"), "."),
    ),
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}
