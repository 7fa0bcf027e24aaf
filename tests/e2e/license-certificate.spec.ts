import fs from "node:fs";
import type { Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import {
  buyAsGuest,
  changeCart,
  checkOutSignedIn,
  expect,
  expectNoAxeViolations,
  openCart,
  screenshotsIn,
  test,
  waitForHydration,
} from "./fixtures";

// The buyer's licence after purchase: the order page shows each item's license (tier,
// seats, key, terms version) and its certificate downloads as a PDF that names them; nobody else
// gets it. Sample product 2 sells Commercial and Extended licenses beside Personal.

const screenshot = screenshotsIn("/tmp/shots-license-certificate");

const KEY = /DGM(-[A-Z0-9]{4}){4}/;

async function pdfText(body: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text;
}

/** Clicks the item's License certificate (PDF); the downloaded file's bytes and name. */
async function downloadCertificate(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /^License certificate \(PDF\)/ }).click(),
  ]);
  expect(await download.failure()).toBeNull();
  return { body: fs.readFileSync(await download.path()), name: download.suggestedFilename() };
}

test("a buyer buys a Commercial license, sees it on the order page and downloads its certificate", async ({
  buyer: { page, name, email },
  guest,
}, testInfo) => {
  test.slow();
  await changeCart(page, { intent: "add", productId: "2", tier: "commercial" });
  await expect(await openCart(page)).toContainText("Commercial license");
  await page.keyboard.press("Escape");
  const { tab, orderNumber } = await checkOutSignedIn(page);

  // The order page: the license as bought, with its key, terms and certificate.
  await tab.goto(`/account/orders/${orderNumber}`);
  await waitForHydration(tab);
  const item = tab.getByRole("list", { name: "Items" }).getByRole("listitem").first();
  await expect(item).toContainText("Commercial license · 1 seat");
  await expect(item).toContainText("Terms version 2026-11");
  const key = KEY.exec((await item.locator("code").textContent()) ?? "")?.[0];
  expect(key).toBeDefined();
  await expect(item.getByRole("link", { name: "Commercial license" })).toHaveAttribute("href", "/license");
  await expectNoAxeViolations(tab);
  await screenshot(tab, testInfo, "order");

  const certificate = await downloadCertificate(tab);
  expect(certificate.name).toBe(`license-certificate-${key}.pdf`);
  expect(certificate.body.subarray(0, 5).toString()).toBe("%PDF-");
  const text = await pdfText(certificate.body);
  for (const fact of [
    key!,
    "Commercial license · 1 seat",
    `Licensed to ${name}`,
    `Email ${email}`,
    orderNumber,
    "License Certificate",
  ]) {
    expect(text).toContain(fact);
  }
  const href = (await tab.getByRole("link", { name: /^License certificate \(PDF\)/ }).getAttribute("href"))!;
  const response = await tab.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");

  // My Downloads shows the license too.
  await page.goto("/account/downloads");
  await waitForHydration(page);
  await expect(page.getByRole("main")).toContainText("Commercial license · 1 seat");
  await expect(page.getByRole("main")).toContainText(key!);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, "downloads");

  // Nobody else: a visitor without the order's link is told it is not found, never a fault.
  const guestUrl = href.replace(/^\/account/, "");
  const refused = await guest.request.get(guestUrl);
  expect(refused.status()).toBe(404);
  expect(await refused.text()).toContain("We could not find this order.");
});

test("a guest's order link opens the certificate of a Personal license", async ({ guest }, testInfo) => {
  await guest.setViewportSize(testInfo.project.use.viewport!);
  const orderNumber = await buyAsGuest(guest, 2);
  const item = guest.getByRole("list", { name: "Items" }).getByRole("listitem").first();
  await expect(item).toContainText("Personal license · 1 seat");
  const certificate = await downloadCertificate(guest);
  const text = await pdfText(certificate.body);
  expect(text).toContain("Personal license · 1 seat");
  expect(text).toContain(orderNumber);
  expect(text).toContain("Gus Guest");

  // The License page says where the licenses are bought, and which terms are in force.
  await guest.goto("/license");
  await expect(guest.getByRole("main")).toContainText("choose a Commercial or Extended license on the product page");
  await expect(guest.getByRole("main")).toContainText("Terms version 2026-11");
  await expect(guest.getByRole("main")).not.toContainText("not on sale yet");
  await expectNoAxeViolations(guest);
  await screenshot(guest, testInfo, "license");
});
