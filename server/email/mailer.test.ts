import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmEmailAddressEmail, existingAccountSignUpEmail, passwordResetEmail } from "./account-emails.ts";
import { EMAIL_COLOURS, LinkifiedText } from "./components.ts";
import { inShopLayout } from "./layout.ts";
import { createMailer, type OutgoingEmail } from "./mailer.ts";
import { orderLinkEmail } from "./order-link-email.ts";
import { paragraphsEmail } from "./paragraphs-email.ts";
import { receiptEmail } from "./receipt-email.ts";

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

const SHOP = { name: "Test Market", url: "http://shop.test" };

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
      shop: SHOP,
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
      shop: SHOP,
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
    expect(email.html).toContain("Ada &lt;script&gt;");
    expect(email.html).not.toContain("<script>");
  });
});

/** The parts of a multipart message as the SMTP server received it: their types and decoded text. */
function mimeParts(raw: string) {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)![1]!;
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      const head = part.slice(0, split);
      const body = part.slice(split).trim();
      const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(head)?.[1]?.toLowerCase();
      let bytes: Buffer;
      if (encoding === "base64") bytes = Buffer.from(body, "base64");
      else if (encoding === "quoted-printable") {
        const unfolded = body.replace(/=\r?\n/g, "");
        bytes = Buffer.from(
          unfolded
            .split(/(=[0-9A-F]{2})/)
            .flatMap((piece) =>
              /^=[0-9A-F]{2}$/.test(piece) ? [Number.parseInt(piece.slice(1), 16)] : [...Buffer.from(piece, "latin1")],
            ),
        );
      } else bytes = Buffer.from(body, "utf8");
      return { type: /Content-Type: ([^;\s]+)/i.exec(head)![1], text: bytes.toString("utf8").replace(/\r\n/g, "\n") };
    });
}

