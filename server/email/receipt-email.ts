import { type CSSProperties, createElement as h } from "react";
import { formatDayUtc, formatPrice, taxRowLabel, WAIVED_TAX_LABEL } from "../../shared/format.ts";
import { LICENSE_TIER_NAMES, type LicenseTier, seatsLabel } from "../../shared/license-tiers.ts";
import { MONEY_BACK_GUARANTEE_DAYS } from "../../shared/shop-facts.ts";
import { Button, Code, EMAIL_COLOURS, Heading, Link, messageHtml, Note, Paragraph } from "./components.ts";
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
  /** How the order names its tax ("Tax (8%)", "VAT 19% (Germany)"), and whether its prices included it. */
  taxLabel: string;
  taxIncluded: boolean;
  /** The VAT in the prices a business under a reverse charge did not pay. */
  waivedTaxCents?: number;
  /**
   * An EU consumer's right to withdraw (docs/decisions/063): the consent they gave, word for word
   * and when, confirmed on this durable medium (Art. 16(m)); or, without it, until when the right
   * stands and where to use it.
   */
  withdrawal?: { consentText: string; consentAt: Date } | { deadline: Date; withdrawUrl: string } | null;
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

const SMALL: CSSProperties = { fontSize: "14px", lineHeight: "20px" };

/** An item's row: its title (and bundle), its licence, key and discount; its price on the right. */
function ItemRow({ item }: { item: ReceiptItem }) {
  const cell: CSSProperties = {
    padding: "12px 0",
    borderTop: `1px solid ${EMAIL_COLOURS.border}`,
    verticalAlign: "top",
  };
  const paid = paidOf(item);
  return h(
    "tr",
    null,
    h(
      "td",
      { style: cell },
      h("div", { style: { fontWeight: 600 } }, item.title),
      item.bundleTitle ? h("div", { style: SMALL }, `From the bundle “${item.bundleTitle}”`) : null,
      h(
        "div",
        { style: { marginTop: "4px", ...SMALL, color: EMAIL_COLOURS.mutedForeground } },
        licenseOf(item),
        ...(item.licenseKey ? [h("br"), "Key ", h(Code, null, item.licenseKey)] : []),
        ...(paid ? [h("br"), paid] : []),
      ),
    ),
    h(
      "td",
      { align: "right", style: { ...cell, padding: "12px 0 12px 16px", whiteSpace: "nowrap" } },
      formatPrice(item.lineTotalCents),
    ),
  );
}

/** A row of the totals: the total itself in bold under a rule, the others muted. */
function TotalRow({ label, cents, total }: { label: string; cents: number; total: boolean }) {
  const cell: CSSProperties = total
    ? { padding: "12px 0 4px", borderTop: `2px solid ${EMAIL_COLOURS.foreground}`, fontWeight: 700 }
    : { padding: "4px 0 4px", color: EMAIL_COLOURS.mutedForeground };
  return h(
    "tr",
    null,
    h("td", { style: cell }, label),
    h("td", { align: "right", style: { ...cell, whiteSpace: "nowrap" } }, money(cents)),
  );
}

/**
 * The receipt of a paid order (HTML and text): the way to the downloads first, as a button, then
 * items, licenses, tax and total. The mailer puts the HTML in the shop's layout.
 */
/** What the receipt says of an EU consumer's right to withdraw, or null where they have none. */
function withdrawalNoteOf(withdrawal: Receipt["withdrawal"] | null): string | null {
  if (!withdrawal) return null;
  if ("consentText" in withdrawal) {
    return `On ${formatDayUtc(withdrawal.consentAt)} you agreed: “${withdrawal.consentText}”`;
  }
  return `You may withdraw from this purchase until ${formatDayUtc(withdrawal.deadline)} and get your money back: ${withdrawal.withdrawUrl}`;
}

export function receiptEmail(receipt: Receipt): OutgoingEmail {
  const { items, orderUrl, guestLink } = receipt;
  const expiry = guestLink
    ? `This link works for ${guestLink.days} days; after that, ask for a new one at ${guestLink.newLinkUrl}`
    : null;
  const discount = receipt.discountCents ?? 0;
  const withdrawalNote = withdrawalNoteOf(receipt.withdrawal ?? null);
  // An order of upgrades only has no files of its own: it points to the licence instead.
  const onlyUpgrades = items.length > 0 && items.every((item) => (item.upgradeToSeats ?? null) !== null);
  const totals: [string, number][] = [
    ["Subtotal", receipt.subtotalCents],
    // A minus sign, as the order page shows it.
    ...(discount > 0
      ? [[`Discount${receipt.discountCode ? ` (${receipt.discountCode})` : ""}`, -discount] as [string, number]]
      : []),
    ...(receipt.waivedTaxCents ? [[WAIVED_TAX_LABEL, -receipt.waivedTaxCents] as [string, number]] : []),
    [taxRowLabel(receipt.taxLabel, receipt.taxIncluded), receipt.taxCents],
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
    ...(withdrawalNote ? ["", withdrawalNote] : []),
  ].join("\n");

  const html = messageHtml(
    h(Heading, null, "Thank you for your order!"),
    h(Paragraph, null, receipt.name ? `Hi ${receipt.name},` : "Hello,"),
    h(
      Paragraph,
      null,
      "Here is your receipt for order ",
      h("strong", null, receipt.orderNumber),
      onlyUpgrades
        ? ". Your license has been upgraded: see it on your order page."
        : ". Your files are ready: download them from your order page.",
    ),
    h(Button, { href: orderUrl, label: onlyUpgrades ? "View your order" : "Download your files" }),
    guestLink
      ? h(
          Note,
          null,
          `This link works for ${guestLink.days} days; after that, `,
          h(Link, { href: guestLink.newLinkUrl }, "ask for a new one"),
          ".",
        )
      : null,
    h(
      "table",
      {
        role: "presentation",
        width: "100%",
        cellPadding: 0,
        cellSpacing: 0,
        border: 0,
        style: {
          width: "100%",
          borderCollapse: "collapse",
          margin: "8px 0 24px",
          fontSize: "16px",
          lineHeight: "24px",
        },
      },
      h(
        "tbody",
        null,
        ...items.map((item) => h(ItemRow, { item })),
        h(
          "tr",
          null,
          h("td", { colSpan: 2, style: { paddingTop: "8px", borderTop: `1px solid ${EMAIL_COLOURS.border}` } }),
        ),
        ...totals.map(([label, cents]) => h(TotalRow, { label, cents, total: label === "Total" })),
      ),
    ),
    h(Note, null, h(Link, { href: receipt.licenseUrl }, "License terms"), `. ${GUARANTEE}`),
    withdrawalNote ? h(Note, null, withdrawalNote) : null,
  );
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
