import { describe, expect, it } from "vitest";
import { type SecondFactorChange, secondFactorChangedEmail } from "./second-factor-emails.ts";

// The notice of a change to how an account signs in (second-factor-settings.ts sends it). Its
// escaping and layout are checked with every other email (escaping.test.ts, sample-emails.ts).

const noticeOf = (change: SecondFactorChange) =>
  secondFactorChangedEmail({
    to: "ada@example.com",
    name: "Ada Lovelace",
    shopName: "Paper & Pixel",
    change,
    resetUrl: "https://shop.example/account/forgot-password",
    contactUrl: "https://shop.example/contact",
  });

describe("the notice of a change to how an account signs in", () => {
  it.each([
    [{ kind: "two-factor-on" }, "Two-factor sign-in was turned on for your Paper & Pixel account"],
    [{ kind: "two-factor-off" }, "Two-factor sign-in was turned off for your Paper & Pixel account"],
    [{ kind: "backup-codes" }, "New backup codes were made for your Paper & Pixel account"],
    [{ kind: "passkey-added", passkeyName: "Laptop" }, "A passkey was added to your Paper & Pixel account"],
    [{ kind: "passkey-removed", passkeyName: "Laptop" }, "A passkey was removed from your Paper & Pixel account"],
  ] as const)("says what changed (%o) and what to do if it was not its owner", (change, subject) => {
    const email = noticeOf(change);
    expect(email).toMatchObject({ to: "ada@example.com", subject });
    expect(email.text).toMatch(/^Hi Ada Lovelace,/);
    expect(email.preheader).toBe(email.text.split("\n\n")[1]);
    expect(email.text).toContain(
      "If this wasn't you, someone else can sign in to your account: choose a new password at https://shop.example/account/forgot-password (that signs every device out), then write to us at https://shop.example/contact",
    );
    // The addresses are links in its HTML.
    expect(email.html).toContain('href="https://shop.example/account/forgot-password"');
    expect(email.html).toContain('href="https://shop.example/contact"');
  });

  it("names the passkey its owner named, escaped in the HTML", () => {
    const email = noticeOf({ kind: "passkey-added", passkeyName: "<b>Work</b> laptop" });
    expect(email.text).toContain('A passkey named "<b>Work</b> laptop" was added to your Paper & Pixel account.');
    expect(email.html).toContain("&lt;b&gt;Work&lt;/b&gt; laptop");
    expect(email.html).not.toContain("<b>Work</b>");
  });
});
