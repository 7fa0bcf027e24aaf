import { formatPrice } from "../../shared/format.ts";
import { escapeHtml } from "../lib/escape-html.ts";
import { unsubscribeHeaders } from "./email-preferences.ts";
import { button, link, note, paragraph } from "./layout.ts";
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
    html: [
      paragraph(`Hello ${escapeHtml(reminder.name)},`),
      paragraph(escapeHtml(what)),
      `<ul style="margin:0 0 16px;padding-left:20px;">${items
        .map(
          (item) =>
            `<li style="margin:0 0 8px;">${link(item.url, escapeHtml(item.title))} — ${escapeHtml(formatPrice(item.priceCents))}</li>`,
        )
        .join("")}</ul>`,
      button(shopUrl, "Go to the shop"),
      note("Open your cart with the cart button at the top of any page."),
      note(`${escapeHtml(why)} ${link(unsubscribeUrl, "Unsubscribe from cart reminders")}.`),
    ].join("\n"),
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}
