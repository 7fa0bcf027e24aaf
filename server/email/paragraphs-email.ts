import { createElement as h } from "react";
import { LinkifiedText, messageHtml, Paragraph } from "./components.ts";
import type { OutgoingEmail } from "./mailer.ts";

/**
 * An email of a few paragraphs (notices to buyers and sellers), as text and as HTML with its web
 * addresses as links. The first paragraph is the greeting: the inbox preview shows the next.
 */
export function paragraphsEmail(to: string, subject: string, paragraphs: string[]): OutgoingEmail {
  return {
    to,
    subject,
    preheader: paragraphs[1] ?? paragraphs[0],
    text: paragraphs.join("\n\n"),
    html: messageHtml(...paragraphs.map((text) => h(Paragraph, null, h(LinkifiedText, { text })))),
  };
}
