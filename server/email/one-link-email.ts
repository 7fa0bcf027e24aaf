import { createElement as h } from "react";
import { Button, Link, messageHtml, Note, Paragraph } from "./components.ts";
import type { OutgoingEmail } from "./mailer.ts";

/**
 * An email whose point is one link: a greeting, why it was sent, the link as a button (and as an
 * address to copy, for a client that shows no button), and what to do if it was unexpected.
 */
export function oneLinkEmail(options: {
  to: string;
  subject: string;
  /** The account's name, only when its address is confirmed; otherwise a greeting without one. */
  name?: string | null;
  why: string;
  url: string;
  linkLabel: string;
  unexpected: string;
}): OutgoingEmail {
  const { to, subject, name, why, url, linkLabel, unexpected } = options;
  const greeting = name ? `Hi ${name},` : "Hello,";
  return {
    to,
    subject,
    preheader: why,
    text: [greeting, "", why, "", url, "", unexpected].join("\n"),
    html: messageHtml(
      h(Paragraph, null, greeting),
      h(Paragraph, null, why),
      h(Button, { href: url, label: linkLabel }),
      h(
        Note,
        null,
        "If the button does not work, open this address:",
        h("br"),
        // A long one-time address breaks anywhere rather than widen a phone's screen.
        h(Link, { href: url, style: { wordBreak: "break-all" } }, url),
      ),
      h(Note, null, unexpected),
    ),
  };
}
