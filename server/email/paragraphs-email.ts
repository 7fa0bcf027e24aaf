import { escapeHtml } from "./escape-html.ts";
import type { OutgoingEmail } from "./mailer.ts";

/** A plain email of a few paragraphs, as text and as escaped HTML (notices to buyers and sellers). */
export function paragraphsEmail(to: string, subject: string, paragraphs: string[]): OutgoingEmail {
  return {
    to,
    subject,
    text: paragraphs.join("\n\n"),
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n"),
  };
}
