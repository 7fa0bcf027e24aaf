import { escapeHtml } from "../lib/escape-html.ts";
import type { OutgoingEmail } from "./mailer.ts";

// The one layout of every email the shop sends: its name as the brand at the top, the message on a
// white card, a footer that says which shop wrote and why. Email clients ignore style sheets and
// modern layout (Gmail drops <style> in some views, Outlook renders with Word), so it is built of
// tables with inline styles, 600 px wide at most, fluid below; the one media query only narrows the
// padding on phones. Every text from outside (names, titles) is escaped by the email that uses it.

export interface ShopBrand {
  /** SHOP_NAME. */
  name: string;
  /** PUBLIC_URL: the shop's home page. */
  url: string;
}

/** The design system's colours (app/app.css), as literal values: email clients know no variables. */
export const EMAIL_COLOURS = {
  primary: "#6d28d9",
  primaryForeground: "#ffffff",
  foreground: "#0f172a",
  mutedForeground: "#475569",
  muted: "#f1f5f9",
  border: "#e2e8f0",
  background: "#ffffff",
} as const;

// Inter where the reader has it, the system's sans-serif elsewhere (web fonts rarely load in mail).
const FONT = "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const MONO = "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace";

/** A paragraph of the message; `html` is already escaped. */
export const paragraph = (html: string, style = "") =>
  `<p style="margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:24px;color:${EMAIL_COLOURS.foreground};${style}">${html}</p>`;

/** The message's heading. */
export const heading = (text: string) =>
  `<h1 style="margin:0 0 16px;font-family:${FONT};font-size:22px;line-height:30px;font-weight:700;color:${EMAIL_COLOURS.foreground};">${escapeHtml(text)}</h1>`;

/** Smaller, muted text: terms, what to do if the email was unexpected. */
export const note = (html: string) =>
  paragraph(html, `font-size:14px;line-height:20px;color:${EMAIL_COLOURS.mutedForeground};`);

/** A link in the message's text; `style` adds to its own. */
export const link = (url: string, html: string, style = "") =>
  `<a href="${escapeHtml(url)}" style="color:${EMAIL_COLOURS.primary};text-decoration:underline;${style}">${html}</a>`;

/** Text set in monospace, such as a license key. */
export const code = (text: string) =>
  `<code style="font-family:${MONO};font-size:13px;white-space:nowrap;background:${EMAIL_COLOURS.muted};border-radius:4px;padding:1px 4px;">${escapeHtml(text)}</code>`;

/**
 * The message's one action, as a button: a link with padding inside a coloured table cell, which
 * every client shows as a button (Outlook ignores a link's padding, but not the cell's colour).
 */
export const button = (url: string, label: string) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;border-collapse:separate;">
<tr><td align="center" bgcolor="${EMAIL_COLOURS.primary}" style="border-radius:8px;background:${EMAIL_COLOURS.primary};">
<a href="${escapeHtml(url)}" target="_blank" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;line-height:24px;font-weight:600;color:${EMAIL_COLOURS.primaryForeground};text-decoration:none;border-radius:8px;">${escapeHtml(label)}</a>
</td></tr>
</table>`;

/** `text`'s web addresses as links, the rest escaped (for emails written as plain paragraphs). */
export function linkify(text: string): string {
  // An address ends before a space or the punctuation that ends a sentence around it.
  const address = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)']/g;
  let html = "";
  let last = 0;
  for (const match of text.matchAll(address)) {
    html += escapeHtml(text.slice(last, match.index)) + link(match[0], escapeHtml(match[0]));
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

/** The brand at the top: the logo's coloured square with the name's initial, and the name. */
function brandBar(shop: ShopBrand): string {
  const initial = escapeHtml(([...shop.name.trim()][0] ?? "S").toUpperCase());
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0">
<tr>
<td width="32" height="32" align="center" valign="middle" bgcolor="${EMAIL_COLOURS.primary}" style="width:32px;height:32px;border-radius:8px;background:${EMAIL_COLOURS.primary};font-family:${FONT};font-size:16px;line-height:32px;font-weight:700;color:${EMAIL_COLOURS.primaryForeground};">${initial}</td>
<td style="padding-left:10px;font-family:${FONT};font-size:18px;line-height:32px;font-weight:700;"><a href="${escapeHtml(shop.url)}" style="color:${EMAIL_COLOURS.foreground};text-decoration:none;">${escapeHtml(shop.name)}</a></td>
</tr>
</table>`;
}

/** The whole HTML document of an email: `email.html` (its message) inside the shop's layout. */
function emailDocument(shop: ShopBrand, email: Pick<OutgoingEmail, "subject" | "html" | "preheader">): string {
  const host = new URL(shop.url).host;
  // Inbox preview text: shown in the list, hidden in the message (then padded so that the body's
  // own text does not follow it into the preview).
  const preheader = email.preheader
    ? `<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(email.preheader)}${"&#847; &zwnj; &nbsp; ".repeat(20)}</div>`
    : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(email.subject)}</title>
<style>
@media (max-width: 480px) {
  .email-outer { padding: 16px 8px !important; }
  .email-card { padding: 24px 16px 8px !important; }
}
</style>
</head>
<body style="margin:0;padding:0;width:100%;background:${EMAIL_COLOURS.muted};-webkit-text-size-adjust:100%;">
${preheader}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${EMAIL_COLOURS.muted}" style="background:${EMAIL_COLOURS.muted};">
<tr><td align="center" class="email-outer" style="padding:32px 16px;">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;">
<tr><td style="padding:0 8px 16px;">${brandBar(shop)}</td></tr>
<tr><td class="email-card" bgcolor="${EMAIL_COLOURS.background}" style="padding:32px 32px 16px;background:${EMAIL_COLOURS.background};border:1px solid ${EMAIL_COLOURS.border};border-radius:12px;font-family:${FONT};font-size:16px;line-height:24px;color:${EMAIL_COLOURS.foreground};">
${email.html}
</td></tr>
<tr><td style="padding:24px 8px 0;font-family:${FONT};font-size:13px;line-height:20px;color:${EMAIL_COLOURS.mutedForeground};text-align:center;">
Sent by ${escapeHtml(shop.name)} &middot; <a href="${escapeHtml(shop.url)}" style="color:${EMAIL_COLOURS.mutedForeground};text-decoration:underline;">${escapeHtml(host)}</a>
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>`;
}

/** The plain-text part's signature, the same in every email. */
const textSignature = (shop: ShopBrand) => `\n\n-- \n${shop.name}\n${shop.url}`;

/** `email` as it is sent: its message in the shop's layout, its text signed by the shop. */
export function inShopLayout(shop: ShopBrand, email: OutgoingEmail): OutgoingEmail {
  const { preheader: _preheader, ...rest } = email;
  return { ...rest, text: email.text + textSignature(shop), html: emailDocument(shop, email) };
}
