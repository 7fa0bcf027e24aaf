import { oneLinkEmail } from "./one-link-email.ts";

// A fresh link to a guest's order, asked for on the order lookup page. Everything in it comes from
// the shop (the order's own number, its link, the shop's name): nothing the requester typed, so
// the form cannot be used to send words of someone's choosing to an address.

export interface OrderLinkLetter {
  to: string;
  shopName: string;
  orderNumber: string;
  /** The order's page, with a link token issued now. */
  orderUrl: string;
  linkDays: number;
}

export const orderLinkEmail = (letter: OrderLinkLetter) =>
  oneLinkEmail({
    to: letter.to,
    subject: `A new link to your ${letter.shopName} order ${letter.orderNumber}`,
    why: `Someone asked for a new link to order ${letter.orderNumber}, bought at ${letter.shopName} with this email address. Here it is; it works for ${letter.linkDays} days:`,
    url: letter.orderUrl,
    linkLabel: "Open your order",
    unexpected: "If you did not ask for it, you can ignore this email: the link was sent only to you.",
  });
