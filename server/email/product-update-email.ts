import { createElement as h } from "react";
import { Button, Link, messageHtml, Note, Paragraph } from "./components.ts";
import { unsubscribeHeaders } from "./email-preferences.ts";
import type { OutgoingEmail } from "./mailer.ts";

export interface ProductUpdate {
  to: string;
  productTitle: string;
  creatorName: string;
  /** The file's name now, and the name of the version it replaces (what the buyer has). */
  fileName: string;
  replacedFileName: string;
  version: number;
  /** My Downloads for an account's buyer; a guest's signed order link. */
  downloadsUrl: string;
  /** A guest's order link expires: for how many days it works, and where to ask for a new one. */
  guestLink?: { days: number; newLinkUrl: string };
  /** The page that turns these emails off (one-click too, by List-Unsubscribe-Post). */
  unsubscribeUrl: string;
  shopName: string;
}

/**
 * Tells a buyer that a file they bought has a new version, with the way to download it and the
 * way to stop these emails: a link in the message, and the List-Unsubscribe headers that mail
 * clients show as their own button (RFC 8058: a POST to the address turns them off at once).
 */
export function productUpdateEmail(update: ProductUpdate): OutgoingEmail {
  const { productTitle, creatorName, fileName, replacedFileName, version, downloadsUrl, guestLink, unsubscribeUrl } =
    update;
  // The buyer knows the file by the name they downloaded; a version uploaded under another name says so.
  const renamed = fileName === replacedFileName ? "" : ` It is now named ${fileName}.`;
  const what = `${creatorName} uploaded a new version of ${replacedFileName}, a file of ${productTitle}, which you bought (version ${version} of the file).${renamed}`;
  const free = "It replaces the earlier version, at no cost: download it whenever you like.";
  const linkLabel = guestLink ? "View your order" : "Go to My Downloads";
  const expiry = guestLink
    ? `This link works for ${guestLink.days} days; after that, ask for a new one at ${guestLink.newLinkUrl}`
    : null;
  const why = `You get this email because you bought ${productTitle} at ${update.shopName}.`;
  return {
    to: update.to,
    subject: `Updated: ${productTitle}`,
    preheader: what,
    text: [
      "Hello,",
      what,
      free,
      `${linkLabel}: ${downloadsUrl}`,
      ...(expiry ? [expiry] : []),
      `${why} To stop emails about updates of products you bought: ${unsubscribeUrl}`,
    ].join("\n\n"),
    html: messageHtml(
      h(Paragraph, null, "Hello,"),
      h(Paragraph, null, what),
      h(Paragraph, null, free),
      h(Button, { href: downloadsUrl, label: linkLabel }),
      guestLink
        ? h(
            Note,
            null,
            `This link works for ${guestLink.days} days; after that, ask for a new one at `,
            h(Link, { href: guestLink.newLinkUrl }, guestLink.newLinkUrl),
            ".",
          )
        : null,
      h(Note, null, `${why} `, h(Link, { href: unsubscribeUrl }, "Unsubscribe from product update emails"), "."),
    ),
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}
