// Writes every kind of email the shop sends, from sample data, as NAME.html (the whole document,
// in the shop's layout) and NAME.txt (the plain-text part) into a folder, to open in a browser or
// screenshot: node scripts/render-emails.ts /tmp/emails
import fs from "node:fs";
import path from "node:path";
import { inShopLayout } from "../server/email/layout.ts";
import { FRIENDLY_WORDS, SAMPLE_SHOP_URL, sampleEmails } from "../tests/support/sample-emails.ts";

const folder = process.argv[2];
if (!folder) {
  console.error("Usage: node scripts/render-emails.ts <folder>");
  process.exit(1);
}
fs.mkdirSync(folder, { recursive: true });
const shop = { name: FRIENDLY_WORDS.shopName, url: SAMPLE_SHOP_URL };
for (const { name, email } of sampleEmails(FRIENDLY_WORDS)) {
  const sent = inShopLayout(shop, email);
  fs.writeFileSync(path.join(folder, `${name}.html`), sent.html);
  fs.writeFileSync(path.join(folder, `${name}.txt`), `Subject: ${sent.subject}\n\n${sent.text}\n`);
  console.log(path.join(folder, `${name}.html`));
}
