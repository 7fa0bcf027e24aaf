import { escapeHtml } from "./escape-html.ts";
import type { OutgoingEmail } from "./mailer.ts";

/** An email whose point is one link: a greeting, why it was sent, the link, and what to do if unexpected. */
function oneLinkEmail(options: {
  to: string;
  subject: string;
  name: string;
  why: string;
  url: string;
  linkLabel: string;
  unexpected: string;
}): OutgoingEmail {
  const { to, subject, name, why, url, linkLabel, unexpected } = options;
  return {
    to,
    subject,
    text: [`Hi ${name},`, "", why, "", url, "", unexpected].join("\n"),
    html: `<p>Hi ${escapeHtml(name)},</p>
<p>${escapeHtml(why)}</p>
<p><a href="${escapeHtml(url)}">${escapeHtml(linkLabel)}</a></p>
<p>${escapeHtml(unexpected)}</p>`,
  };
}

export function passwordResetEmail(options: {
  to: string;
  name: string;
  url: string;
  shopName: string;
  minutes: number;
}): OutgoingEmail {
  const { shopName, minutes } = options;
  return oneLinkEmail({
    ...options,
    subject: `Reset your ${shopName} password`,
    why: `Someone asked to reset the password of your ${shopName} account. To choose a new password, open this link within ${minutes} minutes:`,
    linkLabel: "Choose a new password",
    unexpected: "The link works once. If you did not ask for it, ignore this email: your password stays as it is.",
  });
}

/** Sent after sign-up and when a user changes their email: the link proves the address is theirs. */
export function confirmEmailAddressEmail(options: {
  to: string;
  name: string;
  url: string;
  shopName: string;
  hours: number;
}): OutgoingEmail {
  const { to, shopName, hours } = options;
  return oneLinkEmail({
    ...options,
    subject: `Confirm your email address for ${shopName}`,
    why: `Please confirm that ${to} is your email address for your ${shopName} account by opening this link within ${hours} hours:`,
    linkLabel: "Confirm my email address",
    unexpected: "If you did not ask for this, ignore this email: nothing changes on any account.",
  });
}
