import type { OutgoingEmail } from "./mailer.ts";
import { oneLinkEmail } from "./one-link-email.ts";
import { paragraphsEmail } from "./paragraphs-email.ts";

// The account emails. Anyone can make the shop write to an address nobody has confirmed (sign up
// with it, or ask to move an account to it), so those emails carry no text a visitor chose (a
// name, a message): only the shop's own words, its name, the address itself and the link. A name
// appears only in emails to an address its account has confirmed.

/** `name` only for an account whose address is confirmed (see above). */
export function passwordResetEmail(options: {
  to: string;
  name?: string | null;
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

/**
 * Sent after sign-up (the link confirms the address and signs in) and when a user asks to move
 * their account to a new address (the link makes the change). Never names the account.
 */
export function confirmEmailAddressEmail(options: {
  to: string;
  url: string;
  shopName: string;
  hours: number;
  purpose: "new-account" | "change-address";
}): OutgoingEmail {
  const { to, url, shopName, hours, purpose } = options;
  const why =
    purpose === "new-account"
      ? `Please confirm that ${to} is your email address for your new ${shopName} account by opening this link within ${hours} hours. It also signs you in:`
      : `Please confirm that ${to} is the new email address of your ${shopName} account by opening this link within ${hours} hours. Your address changes when you open it:`;
  return oneLinkEmail({
    to,
    url,
    subject: `Confirm your email address for ${shopName}`,
    why,
    linkLabel: "Confirm my email address",
    unexpected: "The link works once. If you did not ask for this, ignore this email: nothing changes on any account.",
  });
}

/**
 * Sent to the owner of an address when someone signs up with it again: the sign-up form gives
 * everyone the same answer, so the owner hears it here. Nothing the requester typed is in it.
 */
export function existingAccountSignUpEmail(options: {
  to: string;
  shopName: string;
  signInUrl: string;
  resetUrl: string;
}): OutgoingEmail {
  const { to, shopName, signInUrl, resetUrl } = options;
  const paragraphs = [
    "Hello,",
    `Someone tried to create a new ${shopName} account with this email address, ${to}. It already has an account, so no new one was made.`,
    `If it was you, sign in at ${signInUrl} with your password or with Google. If you forgot your password, choose a new one at ${resetUrl}`,
    "If it was not you, ignore this email: nothing changed on your account.",
  ];
  return paragraphsEmail(to, `Someone tried to create a ${shopName} account with your email address`, paragraphs);
}

/** An address shown in part ("a•••@example.com"): enough for its owner to know it, little for anyone else. */
function partOfAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${address[0]}•••${address.slice(at)}`;
}

/**
 * Sent to an account's old address once its address has changed (the link sent to the new one was
 * opened): should the owner not have made the change, they hear of it where they still read.
 */
export function emailChangedNoticeEmail(options: {
  to: string;
  newAddress: string;
  shopName: string;
  contactUrl: string;
}): OutgoingEmail {
  const { to, newAddress, shopName, contactUrl } = options;
  const paragraphs = [
    "Hello,",
    `The email address of your ${shopName} account was changed from ${to} to ${partOfAddress(newAddress)}. Receipts, order updates and account emails now go to the new address.`,
    `If you made this change, there is nothing to do. If you did not, contact us at once at ${contactUrl} so that we can secure your account.`,
  ];
  return paragraphsEmail(to, `The email address of your ${shopName} account was changed`, paragraphs);
}
