import { createElement as h } from "react";
import type { BroadcastAudience } from "../../shared/broadcast-schema.ts";
import { Link, LinkifiedText, messageHtml, Note, Paragraph } from "../email/components.ts";
import type { OutgoingEmail } from "../email/mailer.ts";

export interface BroadcastMessage {
  to: string;
  subject: string;
  /** Plain text as the seller wrote it: paragraphs apart by a blank line. */
  body: string;
  audience: BroadcastAudience;
  creatorName: string;
  /** The creator's page in the shop. */
  creatorUrl: string;
  /** The page that turns broadcasts off for this address (one-click too, by List-Unsubscribe-Post). */
  unsubscribeUrl: string;
  shopName: string;
}

/** The creator's page in the shop, which the email links its sender's name to. */
export const creatorPageUrl = (publicUrl: string, slug: string) => `${publicUrl}/creator/${encodeURIComponent(slug)}`;

/** The seller's text as paragraphs: a blank line starts one, a single line break stays one. */
function broadcastParagraphs(body: string): string[] {
  return body
    .replaceAll("\r\n", "\n")
    .split(/\n[ \t]*\n/)
    .map((text) => text.trim())
    .filter(Boolean);
}

/**
 * A seller's broadcast as the recipient gets it; also what the seller's preview shows (the same
 * function, so the preview cannot drift from the email). The seller's words are escaped, their
 * line breaks kept and their web addresses made links; who sent it and why the recipient gets it
 * close the message, with the way to stop these emails: a link, and the List-Unsubscribe headers
 * that mail clients show as their own button (RFC 8058: a POST to the address turns them off at once).
 */
export function broadcastEmail(message: BroadcastMessage): OutgoingEmail {
  const { creatorName, shopName, unsubscribeUrl } = message;
  const paragraphs = broadcastParagraphs(message.body);
  const why =
    message.audience === "followers"
      ? `You get this email because you follow ${creatorName} at ${shopName}.`
      : `You get this email because you bought from ${creatorName} at ${shopName} and agreed to hear from its creators.`;
  const from = `A message from ${creatorName}`;
  return {
    to: message.to,
    subject: message.subject,
    preheader: paragraphs[0],
    text: [
      `${from} (${message.creatorUrl}):`,
      ...paragraphs,
      `${why} To stop emails from creators: ${unsubscribeUrl}`,
    ].join("\n\n"),
    html: messageHtml(
      h(Note, null, h(Link, { href: message.creatorUrl }, from), ":"),
      ...paragraphs.map((text) => h(Paragraph, null, h(LinkifiedText, { text }))),
      h(Note, null, `${why} `, h(Link, { href: unsubscribeUrl }, "Unsubscribe from creators' emails"), "."),
    ),
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
