import { formatPrice } from "../../shared/format.ts";
import { LICENSE_TIER_NAMES, type LicenseTier, seatsLabel } from "../../shared/license-tiers.ts";
import { MONEY_BACK_GUARANTEE_DAYS, TAX_LABEL } from "../../shared/shop-facts.ts";
import { escapeHtml } from "../lib/escape-html.ts";
import { button, code, EMAIL_COLOURS, heading, link, note, paragraph } from "./layout.ts";
import type { OutgoingEmail } from "./mailer.ts";

interface ReceiptItem {
  title: string;
  /** The seats of its licence. */
  quantity: number;
  lineTotalCents: number;
  /** The line's part of the order's discount: what was paid for it is the rest. */
  discountCents?: number;
  licenseType: LicenseTier;
  licenseKey: string | null;
  /** An upgrade's line: the seats it moves its licence to (its quantity is 1). */
  upgradeToSeats?: number | null;
  /** The bundle the item was bought in. */
  bundleTitle?: string | null;
}

export interface Receipt {
  to: string;
  /** Only for an account's confirmed address: a guest's typed name is never sent to the address they typed. */
  name?: string;
  shopName: string;
  orderNumber: string;
  items: ReceiptItem[];
  subtotalCents: number;
  /** What the discount code took off the subtotal, and the code; tax is on the rest. */
  discountCents?: number;
  discountCode?: string | null;
  taxCents: number;
  totalCents: number;
  /** The order page, where every file has its download link (made fresh each time it opens). */
  orderUrl: string;
  /** A guest's link expires: for how many days it works, and where to ask for a new one. */
  guestLink?: { days: number; newLinkUrl: string };
  licenseUrl: string;
}

/** An amount of the totals; a discount (negative) with a minus sign: "−$6.00". */
const money = (cents: number) => (cents < 0 ? `\u2212${formatPrice(-cents)}` : formatPrice(cents));

const GUARANTEE = `Money-back guarantee: you can ask for a refund from the order page within ${MONEY_BACK_GUARANTEE_DAYS} days.`;

/**
 * "Commercial license · 2 seats": what a line bought (its quantity is the licence's seats), or
 * "License upgrade: Extended license · 3 seats" for an upgrade's line.
 */
function licenseOf(item: ReceiptItem) {
  const upgrade = item.upgradeToSeats ?? null;
  const license = `${LICENSE_TIER_NAMES[item.licenseType]} license · ${seatsLabel(upgrade ?? item.quantity)}`;
  return upgrade === null ? license : `License upgrade: ${license}`;
}

/** "You paid $35.99 ($4.00 off)" for a discounted line; nothing otherwise. */
function paidOf(item: ReceiptItem): string | null {
  const discount = item.discountCents ?? 0;
  if (discount === 0) return null;
  return `You paid ${formatPrice(item.lineTotalCents - discount)} (${formatPrice(discount)} off)`;
}

/**
 * The receipt of a paid order (HTML and text): the way to the downloads first, as a button, then
 * items, licenses, tax and total. The mailer puts the HTML in the shop's layout.
 */
