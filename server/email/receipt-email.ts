import { formatPrice } from "../../app/lib/format.ts";
import { escapeHtml } from "./escape-html.ts";
import type { OutgoingEmail } from "./mailer.ts";

export interface ReceiptItem {
  title: string;
  quantity: number;
  lineTotalCents: number;
  licenseType: string;
  licenseKey: string | null;
}

export interface Receipt {
  to: string;
  /** Only for an account's confirmed address: a guest's typed name is never sent to the address they typed. */
  name?: string;
  shopName: string;
  orderNumber: string;
  items: ReceiptItem[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** The order page, where every file has its download link (made fresh each time it opens). */
  orderUrl: string;
  /** A guest's link expires: for how many days it works, and where to ask for a new one. */
  guestLink?: { days: number; newLinkUrl: string };
  licenseUrl: string;
}

const licenseName = (type: string) => `${type[0]!.toUpperCase()}${type.slice(1)} license`;

/** The receipt of a paid order (HTML and text): items, tax, total, licenses and the way to the downloads. */
export function receiptEmail(receipt: Receipt): OutgoingEmail {
  const { items, orderUrl, guestLink } = receipt;
  const expiry = guestLink
    ? `This link works for ${guestLink.days} days; after that, ask for a new one at ${guestLink.newLinkUrl}`
    : null;
  const totals: [string, number][] = [
    ["Subtotal", receipt.subtotalCents],
    ["Tax (8%)", receipt.taxCents],
    ["Total", receipt.totalCents],
  ];
  const text = [
    receipt.name ? `Hi ${receipt.name},` : "Hello,",
    "",
    `Thank you for your order! Here is your receipt for order ${receipt.orderNumber}.`,
    "",
    ...items.flatMap((item) => [
      `${item.title} x ${item.quantity}: ${formatPrice(item.lineTotalCents)}`,
      `  ${licenseName(item.licenseType)}${item.licenseKey ? `, key ${item.licenseKey}` : ""}`,
    ]),
    "",
    ...totals.map(([label, cents]) => `${label}: ${formatPrice(cents)}`),
    "",
    "Download your files from your order page:",
    orderUrl,
    ...(expiry ? [expiry] : []),
    "",
    `License terms: ${receipt.licenseUrl}`,
    "Money-back guarantee: you can ask for a refund from the order page within 30 days.",
  ].join("\n");

  const row = (cells: string[], bold = false) =>
    `<tr>${cells.map((cell, i) => `<td style="padding:6px 8px;${i > 0 ? "text-align:right;" : ""}${bold ? "font-weight:600;" : ""}">${cell}</td>`).join("")}</tr>`;
  const html = `<p>${receipt.name ? `Hi ${escapeHtml(receipt.name)},` : "Hello,"}</p>
<p>Thank you for your order! Here is your receipt for order <strong>${escapeHtml(receipt.orderNumber)}</strong>.</p>
<table style="border-collapse:collapse;min-width:320px">
${items
  .map((item) =>
    row([
      `${escapeHtml(item.title)} &times; ${item.quantity}<br><small>${escapeHtml(licenseName(item.licenseType))}${
        item.licenseKey ? `, key <code>${escapeHtml(item.licenseKey)}</code>` : ""
      }</small>`,
      formatPrice(item.lineTotalCents),
    ]),
  )
  .join("\n")}
${totals.map(([label, cents]) => row([label, formatPrice(cents)], label === "Total")).join("\n")}
</table>
<p><a href="${escapeHtml(orderUrl)}">Download your files</a> from your order page.${
    guestLink
      ? ` This link works for ${guestLink.days} days; after that, <a href="${escapeHtml(guestLink.newLinkUrl)}">ask for a new one</a>.`
      : ""
  }</p>
<p><small><a href="${escapeHtml(receipt.licenseUrl)}">License terms</a>. Money-back guarantee: you can ask for a refund from the order page within 30 days.</small></p>`;
  return { to: receipt.to, subject: `Your ${receipt.shopName} receipt for order ${receipt.orderNumber}`, text, html };
}
