import { linkify, paragraph } from "./layout.ts";
import type { OutgoingEmail } from "./mailer.ts";

/**
 * An email of a few paragraphs (notices to buyers and sellers), as text and as escaped HTML with
 * its web addresses as links. The first paragraph is the greeting: the inbox preview shows the next.
 */
export function paragraphsEmail(to: string, subject: string, paragraphs: string[]): OutgoingEmail {
  return {
    to,
    subject,
    preheader: paragraphs[1] ?? paragraphs[0],
    text: paragraphs.join("\n\n"),
    html: paragraphs.map((text) => paragraph(linkify(text))).join("\n"),
  };
}
