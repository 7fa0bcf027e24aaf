import fs from "node:fs";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { expectNoAxeViolations, expectNoSidewaysScroll, waitForHydration } from "./fixtures.ts";
import { exited, type OwnServer, startServer, waitUntilHealthy } from "./own-server.ts";

// A shop that taxes by the buyer's place (TAX_MODE=by-location, docs/decisions/057, 058, 063), on a
// server of its own: a consumer in Germany, a business in France with a VAT number, a buyer in the
// US, a conflict of the evidence, and a withdrawal with its credit note. The buyer's address comes
// from X-Forwarded-For, which the server believes from this machine (TRUST_PROXY=loopback).

test.describe.configure({ mode: "serial" });

const dataDir = path.resolve("test-data/tax-by-place");
// Another port for a clone whose tests run beside this one's (E2E_TAX_PORT).
const port = Number(process.env.E2E_TAX_PORT ?? 4188);
const base = `http://127.0.0.1:${port}`;
const IN_GERMANY = "193.99.144.80";
const IN_FRANCE = "193.51.24.1";
const IN_THE_US = "8.8.8.8";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(5 * 60_000);
  fs.rmSync(dataDir, { recursive: true, force: true });
  server = startServer({
    dataDir,
    port,
    env: {
      SHOP_MODE: "demo",
      PUBLIC_URL: base,
      TAX_MODE: "by-location",
      SHOP_COUNTRY: "IE",
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "warn",
    },
    logFile: "test-results/tax-by-place-server.log",
  });
  await waitUntilHealthy(port, 1200);
});

