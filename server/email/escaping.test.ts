import { describe, expect, it } from "vitest";
import { SAMPLE_SHOP_URL, type SampleWords, sampleEmails } from "../../tests/support/sample-emails.ts";
import { inShopLayout } from "./layout.ts";

// Every kind of email, with words a visitor or seller could choose that are markup: each shows
// them as text in its HTML (React escapes them, components.ts), and its links keep their whole
// address. The plain-text part keeps them as written.

const HOSTILE: SampleWords = {
  title: "<img src=x onerror=alert(1)>",
  name: 'Ann "Ace" & Co',
  shopName: "Prints & 'Plans' <Shop>",
};
const ESCAPED: SampleWords = {
  title: "&lt;img src=x onerror=alert(1)&gt;",
  name: "Ann &quot;Ace&quot; &amp; Co",
  shopName: "Prints &amp; &#x27;Plans&#x27; &lt;Shop&gt;",
};
// The emails of product moderation link to pages of the shop without a query string.
const LINKS_WITHOUT_QUERY = ["product-hidden", "product-restored"];

const samples = sampleEmails(HOSTILE);
const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);

describe("every email with hostile words", () => {
  it("covers each kind of email the shop sends", () => {
    expect(samples.map((sample) => sample.name)).toEqual([
      "receipt",
      "receipt-upgrade",
      "password-reset",
      "confirm-email-address",
      "existing-account-sign-up",
      "email-changed-notice",
      "order-link",
      "cart-reminder",
      "new-product",
      "product-update",
      "paragraphs",
      "product-hidden",
      "product-restored",
      "review-reply",
      "broadcast",
      "two-factor-on",
      "passkey-added",
      "payout-destination-changed",
    ]);
  });

  it.each(samples)("$name shows them escaped in its HTML, as written in its text", ({ email, shows }) => {
    expect(shows.length).toBeGreaterThan(0);
    for (const word of shows) {
      expect(email.html).toContain(ESCAPED[word]);
      expect(email.text).toContain(HOSTILE[word]);
    }
    const sent = inShopLayout({ name: HOSTILE.shopName, url: SAMPLE_SHOP_URL }, email);
    for (const html of [email.html, sent.html]) {
      expect(html).not.toContain("<img");
      expect(html).not.toContain('"Ace"');
      expect(html).not.toContain("<Shop>");
    }
    // The layout: the document's title (the subject) is text only; the brand and the footer name the shop.
    expect(sent.html).toMatch(/<title>[^<>]+<\/title>/);
    expect(sent.html).toContain(`>${ESCAPED.shopName}</a>`);
    expect(sent.html).toContain(`Sent by ${ESCAPED.shopName} · `);
  });

  it.each(samples)("$name links to whole addresses, its query strings with &amp;", ({ name, email }) => {
    const hrefs = hrefsOf(email.html);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      // Every & in an attribute is written &amp;; read back, the address is one the text shows.
      expect(href.replaceAll("&amp;", "")).not.toContain("&");
      expect(email.text).toContain(href.replaceAll("&amp;", "&"));
    }
    expect(hrefs.some((href) => href.endsWith("?from=email&amp;id=7"))).toBe(!LINKS_WITHOUT_QUERY.includes(name));
  });
});
