import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";
import { createMailer, type Mailer } from "../../server/email/mailer.ts";

/** A message the in-process SMTP server accepted: its recipient, headers (unfolded) and decoded text. */
export interface ReceivedEmail {
  to: string;
  subject: string;
  headers: Record<string, string>;
  /** The message after its headers, quoted-printable decoded: links and text read whole. */
  body: string;
}

/**
 * An SMTP server in the test process, as the mailer's own tests use: audience emails go through
 * real SMTP, so a refused recipient fails the way a mail server makes it fail. `refuse` maps an
 * address to the reply its RCPT TO gets (550: refused for good; 451: try later).
 */
export function smtpInbox() {
  const received: ReceivedEmail[] = [];
  const refuse = new Map<string, { code: number; message: string }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refuse.get(address.address.toLowerCase());
      if (!refusal) return callback();
      const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
      callback(error);
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk) => (raw += chunk));
      stream.on("end", () => {
        const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
        const headers: Record<string, string> = {};
        for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
          const colon = line.indexOf(":");
          if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
        }
        const quoted = rest.join("\n\n").replace(/=\r?\n/g, "");
        const bytes = quoted.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        );
        const body = Buffer.from(bytes, "latin1").toString("utf8");
        for (const to of session.envelope.rcptTo) {
          received.push({ to: to.address, subject: headers.subject ?? "", headers, body });
        }
        callback();
      });
    },
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    received,
    refuse,
    /** What was received for `to`. */
    to: (to: string) => received.filter((email) => email.to === to),
    /** A mailer of its own (as one app server has), sending through this server. */
    mailer(): Mailer {
      return createMailer({
        from: "shop@shop.test",
        smtpUrl: `smtp://127.0.0.1:${port}`,
        outboxDir: "/nonexistent",
        log: () => {},
        shop: { name: "Test Market", url: "http://shop.test" },
      });
    },
  };
}
