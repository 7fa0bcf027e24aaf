import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { inShopLayout, type ShopBrand } from "./layout.ts";

export interface OutgoingEmail {
  to: string;
  subject: string;
  /** The plain-text part, as written. */
  text: string;
  /** The message as HTML (rendered by messageHtml, components.ts), without the page around it: the mailer puts it in the shop's layout. */
  html: string;
  /** The line an inbox shows after the subject. */
  preheader?: string;
  /** Headers of its own, such as List-Unsubscribe for an email a person may turn off. */
  headers?: Record<string, string>;
  /** Files sent with it (a receipt's invoice). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
}

export interface MailerOptions {
  from: string;
  /** smtp:// or smtps:// URL; without it, messages are written to `outboxDir`. */
  smtpUrl: string | undefined;
  outboxDir: string;
  log: (message: string) => void;
  /** The shop every email is branded with. */
  shop: ShopBrand;
}

// Email through nodemailer: a real SMTP server when SMTP_URL is set; otherwise each message is
// written as an .eml file under DATA_DIR/outbox (and logged without its body, which may hold
// a one-time link), so a shop without a mail server still shows what it would have sent. Every
// email goes out in the shop's layout (layout.ts), with a plain-text part beside the HTML.
export function createMailer({ from, smtpUrl, outboxDir, log, shop }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(email) {
        await transport.sendMail({ from, ...inShopLayout(shop, email) });
        log(`Sent "${email.subject}" to ${email.to}`);
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(email) {
      const { message } = await transport.sendMail({ from, ...inShopLayout(shop, email) });
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replaceAll(":", "-")}-${crypto.randomBytes(4).toString("hex")}.eml`,
      );
      await fs.writeFile(file, message as Buffer, { mode: 0o600 });
      log(`Wrote "${email.subject}" for ${email.to} to ${file} (no SMTP_URL set)`);
    },
  };
}

/** The shop's mailer as configured: SMTP_URL, or the outbox folder under DATA_DIR. */
export function mailerFor(
  config: { mailFrom: string; smtpUrl: string | undefined; dataDir: string; shopName: string; publicUrl: string },
  log: (message: string) => void,
): Mailer {
  return createMailer({
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, "outbox"),
    log,
    shop: { name: config.shopName, url: config.publicUrl },
  });
}
