import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createMailer } from "./mailer.ts";
import { productUpdateEmail } from "./product-update-email.ts";

const update = {
  to: "bea@example.com",
  productTitle: "Calm <Weekly> Planner",
  creatorName: "Design Studio Pro",
  fileName: "planner.pdf",
  replacedFileName: "planner.pdf",
  version: 2,
  downloadsUrl: "http://shop.test/account/downloads",
  unsubscribeUrl: `http://shop.test/email-preferences?token=${"a".repeat(120)}.${"b".repeat(43)}`,
  shopName: "Test Market",
};

describe("the product update email", () => {
  it("goes out with its List-Unsubscribe headers (one click), the unsubscribe link and its title escaped", async () => {
    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "update-outbox-"));
    const mailer = createMailer({
      from: "shop@shop.test",
      smtpUrl: undefined,
      outboxDir: outbox,
      log: () => {},
      shop: { name: "Test Market", url: "http://shop.test" },
    });
    await mailer.send(productUpdateEmail(update));
    const [file] = fs.readdirSync(outbox);
    // Unfolded: a long header goes on over lines that start with white space.
    const raw = fs.readFileSync(path.join(outbox, file!), "utf8").replace(/\n[ \t]+/g, " ");
    expect(raw).toContain(`List-Unsubscribe: <${update.unsubscribeUrl}>`);
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(raw).toContain("Subject: Updated: Calm <Weekly> Planner");
    const email = productUpdateEmail(update);
    expect(email.html).toContain("Calm &lt;Weekly&gt; Planner");
    expect(email.html).toContain(`href="${update.unsubscribeUrl}"`);
    expect(email.text).not.toContain("90 days");
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  it("names the file as the buyer has it, and says so when the new version has another name", () => {
    expect(productUpdateEmail(update).text).toContain(
      "Design Studio Pro uploaded a new version of planner.pdf, a file of Calm <Weekly> Planner, which you bought (version 2 of the file).\n",
    );
    const renamed = productUpdateEmail({ ...update, fileName: "planner-2027.pdf" });
    expect(renamed.text).toContain("a new version of planner.pdf, a file of Calm <Weekly> Planner");
    expect(renamed.text).toContain("It is now named planner-2027.pdf.");
  });

  it("tells a guest how long their order link works", () => {
    const email = productUpdateEmail({
      ...update,
      downloadsUrl: "http://shop.test/orders/ABC?access=x",
      guestLink: { days: 90, newLinkUrl: "http://shop.test/orders/lookup" },
    });
    expect(email.text).toContain("View your order: http://shop.test/orders/ABC?access=x");
    expect(email.text).toContain(
      "This link works for 90 days; after that, ask for a new one at http://shop.test/orders/lookup",
    );
  });
});
