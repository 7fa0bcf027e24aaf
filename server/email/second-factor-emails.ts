import type { OutgoingEmail } from "./mailer.ts";
import { paragraphsEmail } from "./paragraphs-email.ts";

// Sent to an account's own (confirmed) address when the way it signs in changes: two-factor
// sign-in turned on or off, new backup codes, a passkey added or removed. Whoever made the change
// was signed in, so should it not be its owner, they learn of it where a thief cannot answer for
// them, with what to do: a new password signs every device out.

export type SecondFactorChange =
  | { kind: "two-factor-on" }
  | { kind: "two-factor-off" }
  | { kind: "backup-codes" }
  | { kind: "passkey-added"; passkeyName: string }
  | { kind: "passkey-removed"; passkeyName: string };

function whatChanged(change: SecondFactorChange, shopName: string): { subject: string; text: string } {
  switch (change.kind) {
    case "two-factor-on":
      return {
        subject: `Two-factor sign-in was turned on for your ${shopName} account`,
        text: `Two-factor sign-in was turned on for your ${shopName} account. From now on, signing in with your password also asks for a code from your authenticator app (or one of your backup codes).`,
      };
    case "two-factor-off":
      return {
        subject: `Two-factor sign-in was turned off for your ${shopName} account`,
        text: `Two-factor sign-in was turned off for your ${shopName} account. Signing in with your password no longer asks for a code, and its backup codes no longer work.`,
      };
    case "backup-codes":
      return {
        subject: `New backup codes were made for your ${shopName} account`,
        text: `New backup codes were made for the two-factor sign-in of your ${shopName} account. The earlier ones no longer work.`,
      };
    case "passkey-added":
      return {
        subject: `A passkey was added to your ${shopName} account`,
        text: `A passkey named "${change.passkeyName}" was added to your ${shopName} account. It can now sign in to your account without a password.`,
      };
    case "passkey-removed":
      return {
        subject: `A passkey was removed from your ${shopName} account`,
        text: `The passkey named "${change.passkeyName}" was removed from your ${shopName} account. It can no longer sign in to your account.`,
      };
  }
}

export function secondFactorChangedEmail(options: {
  to: string;
  name: string;
  shopName: string;
  change: SecondFactorChange;
  /** Where a new password is chosen (the reset link's form) and where to write to the shop. */
  resetUrl: string;
  contactUrl: string;
}): OutgoingEmail {
  const { to, name, shopName, change, resetUrl, contactUrl } = options;
  const { subject, text } = whatChanged(change, shopName);
  return paragraphsEmail(to, subject, [
    `Hi ${name},`,
    text,
    "If it was you, there is nothing to do.",
    `If this wasn't you, someone else can sign in to your account: choose a new password at ${resetUrl} (that signs every device out), then write to us at ${contactUrl} so that we can help you secure it.`,
  ]);
}
