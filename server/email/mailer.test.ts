import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetEmail } from "./account-emails.ts";
import { createMailer } from "./mailer.ts";

const received: { from: string; to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    let raw = "";
    stream.on("data", (chunk) => (raw += chunk));
    stream.on("end", () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((r) => r.address),
        raw,
      });
      callback();
    });
  },
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const email = passwordResetEmail({
  to: "ada@example.com",
  name: "Ada <script>",
  url: "http://shop.test/api/auth/reset-password/abc123?callbackURL=%2Faccount%2Freset-password",
  shopName: "Test Market",
  minutes: 30,
});

describe("the mailer", () => {
  it("sends through a real SMTP server when SMTP_URL is set", async () => {
    const logs: string[] = [];
    const mailer = createMailer({
      from: '"Test Market" <no-reply@shop.test>',
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxDir: "/nonexistent",
      log: (m) => logs.push(m),
    });
    await mailer.send(email);
    const message = received.at(-1)!;
    expect(message.from).toBe("no-reply@shop.test");
    expect(message.to).toEqual(["ada@example.com"]);
    expect(message.raw).toContain("Subject: Reset your Test Market password");
    expect(message.raw.replace(/=\r?\n/g, "")).toContain("abc123");
    expect(logs).toEqual(['Sent "Reset your Test Market password" to ada@example.com']);
  });

  it("writes .eml files to the outbox without SMTP_URL, and logs no link", async () => {
    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "shop-outbox-"));
    const logs: string[] = [];
    const mailer = createMailer({
      from: "shop@shop.test",
      smtpUrl: undefined,
      outboxDir: outbox,
      log: (m) => logs.push(m),
    });
    await mailer.send(email);
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(path.join(outbox, files[0]!), "utf8");
    expect(raw).toContain("To: ada@example.com");
    expect(raw.replace(/=\n/g, "")).toContain("abc123");
    expect(logs.join("\n")).not.toContain("abc123");
    fs.rmSync(outbox, { recursive: true });
  });

  it("escapes the user's name in the HTML part", () => {
    expect(email.html).toContain("Ada &#60;script&#62;");
    expect(email.html).not.toContain("<script>");
  });
});
