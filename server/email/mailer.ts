import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
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
}

// Email through nodemailer: a real SMTP server when SMTP_URL is set; otherwise each message is
// written as an .eml file under DATA_DIR/outbox (and logged without its body, which may hold
// a one-time link), so a shop without a mail server still shows what it would have sent.
export function createMailer({ from, smtpUrl, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(email) {
        await transport.sendMail({ from, ...email });
        log(`Sent "${email.subject}" to ${email.to}`);
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(email) {
      const { message } = await transport.sendMail({ from, ...email });
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
  config: { mailFrom: string; smtpUrl: string | undefined; dataDir: string },
  log: (message: string) => void,
): Mailer {
  return createMailer({
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, "outbox"),
    log,
  });
}
