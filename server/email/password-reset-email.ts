import type { OutgoingEmail } from "./mailer.ts";

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function passwordResetEmail(options: {
  to: string;
  name: string;
  url: string;
  shopName: string;
  minutes: number;
}): OutgoingEmail {
  const { to, name, url, shopName, minutes } = options;
  return {
    to,
    subject: `Reset your ${shopName} password`,
    text: [
      `Hi ${name},`,
      "",
      `Someone asked to reset the password of your ${shopName} account. To choose a new password, open this link within ${minutes} minutes:`,
      "",
      url,
      "",
      "The link works once. If you did not ask for it, ignore this email: your password stays as it is.",
    ].join("\n"),
    html: `<p>Hi ${escapeHtml(name)},</p>
<p>Someone asked to reset the password of your ${escapeHtml(shopName)} account. To choose a new password, open this link within ${minutes} minutes:</p>
<p><a href="${escapeHtml(url)}">Choose a new password</a></p>
<p>The link works once. If you did not ask for it, ignore this email: your password stays as it is.</p>`,
  };
}