export function receiptEmail(receipt: Receipt): OutgoingEmail {
  const { items, orderUrl, guestLink } = receipt;
  const expiry = guestLink
    ? `This link works for ${guestLink.days} days; after that, ask for a new one at ${guestLink.newLinkUrl}`
    : null;
  const discount = receipt.discountCents ?? 0;
  // An order of upgrades only has no files of its own: it points to the licence instead.
  const onlyUpgrades = items.length > 0 && items.every((item) => (item.upgradeToSeats ?? null) !== null);
  const totals: [string, number][] = [
    ["Subtotal", receipt.subtotalCents],
    // A minus sign, as the order page shows it.
    ...(discount > 0
      ? [[`Discount${receipt.discountCode ? ` (${receipt.discountCode})` : ""}`, -discount] as [string, number]]
      : []),
    [TAX_LABEL, receipt.taxCents],
    ["Total", receipt.totalCents],
  ];
  const text = [
    receipt.name ? `Hi ${receipt.name},` : "Hello,",
    "",
    `Thank you for your order! Here is your receipt for order ${receipt.orderNumber}.`,
    "",
    ...items.flatMap((item) => [
      `${item.title}: ${formatPrice(item.lineTotalCents)}`,
      ...(item.bundleTitle ? [`  From the bundle “${item.bundleTitle}”`] : []),
      `  ${licenseOf(item)}${item.licenseKey ? `, key ${item.licenseKey}` : ""}`,
      ...(paidOf(item) ? [`  ${paidOf(item)}`] : []),
    ]),
    "",
    ...totals.map(([label, cents]) => `${label}: ${money(cents)}`),
    "",
    onlyUpgrades
      ? "Your license has been upgraded. See it on your order page:"
      : "Download your files from your order page:",
    orderUrl,
    ...(expiry ? [expiry] : []),
    "",
    `License terms: ${receipt.licenseUrl}`,
    GUARANTEE,
  ].join("\n");

  const lines = items
    .map(
      (item) => `<tr>
<td style="padding:12px 0;border-top:1px solid ${EMAIL_COLOURS.border};vertical-align:top;">
<div style="font-weight:600;">${escapeHtml(item.title)}</div>${
        item.bundleTitle
          ? `<div style="font-size:14px;line-height:20px;">From the bundle “${escapeHtml(item.bundleTitle)}”</div>`
          : ""
      }
<div style="margin-top:4px;font-size:14px;line-height:20px;color:${EMAIL_COLOURS.mutedForeground};">${escapeHtml(licenseOf(item))}${
        item.licenseKey ? `<br>Key ${code(item.licenseKey)}` : ""
      }${paidOf(item) ? `<br>${escapeHtml(paidOf(item)!)}` : ""}</div>
</td>
<td align="right" style="padding:12px 0 12px 16px;border-top:1px solid ${EMAIL_COLOURS.border};vertical-align:top;white-space:nowrap;">${formatPrice(item.lineTotalCents)}</td>
</tr>`,
    )
    .join("\n");
  const totalRows = totals
    .map(([label, cents]) => {
      const total = label === "Total";
      const cell = `padding:${total ? "12px" : "4px"} 0 4px;${total ? `border-top:2px solid ${EMAIL_COLOURS.foreground};font-weight:700;` : `color:${EMAIL_COLOURS.mutedForeground};`}`;
      return `<tr><td style="${cell}">${escapeHtml(label)}</td><td align="right" style="${cell}white-space:nowrap;">${money(cents)}</td></tr>`;
    })
    .join("\n");
  const html = [
    heading("Thank you for your order!"),
    paragraph(receipt.name ? `Hi ${escapeHtml(receipt.name)},` : "Hello,"),
    paragraph(
      `Here is your receipt for order <strong>${escapeHtml(receipt.orderNumber)}</strong>. ${
        onlyUpgrades
          ? "Your license has been upgraded: see it on your order page."
          : "Your files are ready: download them from your order page."
      }`,
    ),
    button(orderUrl, onlyUpgrades ? "View your order" : "Download your files"),
    guestLink
      ? note(
          `This link works for ${guestLink.days} days; after that, ${link(guestLink.newLinkUrl, "ask for a new one")}.`,
        )
      : "",
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse;margin:8px 0 24px;font-size:16px;line-height:24px;">
${lines}
<tr><td colspan="2" style="padding-top:8px;border-top:1px solid ${EMAIL_COLOURS.border};"></td></tr>
${totalRows}
</table>`,
    note(`${link(receipt.licenseUrl, "License terms")}. ${GUARANTEE}`),
  ].join("\n");
  return {
    to: receipt.to,
    subject: `Your ${receipt.shopName} receipt for order ${receipt.orderNumber}`,
    preheader: `Order ${receipt.orderNumber}: ${formatPrice(receipt.totalCents)}. ${
      onlyUpgrades ? "Your license has been upgraded." : "Your files are ready to download."
    }`,
    text,
    html,
  };
}