test.afterAll(async () => {
  server?.child.kill("SIGTERM");
  if (server) await exited(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A browser from `address`, at a width. */
async function shopperFrom(browser: Browser, address: string, viewport = DESKTOP) {
  const context = await browser.newContext({
    viewport,
    baseURL: base,
    extraHTTPHeaders: { "x-forwarded-for": address },
  });
  return context.newPage();
}

async function cartWith(page: Page, productId: number) {
  await page.goto(`/product/${productId}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart").first()).toBeVisible();
  await page
    .getByRole("banner")
    .getByRole("button", { name: /^Cart, / })
    .click();
  return page.getByRole("dialog", { name: "Shopping Cart" });
}

/** Checks out as a guest and pays on the hosted page; answers the order page (the payment tab, sent back). */
async function payAsGuest(page: Page, cart: ReturnType<Page["getByRole"]>, email: string) {
  await cart.getByRole("button", { name: "Checkout" }).click();
  const guest = page.getByRole("dialog", { name: "Guest Checkout" });
  await guest.getByLabel("Name").fill("Test Buyer");
  await guest.getByLabel("Email").fill(email);
  const [tab] = await Promise.all([
    page.context().waitForEvent("page"),
    guest.getByRole("button", { name: "Complete Purchase" }).click(),
  ]);
  await tab.getByLabel("Name on card").fill("Test Buyer");
  await tab.getByLabel("Card number").fill("4242 4242 4242 4242");
  await tab.getByLabel("Expiry (MM/YY)").fill("12/39");
  await tab.getByLabel("CVC").fill("123");
  await tab.getByRole("button", { name: /^Pay / }).click();
  await tab.waitForURL(/\/orders\/[A-Z0-9]{9}/);
  await waitForHydration(tab);
  await expect(tab.getByText("Paid", { exact: true })).toBeVisible({ timeout: 30_000 });
  return tab;
}

async function invoiceText(page: Page, name: RegExp): Promise<string> {
  const link = page.getByRole("link", { name });
  const answer = await page.request.get(new URL((await link.getAttribute("href"))!, page.url()).toString());
  expect(answer.status()).toBe(200);
  const pdf = await getDocumentProxy(new Uint8Array(await answer.body()));
  return (await extractText(pdf, { mergePages: true })).text;
}

for (const [width, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  test(`a consumer in Germany pays 19% VAT inside the prices, consents to delivery, and still withdraws from what they did not download (${width})`, async ({
    browser,
  }, testInfo) => {
    test.slow();
    const page = await shopperFrom(browser, IN_GERMANY, viewport);
    await page.goto("/product/2");
    // The price is the same for everyone; the line under it is the visitor's own.
    await expect(page.getByText("Includes VAT 19% (Germany).")).toBeVisible();
    const cart = await cartWith(page, 2);
    // The country is guessed from the address until the buyer chooses.
    await expect(cart.getByLabel("Your country")).toHaveValue("DE");
    await expect(cart.locator("dl")).toContainText("Subtotal$15.99VAT 19% (Germany), included$2.55Total$15.99");
    await cart.getByText(/^Deliver my downloads now/).click();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`cart-germany-${width}.png`) });
    const order = await payAsGuest(page, cart, `germany-${width}@example.com`);
    await expect(order.locator("dl")).toContainText("VAT 19% (Germany), included$2.55Total$15.99");
    const withdrawal = order.getByRole("region", { name: "Your right to withdraw" });
    await expect(withdrawal).toContainText("you agreed: “Deliver my downloads now");
    await expect(withdrawal).toContainText("for the items you have not downloaded yet");
    const invoice = await invoiceText(order, /^Invoice INV-/);
    expect(invoice).toContain("19%");
    expect(invoice).toContain("Digital Goods Market");
    await expectNoAxeViolations(order);
    await expectNoSidewaysScroll(order);
    await order.screenshot({ path: testInfo.outputPath(`order-germany-${width}.png`), fullPage: true });

    await withdrawal.getByText("Withdraw from contract here").click();
    await withdrawal.getByRole("button", { name: "Confirm withdrawal here" }).click();
    await expect(order.getByText(/You withdrew from this purchase/).first()).toBeVisible();
    await expect(order.getByText("Refunded", { exact: true }).first()).toBeVisible();
    await expect(order.getByRole("link", { name: /^Credit note CN-/ })).toBeVisible();
    const note = await invoiceText(order, /^Credit note CN-/);
    expect(note).toContain("INV-");
  });
}

test("a business in France with a VAT number VIES confirms pays no VAT: a reverse charge on its invoice", async ({
  browser,
}) => {
  test.slow();
  const page = await shopperFrom(browser, IN_FRANCE);
  const cart = await cartWith(page, 2);
  await cart.getByLabel("Your country").selectOption("FR");
  await expect(cart.locator("dl")).toContainText("VAT 20% (France), included$2.67");
  await cart.getByLabel("VAT number (businesses, optional)").fill("FR 00 100000012");
  await cart.getByRole("button", { name: "Check", exact: true }).click();
  await expect(cart.getByText("Confirmed: no VAT, reverse charge")).toBeVisible();
  // A business pays the price less the VAT it includes (2.665 of 15.99, rounded once half up).
  await expect(cart.locator("dl")).toContainText(
    "Subtotal$15.99VAT in the prices, not charged (reverse charge)−$2.67VAT 0%, reverse charge (France)$0.00Total$13.32",
  );
  // No consumer's consent for a business.
  await expect(cart.getByText(/^Deliver my downloads now/)).toHaveCount(0);
  const order = await payAsGuest(page, cart, "atelier@example.com");
  await expect(order.locator("dl")).toContainText("Total$13.32");
  await expect(order.getByRole("region", { name: "Your right to withdraw" })).toHaveCount(0);
  const invoice = await invoiceText(order, /^Invoice INV-/);
  expect(invoice).toContain("FR00100000012");
  expect(invoice).toContain("Reverse charge");
});

test("a number VIES does not know is refused beside its field; a buyer in the US pays no tax the table has none for", async ({
  browser,
}) => {
  test.slow();
  const page = await shopperFrom(browser, IN_THE_US);
  await page.goto("/product/3");
  await expect(page.getByText("No tax (United States of America).")).toBeVisible();
  const cart = await cartWith(page, 3);
  await expect(cart.locator("dl")).toContainText("No tax (United States of America)$0.00");
  await cart.getByLabel("Your country").selectOption("DE");
  await cart.getByLabel("VAT number (businesses, optional)").fill("DE200000005");
  await cart.getByRole("button", { name: "Check", exact: true }).click();
  await expect(cart.getByRole("alert")).toContainText("does not know DE200000005");
  // The US address contradicts Germany: the cart asks, and the box answers.
  await expect(
    cart.getByText(/You chose Germany, but your internet connection is from United States of America/),
  ).toBeVisible();
  await cart.getByLabel("Your country").selectOption("US");
  const subtotal = (await cart.locator("dl dd").first().textContent())!;
  await expect(cart.locator("dl")).toContainText(`Total${subtotal}`);
  const order = await payAsGuest(page, cart, "us-buyer@example.com");
  await expect(order.locator("dl")).toContainText("No tax (United States of America)$0.00");
  await expect(order.getByRole("region", { name: "Your right to withdraw" })).toHaveCount(0);
});

test("a buyer whose address contradicts the country chosen confirms it, and is taxed as chosen", async ({
  browser,
}) => {
  test.slow();
  const page = await shopperFrom(browser, IN_GERMANY);
  const cart = await cartWith(page, 4);
  await cart.getByLabel("Your country").selectOption("FR");
  await expect(cart.getByText(/You chose France, but your internet connection is from Germany/)).toBeVisible();
  // Without an answer the order is refused, saying why.
  await cart.getByRole("button", { name: "Checkout" }).click();
  const guest = page.getByRole("dialog", { name: "Guest Checkout" });
  await guest.getByLabel("Name").fill("Test Buyer");
  await guest.getByLabel("Email").fill("traveller@example.com");
  await guest.getByRole("button", { name: "Complete Purchase" }).click();
  await expect(page.getByText(/You chose France, but your internet connection is from Germany/).first()).toBeVisible();
  await guest.getByRole("button", { name: "Close" }).click();
  const again = await (async () => {
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Cart, / })
      .click();
    return page.getByRole("dialog", { name: "Shopping Cart" });
  })();
  await again.getByText("I live in France.").click();
  const order = await payAsGuest(page, again, "traveller@example.com");
  await expect(order.locator("dl")).toContainText("VAT 20% (France), included");
});