describe("the receipt as a buyer gets it", () => {
  const receipt = receiptEmail({
    to: "mallory@example.com",
    name: 'Mallory <img src=x onerror="alert(1)">',
    shopName: "Test Market",
    orderNumber: "ABC123XYZ",
    items: [
      {
        title: "<script>alert('pwned')</script> & Co",
        quantity: 2,
        lineTotalCents: 4598,
        licenseType: "commercial",
        licenseKey: "DGM-AAAA-BBBB-CCCC-DDDD",
      },
    ],
    subtotalCents: 4598,
    taxCents: 368,
    taxLabel: "Tax (8%)",
    taxIncluded: false,
    totalCents: 4966,
    orderUrl: "http://shop.test/orders/ABC123XYZ?access=tok",
    guestLink: { days: 90, newLinkUrl: "http://shop.test/orders/lookup" },
    licenseUrl: "http://shop.test/license",
  });

  it("escapes the buyer's name and the titles in its HTML", () => {
    expect(receipt.html).not.toContain("<script>");
    expect(receipt.html).not.toContain("<img");
    expect(receipt.html).toContain("&lt;script&gt;alert(&#x27;pwned&#x27;)&lt;/script&gt; &amp; Co");
    expect(receipt.html).toContain("Mallory &lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("keeps the plain text as written, with amounts in dollars and the license", () => {
    const { text, subject, to } = receipt;
    expect(to).toBe("mallory@example.com");
    expect(subject).toBe("Your Test Market receipt for order ABC123XYZ");
    expect(text).toContain(
      "<script>alert('pwned')</script> & Co: $45.98\n  Commercial license · 2 seats, key DGM-AAAA-BBBB-CCCC-DDDD",
    );
    expect(text).toContain("Subtotal: $45.98\nTax (8%): $3.68\nTotal: $49.66");
    expect(text).toContain("http://shop.test/orders/ABC123XYZ?access=tok");
  });

  it("has a plain-text part and a branded HTML part with a button to the downloads, its user text escaped", async () => {
    const mailer = createMailer({
      from: '"Test Market" <no-reply@shop.test>',
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxDir: "/nonexistent",
      log: () => {},
      shop: SHOP,
    });
    await mailer.send(receipt);
    const message = received.at(-1)!;
    expect(message.raw).toMatch(/Content-Type: multipart\/alternative/);
    const parts = mimeParts(message.raw);
    expect(parts.map((part) => part.type)).toEqual(["text/plain", "text/html"]);
    const [text, html] = parts.map((part) => part.text) as [string, string];

    // Plain text: as written, with the way to the files, and signed by the shop.
    expect(text).toContain('Hi Mallory <img src=x onerror="alert(1)">,');
    expect(text).toContain("<script>alert('pwned')</script> & Co: $45.98");
    expect(text).toContain("Download your files from your order page:\nhttp://shop.test/orders/ABC123XYZ?access=tok");
    expect(text).toMatch(/-- \nTest Market\nhttp:\/\/shop\.test$/);

    // HTML: a whole document in the shop's layout, its brand at the top in the shop's colour.
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("<title>Your Test Market receipt for order ABC123XYZ</title>");
    expect(html).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1"\/>/);
    expect(html).toContain(
      `<a href="http://shop.test" style="color:${EMAIL_COLOURS.foreground};text-decoration:none">Test Market</a>`,
    );
    expect(html).toContain(`bgcolor="${EMAIL_COLOURS.primary}"`);
    expect(html).toContain("Order ABC123XYZ: $49.66. Your files are ready to download."); // the inbox preview
    // The button: a link in a cell of the brand's colour, to the order page.
    expect(html).toMatch(
      new RegExp(
        `<td align="center" bgcolor="${EMAIL_COLOURS.primary}"[^>]*>\\s*<a href="http://shop\\.test/orders/ABC123XYZ\\?access=tok"[^>]*>Download your files</a>`,
      ),
    );
    // Every text a buyer or seller chose is escaped.
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(&#x27;pwned&#x27;)&lt;/script&gt; &amp; Co</div>");
    expect(html).toContain("Commercial license · 2 seats<br/>Key");
    expect(html).toContain("Hi Mallory &lt;img src=x onerror=&quot;alert(1)&quot;&gt;,");
    expect(html).toContain("$49.66");
    expect(html).toContain("DGM-AAAA-BBBB-CCCC-DDDD");
  });
});

describe("the shop's email layout", () => {
  const emails: OutgoingEmail[] = [
    passwordResetEmail({
      to: "a@example.com",
      url: "http://shop.test/reset?t=1&u=2",
      shopName: "Test Market",
      minutes: 30,
    }),
    confirmEmailAddressEmail({
      to: "a@example.com",
      url: "http://shop.test/confirm?t=1",
      shopName: "Test Market",
      hours: 24,
      purpose: "new-account",
    }),
    existingAccountSignUpEmail({
      to: "a@example.com",
      shopName: "Test Market",
      signInUrl: "http://shop.test/?signin=1",
      resetUrl: "http://shop.test/account/forgot-password",
    }),
    orderLinkEmail({
      to: "a@example.com",
      shopName: "Test Market",
      orderNumber: "ABC123XYZ",
      orderUrl: "http://shop.test/orders/ABC123XYZ?access=tok",
      linkDays: 90,
    }),
    paragraphsEmail("a@example.com", "Your shop is open again", [
      "Hi <Ann>,",
      "It is open.",
      "See http://shop.test/seller.",
    ]),
  ];

  it("is the same for every email: brand, card and footer, with the text signed", () => {
    for (const email of emails) {
      const sent = inShopLayout(SHOP, email);
      expect(sent.html).toContain(`>Test Market</a></td>`);
      expect(sent.html).toContain('class="email-card"');
      expect(sent.html).toContain(`Sent by Test Market · <a href="http://shop.test"`);
      expect(sent.html).toContain(email.html);
      expect(sent.text).toBe(`${email.text}\n\n-- \nTest Market\nhttp://shop.test`);
      expect(sent).not.toHaveProperty("preheader");
    }
  });

  it("shows a one-link email's link as a button", () => {
    const [reset] = emails;
    expect(reset!.html).toMatch(/<a href="http:\/\/shop\.test\/reset\?t=1&amp;u=2"[^>]*>Choose a new password<\/a>/);
  });

  it("turns the addresses in a plain paragraph into links, keeps its line breaks, and escapes the rest", () => {
    const linkify = (text: string) => renderToStaticMarkup(createElement(LinkifiedText, { text }));
    expect(linkify("See http://shop.test/seller/standing. Appeals <b>soon</b>.")).toBe(
      'See <a href="http://shop.test/seller/standing" style="color:#6d28d9;text-decoration:underline">http://shop.test/seller/standing</a>. Appeals &lt;b&gt;soon&lt;/b&gt;.',
    );
    expect(linkify('x http://a.test/?q="1"&b=2')).toContain('href="http://a.test/?q="');
    expect(linkify("One line,\nand the next")).toBe("One line,<br/>and the next");
    const paragraphs = emails.at(-1)!;
    expect(paragraphs.html).toContain("Hi &lt;Ann&gt;,");
    expect(paragraphs.preheader).toBe("It is open.");
  });

  it("uses the design system's colours (app/app.css)", () => {
    const css = fs.readFileSync(path.resolve("app/app.css"), "utf8");
    const theme = (name: string) => new RegExp(`--color-${name}: (#[0-9a-f]{6});`).exec(css)?.[1];
    expect(EMAIL_COLOURS).toEqual({
      primary: theme("primary"),
      primaryForeground: theme("primary-foreground"),
      foreground: theme("foreground"),
      mutedForeground: theme("muted-foreground"),
      muted: theme("muted"),
      border: theme("border"),
      background: theme("background"),
    });
  });
});
