import fs from "node:fs";
import {
  changeCart,
  checkOutSignedIn,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  openCart,
  payOnHostedPage,
  screenshotsIn,
  test,
  waitForHydration,
} from "./fixtures";

// A licence upgrade as a buyer makes one: sample product 2 bought as Commercial
// ($39.99), moved to Extended ($79.99) from its order page for the difference, $40.00 plus tax,
// paid on the hosted page; the first order's licence then reads Extended with its history, and
// its certificate still downloads.

const screenshot = screenshotsIn("/tmp/shots-license-upgrade");

test("a buyer upgrades a Commercial license to Extended from its order page, paying the difference @phone", async ({
  buyer: { page },
}, testInfo) => {
  test.slow();
  await changeCart(page, { intent: "add", productId: "2", tier: "commercial" });
  await expect(await openCart(page)).toContainText("Commercial license");
  await page.keyboard.press("Escape");
  const { tab, orderNumber: firstOrder } = await checkOutSignedIn(page);

  // The order page offers the upgrade, priced by the server: $79.99 − $39.99 paid.
  await tab.goto(`/account/orders/${firstOrder}`);
  await waitForHydration(tab);
  const item = tab.getByRole("list", { name: "Items" }).getByRole("listitem").first();
  await expect(item).toContainText("Commercial license · 1 seat");
  await item.getByText("Upgrade license").click();
  const form = item.getByRole("form", { name: /^Upgrade the license of / });
  await expect(form.getByLabel("License")).toHaveValue("extended");
  await expect(form.getByLabel("Seats")).toHaveValue("1");
  await expect(form).toContainText("You pay $40.00 now, plus tax (8%) ($79.99 × 1 seat − $39.99 paid).");

  // Nothing to upgrade: refused beside the form, the choice kept.
  await form.getByLabel("License").selectOption("commercial");
  await form.getByRole("button", { name: "Upgrade and pay" }).click();
  await expect(form.getByRole("alert")).toHaveText("Choose a higher license or more seats than this license has.");
  await expect(form.getByLabel("License")).toHaveValue("commercial");
  await expectNoAxeViolations(tab);
  await expectNoSidewaysScroll(tab);
  await screenshot(tab, testInfo, "upgrade-form-refused");

  await form.getByLabel("License").selectOption("extended");
  await expect(form).toContainText("You pay $40.00 now");
  await form.getByRole("button", { name: "Upgrade and pay" }).click();
  await tab.waitForURL(/\/pay\/hps_/);
  await waitForHydration(tab);
  // $40.00 and 8% tax ($3.20).
  await expect(tab.getByRole("button", { name: "Pay $43.20" })).toBeVisible();
  await payOnHostedPage(tab);
  await tab.waitForURL(/\/account\/orders\/[A-Z0-9]{9}/);
  await expect(tab.getByText("Paid", { exact: true })).toBeVisible({ timeout: 20_000 });
  const upgradeOrder = /orders\/([A-Z0-9]{9})/.exec(tab.url())![1]!;
  expect(upgradeOrder).not.toBe(firstOrder);

  // The upgrade's own order: its line names the licence it raised and links to it.
  const line = tab.getByRole("list", { name: "Items" }).getByRole("listitem").first();
  await expect(line).toContainText("License upgrade: Extended license · 1 seat");
  await expect(line).toContainText("$40.00");
  await expectNoAxeViolations(tab);
  await expectNoSidewaysScroll(tab);
  await screenshot(tab, testInfo, "upgrade-order");
  await line.getByRole("link", { name: `order ${firstOrder}` }).click();
  await tab.waitForURL(new RegExp(`/account/orders/${firstOrder}#item-\\d+$`));

  // The first order's licence is Extended now, with how it got there; its certificate says so.
  const upgraded = tab.getByRole("list", { name: "Items" }).getByRole("listitem").first();
  await expect(upgraded).toContainText("Extended license · 1 seat");
  const history = upgraded.getByRole("list", { name: "License history" });
  await expect(history.getByRole("listitem")).toHaveText([
    /^Issued .+ — Commercial, 1 seat$/,
    /^Upgraded .+ — Extended, 1 seat$/,
  ]);
  // Extended is the top tier: more seats are still offered.
  await expect(upgraded.getByText("Upgrade license")).toBeVisible();
  await expectNoAxeViolations(tab);
  await expectNoSidewaysScroll(tab);
  await screenshot(tab, testInfo, "upgraded-license");

  const [download] = await Promise.all([
    tab.waitForEvent("download"),
    upgraded.getByRole("link", { name: /^License certificate \(PDF\)/ }).click(),
  ]);
  expect(await download.failure()).toBeNull();
  expect(
    fs
      .readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
});

test("a Commercial license bought with a code shows the discount, and its upgrade counts what was paid", async ({
  buyer: { page },
}, testInfo) => {
  // The sample catalogue's site-wide code: 10% off.
  await changeCart(page, { intent: "add", productId: "2", tier: "commercial" }, { intent: "code", code: "WELCOME10" });
  const { tab, orderNumber } = await checkOutSignedIn(page);
  await tab.goto(`/account/orders/${orderNumber}`);
  await waitForHydration(tab);

  // $39.99 less 10% ($4.00): $35.99 paid, tax 8% of it ($2.88).
  const item = tab.getByRole("list", { name: "Items" }).getByRole("listitem").first();
  await expect(item).toContainText("You paid $35.99: $4.00 off with WELCOME10.");
  await expect(tab.getByRole("main").locator("dl")).toHaveText(
    "Subtotal$39.99Discount (WELCOME10)−$4.00Tax (8%)$2.88Total$38.87",
  );
  await item.getByText("Upgrade license").click();
  const form = item.getByRole("form", { name: /^Upgrade the license of / });
  await expect(form).toContainText("You pay $44.00 now, plus tax (8%) ($79.99 × 1 seat − $35.99 paid).");
  await expectNoAxeViolations(tab);
  await expectNoSidewaysScroll(tab);
  await screenshot(tab, testInfo, "discounted-order");
});
